import { Descriptions, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../api';
import { formatTime } from '../format';

const { Text } = Typography;

/** Extension and exclusion requests with their decisions, call-back attempts, merged appeals. */
export function OrderRelated({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const yesNo = (v: boolean | null) =>
    v === null
      ? t('orderDetail.values.empty')
      : v
        ? t('orderDetail.values.yes')
        : t('orderDetail.values.no');
  return (
    <div className="hl-detail-related">
      <Typography.Title level={5}>{t('orderDetail.related.requests')}</Typography.Title>
      {detail.requests.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('orderDetail.related.noRequests')}
        />
      ) : (
        <List
          size="small"
          dataSource={detail.requests}
          renderItem={(r) => (
            <List.Item>
              <Space wrap>
                <Text strong>
                  {r.kind === 'extension'
                    ? t('orderDetail.related.extension', { hours: r.hours ?? 0 })
                    : t('orderDetail.related.exclusion', { type: r.tichuType ?? '' })}
                </Text>
                <Tag>
                  {t(`orderDetail.values.review.${r.status as 1 | 2 | 3}`, String(r.status))}
                </Tag>
                <Text>{r.reason}</Text>
                <Text type="secondary">
                  {r.requesterName} · {formatTime(r.createdAt)}
                </Text>
                {r.decisionComment ? <Text type="secondary">{r.decisionComment}</Text> : null}
              </Space>
            </List.Item>
          )}
        />
      )}
      <Typography.Title level={5}>{t('orderDetail.related.visits')}</Typography.Title>
      {detail.visits.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('orderDetail.related.noVisits')}
        />
      ) : (
        detail.visits.map((v) => (
          <Descriptions
            key={v.id}
            size="small"
            bordered
            column={3}
            title={t('orderDetail.related.attempt', { n: v.attempt })}
            items={[
              {
                key: 'reached',
                label: t('orderDetail.form.reached'),
                children: v.reached
                  ? t('orderDetail.related.reachedYes')
                  : t('orderDetail.related.reachedNo'),
              },
              {
                key: 'host',
                label: t('orderDetail.form.hostContacted'),
                children: yesNo(v.hostContacted),
              },
              {
                key: 'resolved',
                label: t('orderDetail.form.resolved'),
                children: yesNo(v.resolved),
              },
              {
                key: 'satisfaction',
                label: t('orderDetail.form.satisfaction'),
                children: v.satisfaction
                  ? t(`orderDetail.values.satisfaction.${v.satisfaction as 'basic'}`)
                  : t('orderDetail.values.empty'),
              },
              {
                key: 'who',
                label: '',
                children: `${v.visitorName ?? ''} · ${formatTime(v.createdAt)}`,
              },
              {
                key: 'remark',
                label: t('orderDetail.fields.visitRemark'),
                children: v.remark || '—',
              },
            ]}
          />
        ))
      )}
      <Typography.Title level={5}>{t('orderDetail.related.merges')}</Typography.Title>
      {detail.merges.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('orderDetail.related.noMerges')}
        />
      ) : (
        <List
          size="small"
          dataSource={detail.merges}
          renderItem={(m) => (
            <List.Item>
              <Space wrap>
                <Text code>{m.orderNum}</Text>
                <Text>{m.title}</Text>
                <Text type="secondary">{formatTime(m.mergedAt)}</Text>
                {m.reason ? <Text type="secondary">{m.reason}</Text> : null}
              </Space>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
