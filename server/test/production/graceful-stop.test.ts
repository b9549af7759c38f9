import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_CLOSE } from '@hotline/contract';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect';
import { migrate } from '../../src/db/migrate';
import { findRecord } from '../../src/modules/exports/export.repository';
import { DEMO_PASSWORD, seedBase, seedDemoIfEmpty } from '../../src/seed/index';
import { PushClient } from '../push/push-client';
import { TEST_DB } from '../support/test-app';
import { buildServer, createPostgresDatabase, ProdServer, type Launch } from './prod-server';

/**
 * The production build run for real (docs/operations.md "Production build, start and stop"):
 * server/dist/main.js in a process of its own, on the embedded database (TEST_DB=pglite, the
 * production command itself) or on PostgreSQL (the start:prod script, and `npm run start:prod`
 * once for the signal chain through npm). Under a stream of writes it gets SIGTERM: every write
 * it acknowledged is in the database afterwards, push sockets are closed with "service
 * restart", the export job started just before finishes, and the process exits 0. Then the
 * crash probe (issue 19): `kill -9` under the same stream, a new start on the same database,
 * and every acknowledged write read back through the API.
 */

const ON_POSTGRES = TEST_DB === 'postgres';
const INTAKE = '/api/addons/jsjb/redaction/insert';
/** Concurrent writers; each stops at its first refused or failed request. */
const WRITERS = 4;
/** Writes each writer sends at most (the server is told to stop long before). */
const MAX_WRITES = 300;
/** Acknowledged writes before the signal, so the stop lands in a busy stream. */
const WRITES_BEFORE_STOP = 12;

interface Database {
  env: Record<string, string>;
  /** The database, opened by the test while no server runs on it. */
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

async function database(): Promise<Database> {
  if (ON_POSTGRES) {
    // The server seeds no demo data on PostgreSQL: the demo accounts are seeded here first.
    const created = await createPostgresDatabase();
    const open = () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
    const handle = await open();
    await migrate(handle.db);
    await seedBase(handle.db);
    await seedDemoIfEmpty(handle.db, { orders: 0, now: new Date() });
    await handle.close();
    return { env: { DATABASE_URL: created.url }, open, remove: created.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'hotline-prod-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

interface Reply<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

async function post<T>(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en-US',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Omit<Reply<T>, 'status'>;
  return { status: res.status, ...json };
}

async function login(base: string, username: string): Promise<string> {
  const reply = await post<{ token: string }>(base, '/api/login/password', {
    username,
    password: DEMO_PASSWORD,
  });
  if (reply.code !== 200) throw new Error(`login ${username}: ${reply.code} ${reply.msg}`);
  return reply.data.token;
}

interface CategoryNode {
  id: number;
  level: number;
  children: CategoryNode[];
}

/** A problem category (level 3) for the intake form, from the picker the console uses. */
async function problemCategory(base: string, token: string): Promise<number> {
  const reply = await post<{ list: CategoryNode[] }>(
    base,
    '/api/addons/jsjb/lists/categoryTree',
    {},
    token,
  );
  const stack = [...reply.data.list];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.level === 3) return node.id;
    stack.push(...node.children);
  }
  throw new Error(`no level-3 category: ${reply.code} ${reply.msg}`);
}

/** Creates orders one after another until the server refuses or drops a request. */
async function writer(base: string, token: string, categoryId: number, acked: number[]) {
  for (let i = 0; i < MAX_WRITES; i += 1) {
    try {
      const reply = await post<{ order: { id: number } }>(
        base,
        INTAKE,
        {
          title: `停止时的写入 ${i}`,
          majorContent: '来电人反映小区门口的路灯已经连续三天不亮，夜间出行不便，希望尽快维修。',
          callerName: '赵先生',
          callerPhone: '13912345678',
          address: '望湖东里小区南门',
          categoryId,
          urgency: 'general',
          orderNature: 'complaint',
        },
        token,
      );
      if (reply.status !== 200 || reply.code !== 200) return;
      acked.push(reply.data.order.id);
    } catch {
      return; // refused or reset: the server has stopped taking requests
    }
  }
}

async function until(pred: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`still waiting for ${what} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.sequential(`the built server on ${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'}`, () => {
  let db: Database;
  let server: ProdServer | null = null;
  const launch: Launch = ON_POSTGRES ? 'start-script' : 'node';
  const env = { SHUTDOWN_TIMEOUT_MS: '30000' };

  beforeAll(async () => {
    buildServer();
    db = await database();
    server = await ProdServer.start({ ...env, ...db.env }, launch);
  });

  afterAll(async () => {
    await server?.kill();
    await db?.remove();
  });

  it('serves the API: a demo account logs in', async () => {
    const token = await login(server!.base, 'dispatcher');
    expect(token).toMatch(/\S{20,}/);
    expect(server!.has('console and API on')).toBe(true);
  });

  it('SIGTERM under load: acknowledged writes kept, sockets told to reconnect, exit 0', async () => {
    const s = server!;
    const token = await login(s.base, 'dispatcher');
    const admin = await login(s.base, 'admin');
    const categoryId = await problemCategory(s.base, token);

    const bound = await PushClient.open(s.base, token);
    await bound.bound(token);
    const unbound = await PushClient.open(s.base, token);

    const acked: number[] = [];
    const writers = Array.from({ length: WRITERS }, () => writer(s.base, token, categoryId, acked));
    await until(() => acked.length >= WRITES_BEFORE_STOP, 'the first writes');
    const exportJob = await post<{ job: { id: number } }>(
      s.base,
      '/api/addons/jsjb/export/initCsv',
      { columns: ['id', 'title', 'callerName', 'callTime'] },
      admin,
    );
    expect(exportJob.code, exportJob.msg).toBe(200);

    s.child.kill('SIGTERM');
    await Promise.all(writers);
    const exit = await s.exited;
    server = null;
    if (exit.code !== 0) throw s.failure(`exit ${JSON.stringify(exit)}`);
    expect(s.has('shutdown complete')).toBe(true);
    expect(s.has('not finished within')).toBe(false);

    expect(await bound.waitClosed()).toBe(PUSH_CLOSE.serviceRestart);
    expect(await unbound.waitClosed()).toBe(PUSH_CLOSE.serviceRestart);

    // The writers stopped because the server did, not because they ran out.
    expect(acked.length).toBeGreaterThanOrEqual(WRITES_BEFORE_STOP);
    expect(acked.length).toBeLessThan(WRITERS * MAX_WRITES);
    const handle = await db.open();
    try {
      const rows = await handle.db
        .selectFrom('work_orders')
        .select('id')
        .where('id', 'in', acked)
        .execute();
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...acked].sort((a, b) => a - b));
      const job = await findRecord(handle.db, exportJob.data.job.id);
      expect(job).toMatchObject({ status: 'done', error: null });
    } finally {
      await handle.close();
    }
  });

  it.runIf(ON_POSTGRES)(
    '`npm run start:prod`: SIGTERM to npm stops the server too, nothing left running',
    async () => {
      const s = await ProdServer.start({ ...env, ...db.env }, 'npm');
      server = s;
      await login(s.base, 'dispatcher');
      expect(s.serverPid).toBeGreaterThan(0);
      expect(s.serverPid).not.toBe(s.child.pid);
      s.child.kill('SIGTERM');
      await s.waitForLog((l) => l.msg === 'shutdown complete');
      await until(() => !ProdServer.alive(s.serverPid), 'the server process to end');
      // The output closes when the last process holding it (start.mjs) has ended too.
      await s.closed;
      server = null;
      expect(s.has('shutdown: step failed')).toBe(false);
    },
  );

  it('kill -9 under load: the server starts again and every acknowledged write is there', async () => {
    const s = await ProdServer.start({ ...env, ...db.env }, 'node');
    server = s;
    const token = await login(s.base, 'dispatcher');
    const categoryId = await problemCategory(s.base, token);
    const acked: number[] = [];
    const writers = Array.from({ length: WRITERS }, () => writer(s.base, token, categoryId, acked));
    await until(() => acked.length >= WRITES_BEFORE_STOP, 'the first writes');
    await s.kill(); // SIGKILL: no shutdown at all
    await Promise.all(writers);
    server = null;
    expect(s.has('shutdown complete')).toBe(false);
    expect(acked.length).toBeGreaterThanOrEqual(WRITES_BEFORE_STOP);

    // The database recovers on the next start and serves what was acknowledged.
    const again = await ProdServer.start({ ...env, ...db.env }, 'node');
    server = again;
    const after = await login(again.base, 'dispatcher');
    for (const id of acked) {
      const detail = await post<{ order: { id: number } }>(
        again.base,
        '/api/addons/jsjb/lists/detail',
        { id },
        after,
      );
      expect([detail.code, detail.data?.order?.id], `order ${id}: ${detail.msg}`).toEqual([
        200,
        id,
      ]);
    }
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
    server = null;
  });
});
