import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Row, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatCst } from '@hotline/domain';
import { useTranslation } from 'react-i18next';
import type { KanbanData, UnitStats } from '@hotline/contract';
import type { PageProps } from '../page-props';
import { exportKanban, kanbanQuery, type KanbanQuery } from '../../features/stats/api';
import { EChart } from '../../features/stats/components/EChart';
import { RankingTable } from '../../features/stats/components/RankingTable';
import { trendOption } from '../../features/stats/trend-option';
import { usePageTitle } from '../page-title';

/** The period containing today: from the 19th (China time) on, else the previous month's. */
function currentPeriod(): string {
  // today's date in China time, whatever the browser's zone
  const now = dayjs(formatCst(Date.now(), 'YYYY-MM-DD'));
  return (now.date() >= 19 ? now : now.subtract(1, 'month')).format('YYYY-MM');
}

/**
 * A unit's orders of the period, as the board counts its volume: hosted by the unit and
 * dispatched in [start, end) — the list's date-time bounds are inclusive, hence end − 1 ms.
 */
function unitOrdersLink(unitId: number, period: { start: string; end: string }): string {
  const to = new Date(Date.parse(period.end) - 1).toISOString();
  const query = new URLSearchParams({
    hostUnitId: String(unitId),
    dispatchTimeFrom: period.start,
    dispatchTimeTo: to,
  });
  return `#/jsjb/orders?${query.toString()}`;
}

/** Assessment board (统计看板): rankings in two groups, excluded orders, trend and categories. */
export default function Page(props: PageProps) {
  const { t } = useTranslation();
  const title = usePageTitle(props);
  const [query, setQuery] = useState<KanbanQuery>({ period: currentPeriod() });
  const { data, error, isFetching } = useQuery(kanbanQuery(query));
  const [busy, setBusy] = useState(false);

  const onMonth = (d: Dayjs | null) => d && setQuery({ period: d.format('YYYY-MM') });
  const onRange = (r: [Dayjs | null, Dayjs | null] | null) => {
    if (r?.[0] && r[1])
      setQuery({ from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') });
  };
  const exportTable = async () => {
    setBusy(true);
    try {
      await exportKanban(query);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="stats-kanban">
      <Typography.Title level={4}>{title}</Typography.Title>
      <Space wrap>
        <span>{t('exports.stats.period')}</span>
        <DatePicker
          picker="month"
          allowClear={false}
          value={query.period ? dayjs(`${query.period}-01`) : null}
          onChange={onMonth}
        />
        <span>{t('exports.stats.custom')}</span>
        <DatePicker.RangePicker
          value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
          onChange={onRange}
        />
        <Button onClick={() => void exportTable()} loading={busy} data-testid="kanban-export">
          {t('exports.stats.exportTable')}
        </Button>
      </Space>
      {error ? <Alert type="error" message={(error as Error).message} /> : null}
      {data ? <Board data={data} loading={isFetching} /> : null}
    </Space>
  );
}

function Board({ data, loading }: { data: KanbanData; loading: boolean }) {
  const { t } = useTranslation();
  const streets = data.units.filter((u) => u.group === 'street');
  const unitLink = (u: UnitStats) => unitOrdersLink(u.id, data.period);
  const departments = data.units.filter((u) => u.group === 'department');
  const trend = useMemo(
    () => trendOption(data.trendByDay, (k) => t(`exports.stats.${k}`)),
    [data, t],
  );
  const categories = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 120, right: 20, bottom: 20, top: 20 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: data.byCategory.map((c) => c.name).reverse() },
      series: [{ type: 'bar', data: data.byCategory.map((c) => c.count).reverse() }],
    }),
    [data],
  );
  return (
    <Space direction="vertical" style={{ width: '100%', opacity: loading ? 0.6 : 1 }}>
      <Typography.Text type="secondary">
        {data.period.label} · {t('exports.stats.totals', data.totals)} ·{' '}
        {t('exports.stats.weights', data.weights)}
      </Typography.Text>
      <Card size="small" title={t('exports.stats.streets')}>
        <RankingTable rows={streets} testId="ranking-streets" unitLink={unitLink} />
      </Card>
      <Card size="small" title={t('exports.stats.departments')}>
        <RankingTable rows={departments} testId="ranking-departments" unitLink={unitLink} />
      </Card>
      <Row gutter={12}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('exports.stats.trend')}>
            <EChart option={trend} testId="chart-trend" />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('exports.stats.byCategory')}>
            <EChart option={categories} testId="chart-category" />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('exports.stats.excludedTitle')}>
        <Table
          size="small"
          rowKey="id"
          dataSource={data.excludedOrders}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: t('exports.stats.orderNum'), dataIndex: 'orderNum' },
            { title: t('exports.stats.titleCol'), dataIndex: 'title' },
            { title: t('exports.stats.unit'), dataIndex: 'organizerName' },
            { title: t('exports.stats.tichuType'), dataIndex: 'tichuType' },
          ]}
        />
      </Card>
    </Space>
  );
}
