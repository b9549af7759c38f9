import type { Writable } from 'node:stream';
import type { KanbanData, UnitStats } from '@hotline/contract';
import type { Lang } from '@hotline/domain';
import { XlsxStreamWriter, type XlsxColumn } from '../../lib/xlsx/writer';

/** The board's ranking table as XLSX: both groups, rates as fractions with 4 decimals. */

type Col = readonly [
  zh: string,
  en: string,
  value: (u: UnitStats, lang: Lang) => string | number | null,
];

const GROUP = {
  street: { zh: '街道/乡镇', en: 'street/town' },
  department: { zh: '部门', en: 'department' },
};

const COLS: readonly Col[] = [
  ['分组', 'group', (u, l) => GROUP[u.group][l]],
  ['排名', 'rank', (u) => u.rank],
  ['承办单位', 'host unit', (u) => u.name],
  ['派单量', 'dispatched', (u) => u.volume],
  ['按时签收', 'signed on time', (u) => u.signedOnTime],
  ['按时签收率', 'on-time sign rate', (u) => u.signRate],
  ['答复量', 'replied', (u) => u.replied],
  ['按时答复', 'replied on time', (u) => u.repliedOnTime],
  ['按时答复率', 'on-time reply rate', (u) => u.replyRate],
  ['超期数', 'overdue', (u) => u.overdue],
  ['一级升级', 'escalated (level 1)', (u) => u.escalationsL1],
  ['二级升级', 'escalated (level 2)', (u) => u.escalationsL2],
  ['有效回访', 'valid visits', (u) => u.valid],
  ['已联系', 'contacted', (u) => u.contacted],
  ['已解决', 'resolved', (u) => u.resolved],
  ['满意', 'satisfied', (u) => u.satisfied],
  ['基本满意', 'basically satisfied', (u) => u.basic],
  ['剔除数', 'excluded', (u) => u.excluded],
  ['响应率', 'response rate', (u) => u.responseRate],
  ['解决率', 'resolution rate', (u) => u.resolutionRate],
  ['满意率', 'satisfaction rate', (u) => u.satisfactionRate],
  ['综合得分', 'score', (u) => u.score],
];

export async function writeKanbanXlsx(data: KanbanData, lang: Lang, sink: Writable): Promise<void> {
  const columns: XlsxColumn[] = COLS.map(([zh, en], i) => ({
    header: lang === 'en' ? en : zh,
    type: i < 3 && i !== 1 ? 'text' : 'number',
    width: i === 2 ? 18 : 12,
  }));
  const writer = new XlsxStreamWriter(
    sink,
    columns,
    data.period.label.replace(/[~ ]+/g, '_').slice(0, 31),
  );
  await writer.start();
  for (const u of data.units) await writer.addRow(COLS.map(([, , value]) => value(u, lang)));
  await writer.finish();
}
