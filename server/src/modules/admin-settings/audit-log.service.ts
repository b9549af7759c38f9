import type { Writable } from 'node:stream';
import type { z } from 'zod';
import { AUDIT_EXPORT_MAX_ROWS, type auditEntry, type auditFilter } from '@hotline/contract';
import type { Lang } from '@hotline/domain';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/app-error';
import { XlsxWorkerWriter } from '../../lib/xlsx/worker';
import { XlsxStreamWriter, type CellValue } from '../../lib/xlsx/writer';
import { recordAudit, type AuditActor } from '../audit';
import { stamp, XLSX_WORKER_FROM_ROWS } from '../exports/export.service';
import { fieldError } from '../intake/field-error';
import { AUDIT_COLUMNS, AUDIT_FILE, AUDIT_SHEET, actionName } from './audit-labels';
import {
  auditChunks,
  countAudit,
  listAudit,
  type AuditQuery,
  type AuditRow,
} from './audit-log.repository';

/**
 * The audit log view (操作日志): one searchable list of logins, administrative changes, exports,
 * force unlocks and password resets; the same filters export to XLSX. Dates are China time
 * (Asia/Shanghai, UTC+8 all year): a day alone means the whole day.
 */

type Filter = z.output<typeof auditFilter>;
type Entry = z.infer<typeof auditEntry>;

const CST_OFFSET_MS = 8 * 3_600_000;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant a China-time day or time stands for; `end`: the first instant after it (the end
 * of that day, minute or second), so `to` includes what it names.
 */
export function chinaInstant(text: string, end: boolean): Date {
  const m = DATE_TIME.exec(text);
  if (!m) throw new Error(`not a date: ${text}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p)));
  let at = Date.UTC(y!, mo! - 1, d!, h, mi, s) - CST_OFFSET_MS;
  if (end) at += m[6] !== undefined ? 1_000 : m[4] !== undefined ? 60_000 : 86_400_000;
  return new Date(at);
}

function queryOf(filter: Filter): AuditQuery {
  const from = filter.from ? chinaInstant(filter.from, false) : undefined;
  const to = filter.to ? chinaInstant(filter.to, true) : undefined;
  if (from && to && from >= to) throw fieldError('to', 'audit.dateOrder', filter.to);
  return {
    userId: filter.userId,
    action: filter.action || undefined,
    keyword: filter.keyword || undefined,
    from,
    to,
  };
}

const detailOf = (detail: unknown): Record<string, unknown> =>
  typeof detail === 'object' && detail !== null && !Array.isArray(detail)
    ? (detail as Record<string, unknown>)
    : {};

export function presentAuditEntry(row: AuditRow): Entry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actor_id,
    actorName: row.actor_name,
    actorRealname: row.actor_realname ?? '',
    ip: row.ip,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName: row.target_name,
    detail: detailOf(row.detail),
  };
}

export async function listAuditLog(
  ctx: AppContext,
  body: Filter & { pageNo: number; pageSize: number },
): Promise<{ list: Entry[]; total: number }> {
  const { rows, total } = await listAudit(ctx.db, queryOf(body), {
    offset: (body.pageNo - 1) * body.pageSize,
    limit: body.pageSize,
  });
  return { list: rows.map(presentAuditEntry), total };
}

/** The filters as given (for the export's own audit row). */
function filterSummary(filter: Filter): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
}

export interface AuditExport {
  rows: number;
  fileName: string;
  write(sink: Writable): Promise<number>;
}

/**
 * Starts an audit export: refuses more than AUDIT_EXPORT_MAX_ROWS rows, records the
 * `export.start` row, and hands back the writer of the sheet.
 */
export async function startAuditExport(
  ctx: AppContext,
  filter: Filter,
  lang: Lang,
  actor: AuditActor,
): Promise<AuditExport> {
  const query = queryOf(filter);
  const rows = await countAudit(ctx.db, query);
  if (rows > AUDIT_EXPORT_MAX_ROWS) {
    throw badRequest('audit.tooManyRows', { rows, max: AUDIT_EXPORT_MAX_ROWS });
  }
  await recordAudit(ctx.db, actor, {
    action: 'export.start',
    target: { type: 'export', id: 'audit', name: AUDIT_FILE[lang] },
    detail: { export: 'audit', format: 'xlsx', rows, filter: filterSummary(filter) },
  });
  const fileName = `${AUDIT_FILE[lang]}-${stamp(ctx.now())}.xlsx`;
  return { rows, fileName, write: (sink) => writeAuditXlsx(ctx, query, rows, lang, sink) };
}

async function writeAuditXlsx(
  ctx: AppContext,
  query: AuditQuery,
  expected: number,
  lang: Lang,
  sink: Writable,
): Promise<number> {
  const columns = AUDIT_COLUMNS.map((c) => ({ header: c[lang], type: c.type, width: c.width }));
  const writer =
    expected >= XLSX_WORKER_FROM_ROWS
      ? new XlsxWorkerWriter(sink, columns, AUDIT_SHEET[lang])
      : new XlsxStreamWriter(sink, columns, AUDIT_SHEET[lang]);
  let written = 0;
  try {
    await writer.start();
    for await (const chunk of auditChunks(ctx.db, query)) {
      for (const row of chunk) {
        if (written >= AUDIT_EXPORT_MAX_ROWS) break;
        if (sink.destroyed) throw new Error('the client went away');
        const flushed = writer.addRow(cellsOf(row, lang));
        written += 1;
        if (flushed) await flushed;
      }
      if (written >= AUDIT_EXPORT_MAX_ROWS) break;
    }
    await writer.finish();
    return written;
  } finally {
    if (writer instanceof XlsxWorkerWriter) await writer.close();
  }
}

function cellsOf(row: AuditRow, lang: Lang): CellValue[] {
  const detail = detailOf(row.detail);
  return [
    row.at,
    row.actor_name,
    row.actor_realname ?? '',
    row.ip,
    actionName(row.action, lang),
    row.action,
    row.target_type,
    row.target_id,
    row.target_name,
    Object.keys(detail).length > 0 ? JSON.stringify(detail) : '',
  ];
}
