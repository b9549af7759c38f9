import { Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDomainLang } from '../../../i18n';
import type { OrderDetail } from '../api';
import { codesText, eventName, formatTime } from '../format';

/** The audit trail, oldest first: who did what, from which state to which. */
export function OrderTimeline({ events }: { events: OrderDetail['timeline'] }) {
  const { t } = useTranslation();
  const lang = useDomainLang();
  if (events.length === 0) return <Empty description={t('orderDetail.timeline.empty')} />;
  return (
    <Timeline
      className="hl-detail-timeline"
      data-testid="detail-timeline"
      items={events.map((e) => ({
        key: e.id,
        content: (
          <div className="hl-timeline-item" data-action={e.action}>
            <div>
              <Typography.Text strong>{eventName(e.action, lang)}</Typography.Text>{' '}
              <Typography.Text type="secondary">{formatTime(e.time)}</Typography.Text>
            </div>
            <div>
              {e.actorName
                ? t('orderDetail.timeline.by', { actor: e.actorName, unit: e.unitName ?? '' })
                : (e.unitName ?? t('orderDetail.timeline.system'))}
            </div>
            {e.to ? (
              <Typography.Text type="secondary">
                {t('orderDetail.timeline.state', {
                  from: codesText(e.from, lang),
                  to: codesText(e.to, lang),
                })}
              </Typography.Text>
            ) : null}
            {e.comment ? <div className="hl-timeline-comment">{e.comment}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
