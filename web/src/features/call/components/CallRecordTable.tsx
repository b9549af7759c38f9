import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCallDuration, formatCst } from '@hotline/domain';
import type { CallRecord } from '../api';
import { RecordingPlayer } from './RecordingPlayer';

export interface CallRecordTableProps {
  records: readonly CallRecord[];
  loading?: boolean;
  /** Show the order number column (the records page; not inside one order's detail). */
  withOrder?: boolean;
  pagination?:
    | false
    | {
        current: number;
        pageSize: number;
        total: number;
        onChange: (page: number, size: number) => void;
      };
}

/** Call records as a table, each with playback of its recording. */
export function CallRecordTable({
  records,
  loading,
  withOrder,
  pagination = false,
}: CallRecordTableProps) {
  const { t } = useTranslation();
  return (
    <Table<CallRecord>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={[...records]}
      locale={{ emptyText: t('calls.records.empty') }}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      columns={[
        ...(withOrder
          ? [{ title: t('calls.records.orderNum'), dataIndex: 'orderNum', key: 'orderNum' }]
          : []),
        {
          title: t('calls.records.callTime'),
          key: 'callTime',
          render: (_, r) => formatCst(r.callTime),
        },
        { title: t('calls.records.person'), dataIndex: 'callPerson', key: 'callPerson' },
        { title: t('calls.records.phone'), dataIndex: 'callTelphone', key: 'callTelphone' },
        {
          title: t('calls.records.connected'),
          key: 'isConnect',
          render: (_, r) =>
            r.isConnect ? (
              <Tag color="green">{t('calls.records.yes')}</Tag>
            ) : (
              <Tag>{t('calls.records.no')}</Tag>
            ),
        },
        {
          title: t('calls.records.duration'),
          key: 'callDuration',
          render: (_, r) => formatCallDuration(r.callDuration),
        },
        {
          title: t('calls.records.hangUp'),
          key: 'hangUpPerson',
          render: (_, r) => t(`calls.bar.endedBy.${r.hangUpPerson}`),
        },
        { title: t('calls.records.result'), key: 'result', render: (_, r) => r.result ?? '—' },
        {
          title: t('calls.records.recording'),
          key: 'file',
          render: (_, r) => <RecordingPlayer file={r.file} />,
        },
      ]}
    />
  );
}
