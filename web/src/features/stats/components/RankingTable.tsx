import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { UnitStats } from '@hotline/contract';

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(2)}%`);

/**
 * One ranking group (streets/towns or departments) of the assessment board. A unit's name
 * links to its orders of the period (`unitLink`), when given.
 */
export function RankingTable(props: {
  rows: UnitStats[];
  testId: string;
  unitLink?: (unit: UnitStats) => string;
}) {
  const { t } = useTranslation();
  const { unitLink } = props;
  const columns: ColumnsType<UnitStats> = [
    { title: t('exports.stats.rank'), dataIndex: 'rank', width: 64 },
    {
      title: t('exports.stats.unit'),
      dataIndex: 'name',
      render: (name: string, unit) =>
        unitLink ? (
          <a href={unitLink(unit)} data-testid="ranking-unit" data-unit-id={unit.id}>
            {name}
          </a>
        ) : (
          name
        ),
    },
    { title: t('exports.stats.volume'), dataIndex: 'volume' },
    { title: t('exports.stats.signRate'), dataIndex: 'signRate', render: pct },
    { title: t('exports.stats.replyRate'), dataIndex: 'replyRate', render: pct },
    { title: t('exports.stats.overdue'), dataIndex: 'overdue' },
    {
      title: (
        <span title={t('exports.stats.escalationsHint')}>{t('exports.stats.escalationsL1')}</span>
      ),
      dataIndex: 'escalationsL1',
      render: (n: number) => <span data-testid="ranking-escalations-l1">{n}</span>,
    },
    {
      title: (
        <span title={t('exports.stats.escalationsHint')}>{t('exports.stats.escalationsL2')}</span>
      ),
      dataIndex: 'escalationsL2',
      render: (n: number) => <span data-testid="ranking-escalations-l2">{n}</span>,
    },
    { title: t('exports.stats.valid'), dataIndex: 'valid' },
    { title: t('exports.stats.responseRate'), dataIndex: 'responseRate', render: pct },
    { title: t('exports.stats.resolutionRate'), dataIndex: 'resolutionRate', render: pct },
    { title: t('exports.stats.satisfactionRate'), dataIndex: 'satisfactionRate', render: pct },
    { title: t('exports.stats.excluded'), dataIndex: 'excluded' },
    {
      title: t('exports.stats.score'),
      dataIndex: 'score',
      render: (v: number | null) => (v === null ? '—' : v.toFixed(2)),
    },
  ];
  return (
    <Table<UnitStats>
      data-testid={props.testId}
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={props.rows}
      pagination={false}
      // columns keep their width on a phone; the table scrolls inside its card
      scroll={{ x: 'max-content' }}
    />
  );
}
