import { useState } from 'react';
import { Card, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callRecordsQuery } from '../api';
import { AgentMonitor } from './AgentMonitor';
import { CallRecordTable } from './CallRecordTable';

/** The call records page: the records this user may see (paged) and the agent monitor. */
export function CallRecordsView({ title }: { title: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const records = useQuery(callRecordsQuery(null, page.current, page.pageSize));
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={title || t('calls.records.title')} data-testid="call-records-page">
        <CallRecordTable
          withOrder
          records={records.data?.list ?? []}
          loading={records.isLoading}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: records.data?.totalCount ?? 0,
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
        />
      </Card>
      <AgentMonitor />
    </Space>
  );
}
