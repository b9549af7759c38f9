import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify';
import type { ExportBody } from '@hotline/contract';
import { sanitizeCsvCell, type Lang } from '@hotline/domain';
import type { AppContext } from '../../context';
import { AppError, conflict } from '../../http/app-error';
import type { CellValue } from '../../lib/xlsx/writer';
import { waitDrain } from '../../lib/zip/zip-writer';
import type { AuditActor } from '../audit';
import { fileStoreOf } from '../files/file-store';
import type { AuthContext } from '../auth/auth-context';
import { exportActor } from './export-audit';
import { exportJobCounts, JobProgress } from './export-jobs';
import { exportChunks, needsOf } from './export-rows';
import { rowValues } from './export-values';
import * as repo from './export.repository';
import { auditExport, headerOf, prepareExport, stamp, type PreparedExport } from './export.service';

/**
 * initCsv: a background job for big exports. The job row (export_records) carries its state
 * (queued → running → done | failed, later expired) and progress (rows written of total),
 * pushed to the user's own room as `exportJob` messages (export-jobs.ts; queryExportInfo answers
 * the same to a console without a live socket); exportCsv downloads the finished file from the
 * file store (any node). The file is UTF-8 with
 * a BOM (Excel then reads Chinese correctly), every text cell guarded against formula
 * injection, written chunk by chunk with backpressure — memory stays flat for a million rows.
 */

/** Jobs one user may have queued or running at once. */
export const MAX_JOBS_PER_USER = 2;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** China-time `YYYY-MM-DD HH:mm:ss`. */
export function csvTime(d: Date): string {
  return new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** One CSV cell; `time`: the column is a `datetime` one (a number there is epoch ms). */
export function csvCell(v: CellValue, time = false): string | number {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return csvTime(v);
  if (typeof v === 'number') return time ? csvTime(new Date(v)) : v;
  return sanitizeCsvCell(v);
}

export async function initCsv(
  ctx: AppContext,
  auth: AuthContext,
  body: ExportBody,
  lang: Lang,
  actor: AuditActor = exportActor(auth),
): Promise<number> {
  // A quick refusal before the export is prepared; the count that decides is taken again with
  // the insert, under the user's lock (auditExport).
  const running = await repo.runningJobs(ctx.db, auth.userId);
  if (running >= MAX_JOBS_PER_USER) throw new AppError(429, 'export.jobsBusy', { n: running });
  const prepared = await prepareExport(ctx, auth, body, lang);
  const fileName = `${lang === 'en' ? 'work-orders' : '工单导出'}-${stamp(ctx.now())}.csv`;
  const ids = body.ids ?? null;
  const id = await auditExport(
    ctx,
    auth,
    prepared,
    'csv',
    fileName,
    'queued',
    ids,
    actor,
    MAX_JOBS_PER_USER,
  );
  // The job runs after the reply; its outcome is in its row, never thrown at anyone.
  const counts = exportJobCounts(ctx);
  counts.queued += 1;
  setImmediate(() => {
    counts.queued -= 1;
    void runCsvJob(ctx, id, auth.userId, prepared).catch(() => undefined);
  });
  return id;
}

/** Thrown into the writing loop when the file store stopped reading (its error is the reason). */
class StoreStopped extends Error {}

export async function runCsvJob(
  ctx: AppContext,
  id: number,
  userId: number,
  prepared: PreparedExport,
): Promise<void> {
  const job = new JobProgress(ctx, id, userId, prepared.total);
  const key = `exports/${id}-${randomBytes(8).toString('hex')}.csv`;
  const store = fileStoreOf(ctx);
  const csv = stringify({ bom: true });
  // The file store reads the CSV as it is produced, chunk by chunk, so every node can serve it;
  // a full buffer makes the writer wait (backpressure).
  const stored = store.put(key, csv);
  stored.catch(() => undefined);
  let rows = 0;
  try {
    await job.running(key);
    const keys = prepared.columns.map((c) => c.key);
    const values = rowValues(keys, prepared.env);
    const times = prepared.columns.map((c) => c.type === 'datetime');
    const put = async (record: (string | number)[]) => {
      if (csv.destroyed) throw new StoreStopped();
      if (!csv.write(record)) await waitDrain(csv);
    };
    await put(prepared.columns.map((c) => sanitizeCsvCell(headerOf(c, prepared.env.lang))));
    for await (const chunk of exportChunks(ctx.db, prepared.where, {
      now: prepared.env.now,
      needs: needsOf(keys),
      names: prepared.env.names,
    })) {
      for (const row of chunk) {
        await put(values(row, ++rows).map((v, i) => csvCell(v, times[i])));
      }
      await job.progress(rows);
    }
    csv.end();
    await stored;
    await job.end(rows);
  } catch (error) {
    csv.destroy();
    // A failing store is the reason the loop stopped; otherwise the loop's own error is.
    const reason =
      error instanceof StoreStopped
        ? await stored.then(
            () => error,
            (e: unknown) => e,
          )
        : error;
    await stored.catch(() => undefined);
    await store.delete(key).catch(() => undefined);
    await job.end(rows, (reason as Error).message.slice(0, 500));
  }
}

/** exportCsv: the finished file of the caller's own job (administrators: anyone's). */
export async function openCsv(ctx: AppContext, auth: AuthContext, jobId: number) {
  const job = await repo.findRecord(ctx.db, jobId);
  if (!job || job.format !== 'csv' || (job.user_id !== auth.userId && !auth.acl.admin)) {
    throw new AppError(404, 'export.jobNotFound');
  }
  if (job.status === 'expired') {
    throw new AppError(410, 'export.jobExpired', { hours: ctx.settings.exportRetentionHours });
  }
  if (job.status !== 'done' || !job.file_path) {
    throw conflict('export.jobNotDone', { status: job.status });
  }
  const stored = await fileStoreOf(ctx).open(job.file_path);
  if (!stored) throw new AppError(404, 'export.jobNotFound');
  return { job, size: stored.size, stream: stored.stream };
}
