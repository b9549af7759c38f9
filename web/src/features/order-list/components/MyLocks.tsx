import { useState } from 'react';
import { Alert, App, Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { myLocksQuery, unlockOrder, type MyLock } from '../api';
import { useNow } from '../hooks/use-now';
import { formatDuration } from '../row-rules';
import { refreshListsAndCounts } from '../hooks/use-list-sync';
import { formatTime, StatusTag } from './cells';
import '../order-list.css';

function LockLeft({ until }: { until: string }) {
  const now = useNow(1000);
  const left = Date.parse(until) - now;
  return <span className="hl-countdown">{left > 0 ? formatDuration(left) : '—'}</span>;
}

export interface MyLocksProps {
  onOpen: (lock: MyLock, siblings: number[]) => void;
}

/** "My locked orders" (Assignlock/getMyOrders): the caller's unexpired locks, each with unlock. */
export function MyLocks({ onOpen }: MyLocksProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const locks = useQuery(myLocksQuery(page.pageNo, page.pageSize));
  const [error, setError] = useState<string | null>(null);
  const rows = locks.data?.list ?? [];

  const unlock = async (lock: MyLock) => {
    setError(null);
    try {
      await unlockOrder(lock.id);
      void message.success(t('workOrders.locked.unlocked'));
      await refreshListsAndCounts(queryClient);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      void queryClient.invalidateQueries({ queryKey: ['myLocks'] });
    }
  };
  return (
    <div className="hl-order-list" data-testid="my-locks">
      <Typography.Paragraph type="secondary">{t('workOrders.locked.intro')}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Table<MyLock>
        rowKey="id"
        dataSource={rows}
        loading={locks.isLoading}
        locale={{ emptyText: t('workOrders.locked.none') }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: locks.data?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '50', '100'],
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          {
            key: 'orderNum',
            title: t('workOrders.col.orderNum'),
            render: (_, lock) => (
              <a
                className="hl-order-link"
                onClick={() =>
                  onOpen(
                    lock,
                    rows.map((r) => r.id),
                  )
                }
              >
                {lock.orderNum}
              </a>
            ),
          },
          { key: 'title', title: t('workOrders.col.title'), dataIndex: 'title', ellipsis: true },
          {
            key: 'status',
            title: t('workOrders.col.status'),
            render: (_, lock) => <StatusTag code={lock.status} />,
          },
          {
            key: 'expires',
            title: t('workOrders.locked.expires'),
            render: (_, lock) => formatTime(lock.lockExpiresAt),
          },
          {
            key: 'left',
            title: t('workOrders.locked.remaining'),
            render: (_, lock) => <LockLeft until={lock.lockExpiresAt} />,
          },
          {
            key: 'actions',
            title: '',
            render: (_, lock) => (
              <Space>
                <Button
                  size="small"
                  onClick={() =>
                    onOpen(
                      lock,
                      rows.map((r) => r.id),
                    )
                  }
                >
                  {t('workOrders.locked.open')}
                </Button>
                <Popconfirm
                  title={t('workOrders.locked.unlockConfirm')}
                  onConfirm={() => unlock(lock)}
                >
                  <Button size="small" danger data-testid={`unlock-${lock.id}`}>
                    {t('workOrders.locked.unlock')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
