import { Card, Table, Tag } from 'antd';
import { formatCst } from '@hotline/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { monitorQuery, type MonitorAgent } from '../api';

/**
 * The agent monitor (`common/interface`): who is on duty, on which seat, on a call. Shown to
 * district readers, leaders and administrators; for anyone else the server says no and the
 * panel stays hidden.
 */
export function AgentMonitor() {
  const { t } = useTranslation();
  const monitor = useQuery(monitorQuery());
  if (monitor.isError || !monitor.data) return null;
  const { list, seatsFree, seatsTotal } = monitor.data;
  return (
    <Card
      size="small"
      title={t('calls.monitor.title')}
      extra={t('calls.monitor.free', { free: seatsFree, total: seatsTotal })}
      data-testid="agent-monitor"
    >
      <Table<MonitorAgent>
        size="small"
        rowKey="uid"
        pagination={false}
        dataSource={list}
        columns={[
          {
            title: t('calls.monitor.agent'),
            key: 'agent',
            render: (_, a) => `${a.realname} (${a.username})`,
          },
          { title: t('calls.monitor.unit'), dataIndex: 'unitName', key: 'unit' },
          {
            title: t('calls.monitor.duty'),
            key: 'duty',
            render: (_, a) =>
              a.duty
                .filter((d) => d.onDuty)
                .map((d) => (
                  <Tag key={d.clockType} color="green">
                    {t(d.clockType === 1 ? 'calls.monitor.callback' : 'calls.monitor.dispatcher')}
                    {d.since
                      ? ` · ${t('calls.monitor.since', { time: formatCst(d.since, 'HH:mm') })}`
                      : ''}
                  </Tag>
                )),
          },
          {
            title: t('calls.monitor.seat'),
            key: 'seat',
            render: (_, a) =>
              a.seatNo !== null
                ? `坐席${String(a.seatNo).padStart(2, '0')}`
                : t('calls.monitor.none'),
          },
          {
            title: t('calls.monitor.call'),
            key: 'call',
            render: (_, a) =>
              a.call ? (
                <Tag color="processing">{t(`calls.bar.states.${a.call.state}`)}</Tag>
              ) : (
                t('calls.monitor.none')
              ),
          },
        ]}
      />
    </Card>
  );
}
