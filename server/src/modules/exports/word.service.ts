import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { CASE_SHEET_FIELDS, type OrderDetail } from '@hotline/contract';
import { EVENT_NAMES, LOCK_EVENTS, maskPhone, seesFullPhones, type Lang } from '@hotline/domain';
import type { AppContext } from '../../context';
import type { AuditActor } from '../audit';
import type { AuthContext } from '../auth/auth-context';
import { orderDetail } from '../work-orders/detail/detail.service';
import { csvTime } from './csv-job';
import { auditExportStart, exportActor } from './export-audit';
import { nameOf } from './export-labels';
import * as repo from './export.repository';
import { stamp } from './export.service';

/**
 * exportWord (DOCX case sheets) and getOrder (print data): the detail read of the lists'
 * module — same row scope, 404 for an order out of scope — with the caller phone masked unless
 * the caller may see it in full. Both are written to the export history.
 */

type Detail = OrderDetail;

async function readMasked(ctx: AppContext, auth: AuthContext, id: number) {
  const detail = await orderDetail(ctx, auth, id);
  const full = seesFullPhones({ admin: auth.acl.admin, rules: auth.rules });
  if (!full) detail.order.callerPhone = maskPhone(detail.order.callerPhone);
  return { detail, masked: !full };
}

/** The export history row; a Word export (not a print) also its `export.start` audit row. */
async function audit(
  ctx: AppContext,
  auth: AuthContext,
  format: 'docx' | 'print',
  ids: readonly number[],
  masked: boolean,
  fileName: string | null,
  actor: AuditActor = exportActor(auth),
) {
  await ctx.db.transaction().execute(async (trx) => {
    const id = await repo.insertRecord(trx, {
      userId: auth.userId,
      unitId: auth.unit.id,
      format,
      status: 'done',
      total: ids.length,
      masked,
      columns: [],
      filter: {},
      orderIds: ids,
      fileName,
      at: ctx.now(),
    });
    if (format === 'docx') {
      await auditExportStart(trx, actor, {
        export: 'orders',
        format: 'docx',
        rows: ids.length,
        recordId: id,
        fileName,
        orderIds: ids,
      });
    }
  });
}

export async function printData(ctx: AppContext, auth: AuthContext, id: number) {
  const { detail, masked } = await readMasked(ctx, auth, id);
  await audit(ctx, auth, 'print', [id], masked, null);
  const { abilities: _a, ...rest } = detail;
  return { ...rest, masked, printedAt: ctx.now().toISOString() };
}

const T = {
  zh: {
    title: '12345 接诉即办工单办理单',
    timeline: '办理过程',
    result: '办理结果',
    visits: '回访记录',
    action: '操作',
    actor: '操作人',
    unit: '单位',
    time: '时间',
    comment: '说明',
    none: '无',
    attempt: '第 {n} 次',
    reached: '接通',
    notReached: '未接通',
  },
  en: {
    title: '12345 hotline work-order case sheet',
    timeline: 'Handling history',
    result: 'Handling result',
    visits: 'Return visits',
    action: 'Action',
    actor: 'By',
    unit: 'Unit',
    time: 'Time',
    comment: 'Comment',
    none: 'none',
    attempt: 'attempt {n}',
    reached: 'reached',
    notReached: 'not reached',
  },
} as const;

const time = (iso: string | null) => (iso ? csvTime(new Date(iso)) : '');
const cell = (text: string, bold = false, width?: number) =>
  new TableCell({
    children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
    ...(width ? { width: { size: width, type: WidthType.PERCENTAGE } } : {}),
  });
const table = (rows: TableRow[]) =>
  new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } });

function field(d: Detail, key: keyof Detail['order']): string {
  const v = d.order[key];
  if (v === null || v === undefined) return '';
  if (/Time$|deadline/.test(String(key)) && typeof v === 'string') return time(v);
  return Array.isArray(v) ? v.join('、') : String(v);
}

function sheet(d: Detail, lang: Lang): (Paragraph | Table)[] {
  const t = T[lang];
  const yes = (b: boolean | null) => (b === null ? '' : nameOf('yesNo', b ? 'yes' : 'no', lang)!);
  const out: (Paragraph | Table)[] = [
    new Paragraph({
      text: t.title,
      heading: HeadingLevel.HEADING_1,
      alignment: AlignmentType.CENTER,
    }),
    table(
      CASE_SHEET_FIELDS.map(
        ([key, zh, en]) =>
          new TableRow({
            children: [cell(lang === 'en' ? en : zh, true, 22), cell(field(d, key))],
          }),
      ),
    ),
    new Paragraph({ text: t.result, heading: HeadingLevel.HEADING_2 }),
    new Paragraph({ text: d.order.replyContent ?? t.none }),
    new Paragraph({
      text: `${time(d.order.replyTime)} ${yes(d.order.replyContacted)} / ${yes(d.order.replyResolved)}`.trim(),
    }),
    new Paragraph({ text: t.timeline, heading: HeadingLevel.HEADING_2 }),
    table([
      new TableRow({
        children: [t.time, t.action, t.actor, t.unit, t.comment].map((h) => cell(h, true)),
      }),
      // lock records stay in the audit trail, off the sheet
      ...d.timeline
        .filter((e) => !LOCK_EVENTS.has(e.action))
        .map(
          (e) =>
            new TableRow({
              children: [
                cell(time(e.time)),
                cell(EVENT_NAMES[e.action]?.[lang] ?? e.action),
                cell(e.actorName ?? ''),
                cell(e.unitName ?? ''),
                cell(e.comment),
              ],
            }),
        ),
    ]),
  ];
  if (d.visits.length > 0) {
    out.push(new Paragraph({ text: t.visits, heading: HeadingLevel.HEADING_2 }));
    for (const v of d.visits) {
      const result = v.reached
        ? `${t.reached} · ${nameOf('satisfaction', v.satisfaction, lang) ?? ''}`
        : t.notReached;
      out.push(
        new Paragraph({
          text: `${t.attempt.replace('{n}', String(v.attempt))} ${time(v.createdAt)} ${result} ${v.remark}`.trim(),
        }),
      );
    }
  }
  return out;
}

export async function writeWord(
  ctx: AppContext,
  auth: AuthContext,
  ids: readonly number[],
  lang: Lang,
  actor: AuditActor = exportActor(auth),
) {
  const unique = [...new Set(ids)];
  const details: Detail[] = [];
  let masked = false;
  for (const id of unique) {
    const read = await readMasked(ctx, auth, id);
    details.push(read.detail);
    masked = read.masked;
  }
  const children = details.flatMap((d, i) => [
    ...(i > 0 ? [new Paragraph({ children: [new PageBreak()] })] : []),
    ...sheet(d, lang),
  ]);
  const doc = new Document({
    creator: '12345',
    title: T[lang].title,
    styles: { default: { document: { run: { font: 'SimSun', size: 22 } } } },
    sections: [{ children }],
  });
  const buffer = await Packer.toBuffer(doc);
  const single = details.length === 1 ? details[0]!.order.orderNum : `${details.length}`;
  const fileName = `${lang === 'en' ? 'case-sheet' : '工单办理单'}-${single}-${stamp(ctx.now())}.docx`;
  await audit(ctx, auth, 'docx', unique, masked, fileName, actor);
  return { buffer, fileName, masked };
}
