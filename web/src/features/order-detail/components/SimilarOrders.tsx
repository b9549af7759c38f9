import { Alert, Button, Empty, List, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDomainLang } from '../../../i18n';
import { similarQuery } from '../api';
import { formatTime, stateName, statusColor } from '../format';

const { Text } = Typography;

/** The tab's label: the count once the list has been read (it is read when the tab opens). */
export function SimilarTabLabel({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const { data } = useQuery({ ...similarQuery(orderId), enabled: false });
  return (
    <span data-testid="detail-similar-tab">
      {t('orderDetail.tabs.similar')}
      {data ? ` (${data.list.length})` : ''}
    </span>
  );
}

/** Orders like this one in the caller's scope, read when shown; "open" shows one of them. */
export function SimilarOrders({
  orderId,
  onOpen,
}: {
  orderId: number;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useDomainLang();
  const similar = useQuery(similarQuery(orderId));
  if (similar.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('orderDetail.similar.failed')}
        action={
          <Button size="small" onClick={() => void similar.refetch()}>
            {t('workOrders.retry')}
          </Button>
        }
      />
    );
  }
  const list = similar.data?.list ?? [];
  if (similar.data && list.length === 0) {
    return <Empty description={t('orderDetail.similar.empty')} />;
  }
  return (
    <List
      size="small"
      data-testid="detail-similar"
      loading={similar.isPending}
      dataSource={list}
      renderItem={(s) => (
        <List.Item
          data-similar-id={s.id}
          actions={[
            <Button key="open" size="small" type="link" onClick={() => onOpen(s.id)}>
              {t('orderDetail.similar.open')}
            </Button>,
          ]}
        >
          <Space wrap>
            <Text code>{s.orderNum}</Text>
            <Text>{s.title}</Text>
            <Tag color={statusColor(s.status)}>{stateName('status', s.status, lang)}</Tag>
            <Text type="secondary">
              {t('orderDetail.similar.similarity')} {Math.round(s.similarity * 100)}%
            </Text>
            <Text type="secondary">{formatTime(s.callTime)}</Text>
          </Space>
        </List.Item>
      )}
    />
  );
}
