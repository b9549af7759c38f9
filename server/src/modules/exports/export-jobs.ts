import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { userRoom, type PushMessageMap } from '@hotline/contract';
import type { AppContext } from '../../context';
import { fileStoreOf } from '../files/file-store';
import * as repo from './export.repository';

/**
 * The life of export jobs beyond one request: progress pushed to the user's own room (about
 * once a second, and when the job ends), a heartbeat while a job runs, and the sweep — at
 * start-up and every minute, on one node at a time — that fails jobs a stopped node left behind
 * and deletes finished files from the file store after EXPORT_RETENTION_HOURS (their rows say
 * `expired`).
 */

/** How often a running job shows it is alive, and how often it pushes its progress. */
export const JOB_HEARTBEAT_MS = 10_000;
export const PROGRESS_MS = 1_000;
/** No heartbeat for this long: the node running the job has stopped. */
export const JOB_STALE_MS = 60_000;
export const SWEEP_MS = 60_000;
export const ABANDONED_ERROR = 'interrupted: the server stopped or restarted while the job ran';

const HOUR_MS = 3_600_000;

export type ExportJobMessage = PushMessageMap['exportJob'];

/** This node's CSV jobs, read by GET /metrics: accepted but not started, running, rows written. */
export interface ExportJobCounts {
  queued: number;
  running: number;
  rowsWritten: number;
}

const jobCounts = new WeakMap<AppContext, ExportJobCounts>();

export function exportJobCounts(ctx: AppContext): ExportJobCounts {
  let counts = jobCounts.get(ctx);
  if (!counts) jobCounts.set(ctx, (counts = { queued: 0, running: 0, rowsWritten: 0 }));
  return counts;
}

function pushJob(ctx: AppContext, userId: number, body: ExportJobMessage): void {
  ctx.push?.hub.sendToRoom(userRoom(userId), 'exportJob', body);
}

/**
 * One running job: `progress` writes its rows and heartbeat and pushes them at most once per
 * PROGRESS_MS; a timer keeps the heartbeat fresh while a chunk takes long; `end` records the
 * outcome and pushes it. Each write is one statement, pushed after it committed; progress
 * never overwrites an ended job.
 */
export class JobProgress {
  private lastPush = 0;
  private ended = false;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly counts: ExportJobCounts;
  private counted = 0;

  constructor(
    private readonly ctx: AppContext,
    readonly id: number,
    private readonly userId: number,
    private readonly total: number | null,
  ) {
    this.timer = setInterval(() => {
      void repo.updateRecord(ctx.db, id, { heartbeatAt: ctx.now() }, true).catch(() => undefined);
    }, JOB_HEARTBEAT_MS);
    this.timer.unref();
    this.counts = exportJobCounts(ctx);
    this.counts.running += 1;
  }

  private count(rows: number): void {
    this.counts.rowsWritten += rows - this.counted;
    this.counted = rows;
  }

  async running(filePath: string): Promise<void> {
    await repo.updateRecord(this.ctx.db, this.id, {
      status: 'running',
      filePath,
      heartbeatAt: this.ctx.now(),
    });
    this.lastPush = Date.now();
    this.push('running', 0);
  }

  async progress(rows: number): Promise<void> {
    this.count(rows);
    const t = Date.now();
    if (t - this.lastPush < PROGRESS_MS) return;
    this.lastPush = t;
    await repo.updateRecord(this.ctx.db, this.id, { rows, heartbeatAt: this.ctx.now() }, true);
    if (!this.ended) this.push('running', rows);
  }

  async end(rows: number, error?: string): Promise<void> {
    this.count(rows);
    if (!this.ended) this.counts.running -= 1;
    this.ended = true;
    clearInterval(this.timer);
    await repo.updateRecord(this.ctx.db, this.id, {
      status: error === undefined ? 'done' : 'failed',
      rows,
      finishedAt: this.ctx.now(),
      ...(error === undefined ? {} : { error, filePath: null }),
    });
    this.push(error === undefined ? 'done' : 'failed', rows, error);
  }

  private push(status: ExportJobMessage['status'], rows: number, error?: string): void {
    pushJob(this.ctx, this.userId, {
      id: this.id,
      status,
      rows,
      total: this.total,
      ...(error === undefined ? {} : { error }),
    });
  }
}

export interface SweepResult {
  failed: number;
  expired: number;
  /** Files deleted from the file store (of the failed and expired jobs). */
  deleted: number;
  /** Another node held the sweep: this one did nothing. */
  skipped: boolean;
}

/** The advisory lock that makes one node at a time sweep (the others skip that round). */
export const EXPORT_SWEEP_LOCK = 7_341_234_6;

/**
 * One sweep, run by one node at a time across the deployment (a transaction-scoped advisory
 * lock; a node that does not get it skips). `startup` on the only node (embedded database)
 * fails every open job — nothing else can be running them; otherwise only jobs without a
 * heartbeat for JOB_STALE_MS (another live node may be running the rest). The jobs' rows and
 * their files in the file store change in one transaction: a file is deleted exactly once.
 */
export async function sweepExportJobs(
  ctx: AppContext,
  options: { startup: boolean },
): Promise<SweepResult> {
  const now = ctx.now();
  const onlyNode = options.startup && !ctx.settings.databaseUrl;
  const staleBefore = onlyNode ? null : new Date(now.getTime() - JOB_STALE_MS);
  const retentionMs = ctx.settings.exportRetentionHours * HOUR_MS;
  const store = fileStoreOf(ctx);
  const swept = await ctx.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      got: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${EXPORT_SWEEP_LOCK}) AS got`.execute(trx);
    if (!rows[0]?.got) return null;
    const failed = await repo.failAbandonedJobs(trx, now, staleBefore, ABANDONED_ERROR);
    const expired = await repo.expireJobFiles(trx, new Date(now.getTime() - retentionMs));
    const paths = [...failed, ...expired].flatMap((job) => (job.file_path ? [job.file_path] : []));
    const deleted = await store.delete(paths, { within: trx });
    return { failed, expired, deleted };
  });
  if (!swept) return { failed: 0, expired: 0, deleted: 0, skipped: true };
  const { failed, expired, deleted } = swept;
  for (const job of failed) {
    pushJob(ctx, job.user_id, {
      id: job.id,
      status: 'failed',
      rows: job.rows,
      total: job.total,
      error: ABANDONED_ERROR,
    });
  }
  for (const job of expired) {
    pushJob(ctx, job.user_id, { id: job.id, status: 'expired', rows: job.rows, total: job.total });
  }
  return { failed: failed.length, expired: expired.length, deleted, skipped: false };
}

/** Runs the sweep when the app is ready and every SWEEP_MS until it closes. */
export function scheduleExportSweep(
  ctx: AppContext,
  hooks: {
    onReady(fn: () => Promise<void>): void;
    onClose(fn: () => Promise<void>): void;
  },
  log: FastifyBaseLogger,
): void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let sweeping = false;
  const sweep = async (startup: boolean) => {
    if (sweeping) return;
    sweeping = true;
    try {
      const r = await sweepExportJobs(ctx, { startup });
      if (r.failed + r.expired > 0) log.info(r, 'export jobs swept');
    } catch (error) {
      log.warn({ err: error }, 'export job sweep failed');
    } finally {
      sweeping = false;
    }
  };
  hooks.onReady(async () => {
    await sweep(true);
    timer = setInterval(() => void sweep(false), SWEEP_MS);
    timer.unref();
  });
  hooks.onClose(async () => {
    if (timer) clearInterval(timer);
  });
}
