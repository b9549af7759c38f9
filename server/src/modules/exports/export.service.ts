import type { Writable } from 'node:stream';
import { listBody, type ExportBody } from '@hotline/contract';
import { exportColumn, seesFullPhones, type ExportColumn, type Lang } from '@hotline/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../http/app-error';
import { XlsxWorkerWriter } from '../../lib/xlsx/worker';
import { XlsxStreamWriter } from '../../lib/xlsx/writer';
import type { AuditActor } from '../audit';
import type { AuthContext } from '../auth/auth-context';
import { readerFor } from '../work-orders/reads/list-access';
import { countOrders } from '../work-orders/reads/list.repository';
import { listWhere } from '../work-orders/reads/list.service';
import { seesLocks } from '../work-orders/order.presenter';
import type { OrdersWhere } from '../work-orders/reads/queue-sql';
import { scopeIsEmpty } from '../work-orders/reads/scope-sql';
import { auditExportStart, exportActor } from './export-audit';
import { exportChunks, needsOf } from './export-rows';
import { rowValues, type ExportEnv } from './export-values';
import * as repo from './export.repository';

/** Exports of at least this many rows write their sheet on a worker thread. */
export const XLSX_WORKER_FROM_ROWS = 5000;

/**
 * Exports select with the lists' own code — `listWhere` of lists/search: the same queue,
 * filters and row scope — so an export holds exactly the orders the list shows. A selection
 * (`ids`) narrows that further, it never widens it.
 */

/** Excel's sheet holds 1,048,576 rows; beyond this the CSV job is the way. */
export const MAX_XLSX_ROWS = 500_000;

export interface PreparedExport {
  where: OrdersWhere[];
  total: number;
  columns: ExportColumn[];
  env: ExportEnv;
  filter: Record<string, unknown>;
}

export async function envFor(
  ctx: AppContext,
  auth: AuthContext,
  lang: Lang,
  now: Date,
): Promise<ExportEnv> {
  const [{ units, categories }, names] = await Promise.all([
    repo.exportLookups(ctx.db),
    repo.userNames(ctx.db),
  ]);
  const unitMap = new Map(
    units.map((u) => [u.id, { name: u.name, kind: u.kind, code: u.code, parentId: u.parent_id }]),
  );
  const actorUnit =
    auth.unit.kind === 'community' || auth.unit.kind === 'village'
      ? (auth.unit.parentId ?? auth.unit.id)
      : auth.unit.id;
  const cats = new Map(categories.map((c) => [c.id, c]));
  const paths = new Map<number, string>();
  const categoryPath = (id: number | null): string | null => {
    if (id === null) return null;
    const known = paths.get(id);
    if (known !== undefined) return known;
    const parts: string[] = [];
    for (
      let c = cats.get(id);
      c && parts.length < 10;
      c = c.parent_id === null ? undefined : cats.get(c.parent_id)
    ) {
      parts.unshift(c.name);
    }
    const path = parts.join('->');
    paths.set(id, path);
    return path;
  };
  return {
    lang,
    now,
    names: {
      unit: (id) => (id === null ? null : (unitMap.get(id)?.name ?? null)),
      categoryPath,
    },
    fullPhones: seesFullPhones({ admin: auth.acl.admin, rules: auth.rules }),
    seesLocks: seesLocks(auth),
    unitId: actorUnit,
    districtUser: auth.acl.admin || auth.unit.kind === 'district',
    units: unitMap,
    categoryCodes: new Map(categories.map((c) => [c.id, c.code])),
    userNames: names,
    districtName: units.find((u) => u.kind === 'district')?.name ?? '',
  };
}

export async function prepareExport(
  ctx: AppContext,
  auth: AuthContext,
  body: ExportBody,
  lang: Lang,
): Promise<PreparedExport> {
  const reader = await readerFor(ctx, auth);
  const filterBody = body.filter ?? listBody.parse({});
  const where = await listWhere(ctx, reader, filterBody);
  if (body.ids) {
    const ids = body.ids;
    where.push((eb) => eb('work_orders.id', 'in', ids));
  }
  if (scopeIsEmpty(reader.scope)) where.push(() => sql<boolean>`false`);
  const [total, env] = await Promise.all([
    countOrders(ctx.db, where),
    envFor(ctx, auth, lang, reader.now),
  ]);
  const { pageNo: _p, pageSize: _s, isAmount: _a, ...filter } = filterBody;
  return {
    where,
    total,
    columns: body.columns.map((k) => exportColumn(k)!),
    env,
    filter: { ...filter, ...(body.ids ? { ids: body.ids.length } : {}) },
  };
}

export function headerOf(c: ExportColumn, lang: Lang): string {
  return lang === 'en' ? c.en : c.zh;
}

/** The filter without the ordering (which rows, not in which order). */
function rowFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const { sort: _sort, sortOrder: _order, ...rows } = filter;
  return rows;
}

/**
 * Audit first: the history (export_records) and the audit log (`export.start`) say who
 * exported what before a single row leaves; both rows commit together.
 */
export async function auditExport(
  ctx: AppContext,
  auth: AuthContext,
  prepared: PreparedExport,
  format: 'xlsx' | 'csv',
  fileName: string,
  status: 'running' | 'queued',
  orderIds: readonly number[] | null,
  actor: AuditActor = exportActor(auth),
  /** Jobs the user may have queued or running, this one included (CSV jobs). */
  jobLimit?: number,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    if (jobLimit !== undefined) {
      // Counted and inserted under the user's lock: twenty requests at once cannot all pass a
      // count that none of them has added to yet.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`export-jobs:${auth.userId}`}))`.execute(
        trx,
      );
      const running = await repo.runningJobs(trx, auth.userId);
      if (running >= jobLimit) throw new AppError(429, 'export.jobsBusy', { n: running });
    }
    const id = await repo.insertRecord(trx, {
      userId: auth.userId,
      unitId: auth.unit.id,
      format,
      status,
      total: prepared.total,
      masked: !prepared.env.fullPhones,
      columns: prepared.columns.map((c) => c.key),
      filter: prepared.filter,
      orderIds,
      fileName,
      at: ctx.now(),
    });
    await auditExportStart(trx, actor, {
      export: 'orders',
      format,
      rows: prepared.total,
      recordId: id,
      fileName,
      filter: rowFilter(prepared.filter),
      orderIds,
    });
    return id;
  });
}

export async function startXlsx(
  ctx: AppContext,
  auth: AuthContext,
  body: ExportBody,
  lang: Lang,
  actor: AuditActor = exportActor(auth),
  /** Waits for a slot of the node's export budget, after the request is found valid. */
  admit: () => Promise<void> = async () => {},
) {
  const prepared = await prepareExport(ctx, auth, body, lang);
  if (prepared.total > MAX_XLSX_ROWS) {
    throw badRequest('export.tooManyRows', { rows: prepared.total, max: MAX_XLSX_ROWS });
  }
  await admit();
  const fileName = `${lang === 'en' ? 'work-orders' : '工单导出'}-${stamp(ctx.now())}.xlsx`;
  const ids = body.ids ?? null;
  const id = await auditExport(ctx, auth, prepared, 'xlsx', fileName, 'running', ids, actor);
  return { id, prepared, fileName };
}

/** Writes the XLSX into `sink` chunk by chunk; records the outcome in the history. */
export async function writeXlsx(
  ctx: AppContext,
  recordId: number,
  prepared: PreparedExport,
  sink: Writable,
  options: { workerFromRows?: number } = {},
): Promise<number> {
  const keys = prepared.columns.map((c) => c.key);
  const values = rowValues(keys, prepared.env);
  const columns = prepared.columns.map((c) => ({
    header: headerOf(c, prepared.env.lang),
    type: c.type,
    width: c.width,
  }));
  const sheetName = prepared.env.lang === 'en' ? 'Work orders' : '工单';
  // A large export writes its sheet on a worker thread (lib/xlsx/worker.ts); a small one here,
  // where starting a thread would cost more than it saves.
  const writer =
    prepared.total >= (options.workerFromRows ?? XLSX_WORKER_FROM_ROWS)
      ? new XlsxWorkerWriter(sink, columns, sheetName)
      : new XlsxStreamWriter(sink, columns, sheetName);
  let seq = 0;
  try {
    await writer.start();
    for await (const chunk of exportChunks(ctx.db, prepared.where, {
      now: prepared.env.now,
      needs: needsOf(keys),
      names: prepared.env.names,
    })) {
      for (const row of chunk) {
        if (sink.destroyed) throw new Error('the client went away');
        const flushed = writer.addRow(values(row, ++seq));
        if (flushed) await flushed;
      }
    }
    await writer.finish();
    await repo.updateRecord(ctx.db, recordId, { status: 'done', rows: seq, finishedAt: ctx.now() });
    return seq;
  } catch (error) {
    await repo.updateRecord(ctx.db, recordId, {
      status: 'failed',
      rows: seq,
      error: (error as Error).message.slice(0, 500),
      finishedAt: ctx.now(),
    });
    throw error;
  } finally {
    if (writer instanceof XlsxWorkerWriter) await writer.close();
  }
}

/** 20261121-093000 in China time. */
export function stamp(at: Date): string {
  const t = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  return `${t.slice(0, 10).replace(/-/g, '')}-${t.slice(11, 19).replace(/:/g, '')}`;
}
