import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelephonyCall } from '@hotline/contract';
import { buildApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { sweepExportJobs } from '../../src/modules/exports/export-jobs';
import * as exportRepo from '../../src/modules/exports/export.repository';
import { fileStoreOf } from '../../src/modules/files/file-store';
import { sweepStorage } from '../../src/modules/files/storage-upkeep';
import { post } from '../support/api';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { DIAL, HANGUP, fastSimulator, takeSeat, waitForState } from '../calls/calls-fixtures';
import { EXPORT } from '../exports/exports-fixtures';
import { multipart, file } from '../intake/intake-fixtures';
import { SAMPLES } from '../intake/intake-samples';

/**
 * Two server nodes on one database, each with its own DATA_DIR: an upload, a CSV export file
 * and a call recording written through node A are served by node B (the file store is in the
 * database, not on a node's disk); the sweeps run on both nodes at once delete each expired or
 * abandoned file once.
 */

let t: TestApp;
let nodeB: FastifyInstance;
let ctxB: AppContext;
let dirA: string;
let dirB: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  dirA = await mkdtemp(join(tmpdir(), 'storage-a-'));
  dirB = await mkdtemp(join(tmpdir(), 'storage-b-'));
  t = await createTestApp({ orders: 60, settings: { dataDir: dirA } });
  const built = await buildApp({
    db: t.ctx.db.withoutPlugins(),
    settings: { ...t.ctx.settings, dataDir: dirB },
    sms: t.sms,
    now: t.ctx.now,
  });
  nodeB = built.app;
  ctxB = built.ctx;
  await nodeB.ready();
  for (const name of ['admin', 'dispatcher']) tokens[name] = await t.login(name);
});
afterAll(async () => {
  await nodeB?.close();
  await t?.close();
  await rm(dirA, { recursive: true, force: true });
  await rm(dirB, { recursive: true, force: true });
});

const filesUnder = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

describe('files written on node A, read on node B', () => {
  it('an upload through the API on A downloads through B, byte for byte', async () => {
    const content = SAMPLES.pdf!;
    const { payload, contentType } = multipart([file('现场照片.pdf', content)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/pUpload',
      headers: { 'content-type': contentType, ...bearer(tokens.dispatcher!) },
      payload,
    });
    const body = res.json<{ code: number; data: { id: number; url: string } }>();
    expect(body.code).toBe(200);
    const got = await nodeB.inject({
      method: 'GET',
      url: body.data.url,
      headers: bearer(tokens.dispatcher!),
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-length']).toBe(String(content.length));
    expect(got.rawPayload.equals(content)).toBe(true);
    // Neither node kept the file on its own disk (the temp file is gone too).
    expect(await filesUnder(dirA)).toEqual([]);
    expect(await filesUnder(dirB)).toEqual([]);
  });

  it('a CSV export job started on A is followed and downloaded on B', async () => {
    const init = await post<{ job: { id: number } }>(
      t,
      `${EXPORT}/initCsv`,
      { columns: ['id', 'title'], filter: {} },
      { token: tokens.admin! },
    );
    expect(init.code).toBe(200);
    const id = init.data.job.id;
    let job:
      { status: string; rows: number; total: number; downloadUrl: string | null } | undefined;
    for (let i = 0; i < 200; i++) {
      const r = await post<{ job: NonNullable<typeof job> }>(
        nodeB,
        `${EXPORT}/queryExportInfo`,
        { jobId: id },
        { token: tokens.admin! },
      );
      job = r.data.job;
      if (job.status === 'done' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job).toMatchObject({ status: 'done', rows: job!.total });
    expect(job!.rows).toBeGreaterThan(10);
    const csv = await nodeB.inject({
      method: 'GET',
      url: job!.downloadUrl!,
      headers: bearer(tokens.admin!),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
    // A header line and one line per order.
    expect(csv.rawPayload.toString('utf8').trimEnd().split('\n')).toHaveLength(job!.rows + 1);
    expect(Number(csv.headers['content-length'])).toBe(csv.rawPayload.length);
  });

  it('a call recording made on A is reachable from A and B', async () => {
    fastSimulator(t);
    expect((await takeSeat(t, tokens.dispatcher!, 3)).code).toBe(200);
    const order = await t.ctx.db
      .selectFrom('work_orders')
      .select('id')
      .where('caller_phone', '<>', '')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const dialled = await post<TelephonyCall>(
      t,
      DIAL,
      { orderId: order.id },
      { token: tokens.dispatcher! },
    );
    expect(dialled.code).toBe(200);
    await waitForState(t, tokens.dispatcher!, dialled.data.callOutId, 'answered');
    const ended = await post<TelephonyCall>(
      t,
      HANGUP,
      { callOutId: dialled.data.callOutId },
      { token: tokens.dispatcher! },
    );
    expect(ended.data.file).not.toBe('');
    const fromA = await t.app.inject({
      method: 'GET',
      url: ended.data.file,
      headers: bearer(tokens.dispatcher!),
    });
    const fromB = await nodeB.inject({
      method: 'GET',
      url: ended.data.file,
      headers: bearer(tokens.dispatcher!),
    });
    expect([fromA.statusCode, fromB.statusCode]).toEqual([200, 200]);
    expect(fromB.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
  });
});

describe('sweeps on two nodes at once', () => {
  it('the retention sweep deletes each expired export file once', async () => {
    const admin = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'unit_id'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const store = fileStoreOf(t.ctx);
    const longAgo = new Date(t.ctx.now().getTime() - 48 * 3_600_000);
    let total = { expired: 0, deleted: 0 };
    for (let round = 0; round < 3; round++) {
      const keys: string[] = [];
      for (let i = 0; i < 3; i++) {
        const id = await exportRepo.insertRecord(t.ctx.db, {
          userId: admin.id,
          unitId: admin.unit_id!,
          format: 'csv',
          status: 'done',
          total: 1,
          masked: false,
          columns: ['id'],
          filter: {},
          orderIds: null,
          fileName: 'old.csv',
          at: longAgo,
        });
        const key = `exports/${id}-old.csv`;
        await store.put(key, Buffer.from(`id\n${id}\n`));
        await exportRepo.updateRecord(t.ctx.db, id, {
          filePath: key,
          rows: 1,
          finishedAt: longAgo,
        });
        keys.push(key);
      }
      const [a, b] = await Promise.all([
        sweepExportJobs(t.ctx, { startup: false }),
        sweepExportJobs(ctxB, { startup: false }),
      ]);
      expect(a.expired + b.expired).toBe(3);
      expect(a.deleted + b.deleted).toBe(3);
      total = {
        expired: total.expired + a.expired + b.expired,
        deleted: total.deleted + a.deleted + b.deleted,
      };
      for (const key of keys) expect(await store.exists(key)).toBe(false);
    }
    expect(total).toEqual({ expired: 9, deleted: 9 });
  });

  it('abandoned writes are deleted once; each node clears its own stale temp uploads', async () => {
    const old = new Date(t.ctx.now().getTime() - 2 * 3_600_000);
    await t.ctx.db
      .insertInto('stored_files')
      .values({ key: 'exports/abandoned.csv', created_at: old, written_at: old, complete: false })
      .execute();
    const tmp = join(dirB, 'uploads', 'tmp');
    await mkdir(tmp, { recursive: true });
    await writeFile(join(tmp, 'stale.part'), 'x');
    await writeFile(join(tmp, 'fresh.part'), 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(join(tmp, 'stale.part'), twoHoursAgo, twoHoursAgo);

    const [a, b] = await Promise.all([sweepStorage(t.ctx), sweepStorage(ctxB)]);
    expect((a.abandoned ?? 0) + (b.abandoned ?? 0)).toBe(1);
    expect([a.tempUploads, b.tempUploads]).toEqual([0, 1]);
    expect(await readdir(tmp)).toEqual(['fresh.part']);
    const left = await t.ctx.db
      .selectFrom('stored_files')
      .select('key')
      .where('key', '=', 'exports/abandoned.csv')
      .execute();
    expect(left).toEqual([]);
    await rm(join(tmp, 'fresh.part'));
  });
});
