import { useState } from 'react';
import { Empty, Switch, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCK_EVENTS } from '@hotline/domain';
import { useDomainLang } from '../../../i18n';
import type { OrderDetail } from '../api';
import { codesText, eventName, formatTime } from '../format';

type Events = OrderDetail['timeline'];

/** The events the timeline shows unless asked for lock records (every action writes one). */
export const withoutLocks = (events: Events) => events.filter((e) => !LOCK_EVENTS.has(e.action));

/**
 * The audit trail, oldest first: who did what, from which state to which. Lock and unlock
 * records are left out unless the switch shows them.
 */
export function OrderTimeline({ events: all }: { events: Events }) {
  const { t } = useTranslation();
  const lang = useDomainLang();
  const [showLocks, setShowLocks] = useState(false);
  const events = showLocks ? all : withoutLocks(all);
  const locks = all.length - withoutLocks(all).length;
  const toggle =
    locks > 0 ? (
      <label className="hl-timeline-locks">
        <Switch
          size="small"
          checked={showLocks}
          onChange={setShowLocks}
          data-testid="timeline-show-locks"
        />{' '}
        {t('orderDetail.timeline.showLocks')} ({locks})
      </label>
    ) : null;
  if (events.length === 0) {
    return (
      <>
        {toggle}
        <Empty description={t('orderDetail.timeline.empty')} />
      </>
    );
  }
  return (
    <>
      {toggle}
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
    </>
  );
}
