import { Card, List, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STATUS_NAMES, formatCst } from '@hotline/domain';
import { askablePhone, callerHistoryQuery } from '../api';

export interface CallerHistoryPanelProps {
  phone: string | undefined;
  /** The order on screen (the detail): left out of its own history. */
  excludeId?: number;
  onOpen: (order: { id: number; orderNum: string }) => void;
}

/**
 * The caller's earlier orders: how many (and in the last 30 days), a 重复来电 tag from the
 * configured threshold on, and the five latest with their status, each opening its detail.
 * Used beside the intake form (as the number is typed) and in the order detail.
 */
export function CallerHistoryPanel({ phone, excludeId, onOpen }: CallerHistoryPanelProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const history = useQuery(callerHistoryQuery(phone ?? '', excludeId));
  const data = history.data;
  return (
    <Card
      size="small"
      className="hl-caller-history"
      data-testid="caller-history"
      title={
        <span>
          {t('callerHistory.title')}{' '}
          {data?.repeat ? (
            <Tag color="red" data-testid="repeat-caller">
              {t('callerHistory.repeat')}
            </Tag>
          ) : null}
        </span>
      }
    >
      {!askablePhone(phone) ? (
        <Typography.Text type="secondary">{t('callerHistory.hint')}</Typography.Text>
      ) : (
        <>
          {data ? (
            <Typography.Paragraph data-testid="caller-history-summary">
              {t('callerHistory.summary', { total: data.total, recent: data.last30Days })}
            </Typography.Paragraph>
          ) : null}
          <List
            size="small"
            loading={history.isFetching}
            dataSource={data?.recent ?? []}
            locale={{ emptyText: t('callerHistory.none') }}
            renderItem={(o) => {
              const status = STATUS_NAMES[o.status];
              return (
                <List.Item data-history-id={o.id}>
                  <List.Item.Meta
                    title={
                      // an order the caller is shown but may not open (an agent at intake)
                      o.readable ? (
                        <a
                          role="button"
                          tabIndex={0}
                          className="hl-order-link"
                          onClick={() => onOpen(o)}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter' || e.key === ' ') onOpen(o);
                          }}
                        >
                          {o.orderNum}
                        </a>
                      ) : (
                        <span>{o.orderNum}</span>
                      )
                    }
                    description={
                      <>
                        <div>{o.title}</div>
                        <Tag>{status ? (en ? status.en : status.zh) : o.status}</Tag>
                        <Typography.Text type="secondary">
                          {formatCst(o.callTime, 'YYYY-MM-DD HH:mm')}
                        </Typography.Text>
                      </>
                    }
                  />
                </List.Item>
              );
            }}
          />
        </>
      )}
    </Card>
  );
}
