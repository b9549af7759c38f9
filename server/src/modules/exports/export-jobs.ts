import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { userRoom, type PushMessageMap } from '@hotline/contract';
import type { AppContext } from '../../context';
import * as repo from './export.repository';

/**
 * The life of export jobs beyond one request: progress pushed to the user's own room (about
 * once a second, and when the job ends), a heartbeat while a job runs, and the sweep — at
 * start-up and every minute — that fails jobs a stopped node left behind and deletes finished
 * files after EXPORT_RETENTION_HOURS (their rows say `expired`).
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
    const t = Date.now();
    if (t - this.lastPush < PROGRESS_MS) return;
    this.lastPush = t;
    await repo.updateRecord(this.ctx.db, this.id, { rows, heartbeatAt: this.ctx.now() }, true);
    if (!this.ended) this.push('running', rows);
  }

  async end(rows: number, error?: string): Promise<void> {
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
  orphans: number;
}

/**
 * One sweep. `startup` on the only node (embedded database) fails every open job — nothing
 * else can be running them; otherwise only jobs without a heartbeat for JOB_STALE_MS (another
 * live node may be running the rest).
 */
export async function sweepExportJobs(
  ctx: AppContext,
  options: { startup: boolean },
): Promise<SweepResult> {
  const now = ctx.now();
  const onlyNode = options.startup && !ctx.settings.databaseUrl;
  const staleBefore = onlyNode ? null : new Date(now.getTime() - JOB_STALE_MS);
  const failed = await repo.failAbandonedJobs(ctx.db, now, staleBefore, ABANDONED_ERROR);
  const retentionMs = ctx.settings.exportRetentionHours * HOUR_MS;
  const expired = await repo.expireJobFiles(ctx.db, new Date(now.getTime() - retentionMs));
  for (const job of [...failed, ...expired]) {
    if (job.file_path) await unlink(join(ctx.settings.dataDir, job.file_path)).catch(() => {});
  }
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
  // Files no row points at any more (a crash between writing and recording): by their age.
  const orphans = await deleteOldFiles(
    join(ctx.settings.dataDir, 'exports'),
    now.getTime() - retentionMs - HOUR_MS,
  );
  return { failed: failed.length, expired: expired.length, orphans };
}

async function deleteOldFiles(dir: string, before: number): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && info.mtimeMs < before) {
      await unlink(path).catch(() => {});
      deleted += 1;
    }
  }
  return deleted;
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
      if (r.failed + r.expired + r.orphans > 0) log.info(r, 'export jobs swept');
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
