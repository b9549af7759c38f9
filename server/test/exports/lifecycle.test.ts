import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '@hotline/contract';
import { buildApp } from '../../src/app';
import {
  ABANDONED_ERROR,
  JOB_STALE_MS,
  sweepExportJobs,
} from '../../src/modules/exports/export-jobs';
import * as repo from '../../src/modules/exports/export.repository';
import { fileStoreOf } from '../../src/modules/files/file-store';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { download, EXPORT } from './exports-fixtures';
import { PushClient, listen, sleep } from '../push/push-client';

/**
 * Export jobs beyond one request: progress and the end pushed to the owner's socket (and to
 * nobody else), jobs a stopped server left open failed at start-up, finished files deleted
 * after the retention period (row `expired`, download answers 410).
 */

type ExportJobMessage = Extract<PushMessage, { type: 'exportJob' }>;
interface Job {
  id: number;
  status: string;
  rows: number;
  total: number;
  error: string | null;
  downloadUrl: string | null;
}

let t: TestApp;
let base: string;
let dataDir: string;
const tokens: Record<string, string> = {};
const sockets: PushClient[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'exports-life-'));
  t = await createTestApp({
    orders: 200,
    settings: { dataDir, pushHeartbeatMs: 1000, exportRetentionHours: 24 },
  });
  base = await listen(t.app);
  for (const u of ['admin', 'leader']) tokens[u] = await t.login(u);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function socketOf(user: string): Promise<PushClient> {
  const c = await PushClient.open(base, tokens[user]!);
  sockets.push(c);
  await c.bound(tokens[user]!);
  return c;
}

const jobMessages = (c: PushClient, id: number) =>
  c.messages.filter((m): m is ExportJobMessage => m.type === 'exportJob' && m.id === id);

async function jobOf(id: number, token = tokens.admin!): Promise<Job> {
  const r = await post<{ job: Job }>(t, `${EXPORT}/queryExportInfo`, { jobId: id }, { token });
  expect(r.code).toBe(200);
  return r.data.job;
}

async function finishedCsvJob(): Promise<Job> {
  const init = await post<{ job: Job }>(
    t,
    `${EXPORT}/initCsv`,
    { columns: ['id', 'title'], filter: {} },
    { token: tokens.admin! },
  );
  expect(init.code).toBe(200);
  for (let i = 0; i < 100; i++) {
    const job = await jobOf(init.data.job.id);
    if (job.status === 'done' || job.status === 'failed') return job;
    await sleep(100);
  }
  throw new Error('the job did not finish');
}

describe('pushed progress', () => {
  it('sends the running job and its end to the owner’s sockets only', async () => {
    const own = await socketOf('admin');
    const other = await socketOf('leader');
    const init = await post<{ job: Job }>(
      t,
      `${EXPORT}/initCsv`,
      { columns: ['id', 'title', 'callTime'], filter: {} },
      { token: tokens.admin! },
    );
    expect(init.code).toBe(200);
    const id = init.data.job.id;
    const done = await own.waitFor(
      (m) => m.type === 'exportJob' && m.id === id && m.status !== 'running',
    );
    const total = init.data.job.total;
    expect(total).toBeGreaterThan(0);
    expect(done).toEqual({ type: 'exportJob', id, status: 'done', rows: total, total });
    const seen = jobMessages(own, id);
    expect(seen[0]).toEqual({ type: 'exportJob', id, status: 'running', rows: 0, total });
    // Rows only grow; the end comes last and once.
    const rows = seen.map((m) => m.rows);
    expect([...rows].sort((a, b) => a - b)).toEqual(rows);
    expect(seen.filter((m) => m.status !== 'running')).toHaveLength(1);
    expect(seen.at(-1)!.status).toBe('done');
    // What was pushed is what the record says.
    expect(await jobOf(id)).toMatchObject({ status: 'done', rows: total });
    await sleep(200);
    expect(jobMessages(other, id)).toEqual([]);
  });

  it('a job that fails pushes `failed` with its error', async () => {
    const own = await socketOf('admin');
    // The file store cannot take the file: its chunk table is out of the way.
    await sql`ALTER TABLE stored_file_chunks RENAME TO stored_file_chunks_away`.execute(t.ctx.db);
    try {
      const init = await post<{ job: Job }>(
        t,
        `${EXPORT}/initCsv`,
        { columns: ['id'], filter: {} },
        { token: tokens.admin! },
      );
      expect(init.code).toBe(200);
      const id = init.data.job.id;
      const end = await own.waitFor(
        (m) => m.type === 'exportJob' && m.id === id && m.status !== 'running',
      );
      // The rows were written; storing them failed at the first chunk (the whole small file).
      expect(end).toMatchObject({ status: 'failed' });
      expect((end as ExportJobMessage).error).toMatch(/stored_file_chunks/);
      expect(await jobOf(id)).toMatchObject({ status: 'failed', downloadUrl: null });
      // Nothing of the file is left in the store.
      const left = await t.ctx.db
        .selectFrom('stored_files')
        .select('key')
        .where('key', 'like', `exports/${id}-%`)
        .execute();
      expect(left).toEqual([]);
    } finally {
      await sql`ALTER TABLE stored_file_chunks_away RENAME TO stored_file_chunks`.execute(t.ctx.db);
    }
  });
});

describe('jobs left open by a stopped server', () => {
  const openJob = async (status: 'queued' | 'running', file: string | null, heartbeat: Date) => {
    const admin = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'unit_id'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const id = await repo.insertRecord(t.ctx.db, {
      userId: admin.id,
      unitId: admin.unit_id!,
      format: 'csv',
      status,
      total: 10,
      masked: false,
      columns: ['id'],
      filter: {},
      orderIds: null,
      fileName: 'x.csv',
      at: heartbeat,
    });
    if (file) {
      await fileStoreOf(t.ctx).put(file, Buffer.from('partial'));
      await repo.updateRecord(t.ctx.db, id, { filePath: file, rows: 3 });
    }
    return id;
  };

  it('are marked failed, with their partial files deleted, when the server starts', async () => {
    const running = await openJob('running', 'exports/left-1.csv', t.ctx.now());
    const queued = await openJob('queued', null, t.ctx.now());
    // A node starting on the same (embedded) database: nothing else can be running them.
    // buildApp makes the node's own context (and hub) from the base parts of t.ctx.
    const { app: restarted } = await buildApp(t.ctx);
    await restarted.ready();
    await restarted.close();
    expect(await jobOf(running)).toMatchObject({
      status: 'failed',
      rows: 3,
      error: ABANDONED_ERROR,
      downloadUrl: null,
    });
    expect((await jobOf(queued)).status).toBe('failed');
    expect(await fileStoreOf(t.ctx).exists('exports/left-1.csv')).toBe(false);
    // The download says why there is nothing.
    const file = await download(t, 'GET', `${EXPORT}/exportCsv?jobId=${running}`, tokens.admin!);
    expect(file.status).toBe(409);
    expect(file.json).toMatchObject({ code: 409, data: null });
  });

  it('with a shared database only jobs without a recent heartbeat are failed', async () => {
    const now = t.ctx.now();
    const stale = await openJob('running', null, new Date(now.getTime() - JOB_STALE_MS - 5000));
    const alive = await openJob('running', null, new Date(now.getTime() - 5000));
    const settings = t.ctx.settings;
    t.ctx.settings = { ...settings, databaseUrl: 'postgres://elsewhere/db' };
    try {
      const swept = await sweepExportJobs(t.ctx, { startup: true });
      expect(swept.failed).toBe(1);
    } finally {
      t.ctx.settings = settings;
    }
    expect((await jobOf(stale)).status).toBe('failed');
    expect((await jobOf(alive)).status).toBe('running');
    await repo.updateRecord(t.ctx.db, alive, { status: 'failed', error: 'test over' });
  });
});

describe('retention', () => {
  it('deletes a finished file after EXPORT_RETENTION_HOURS; the job shows expired', async () => {
    const job = await finishedCsvJob();
    expect(job.status).toBe('done');
    const row = await repo.findRecord(t.ctx.db, job.id);
    const key = row!.file_path!;
    const stored = () => fileStoreOf(t.ctx).exists(key);
    expect(await stored()).toBe(true);

    // Within the period: kept.
    t.advance(23 * 3_600_000);
    expect((await sweepExportJobs(t.ctx, { startup: false })).expired).toBe(0);
    expect(await stored()).toBe(true);
    // The clock moved past the sessions' end: sign in again.
    tokens.admin = await t.login('admin');
    const ok = await download(t, 'GET', job.downloadUrl!, tokens.admin);
    expect(ok.status).toBe(200);

    t.advance(2 * 3_600_000);
    tokens.admin = await t.login('admin');
    const own = await socketOf('admin');
    expect((await sweepExportJobs(t.ctx, { startup: false })).expired).toBeGreaterThanOrEqual(1);
    expect(await stored()).toBe(false);
    expect(await jobOf(job.id)).toMatchObject({ status: 'expired', downloadUrl: null });
    await own.waitFor((m) => m.type === 'exportJob' && m.id === job.id && m.status === 'expired');

    for (const lang of ['zh', 'en'] as const) {
      const gone = await download(t, 'GET', job.downloadUrl!, tokens.admin!, undefined, lang);
      expect(gone.status).toBe(410);
      expect(gone.json?.code).toBe(410);
      expect(gone.json?.msg).toBe(
        lang === 'zh'
          ? '导出文件已过期删除（保留 24 小时），请重新导出'
          : 'the export file has expired and was deleted (kept 24 hours): export again',
      );
    }
    // A second sweep finds nothing more to do.
    expect((await sweepExportJobs(t.ctx, { startup: false })).expired).toBe(0);
  });
});
