import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoom } from '@hotline/contract';
import { buildApp } from '../../src/app';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { EXPORT } from './exports-fixtures';
import { PushClient, listen, sleep } from '../push/push-client';

/**
 * A user's room across nodes: two API nodes on one database, fanned out through the real Redis
 * (TEST_REDIS_URL, a channel of their own per run). A CSV job run by node A reports to the
 * user's socket on node B.
 */

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const channel = `hotline-test:export:${randomBytes(6).toString('hex')}`;

let t: TestApp;
let appB: FastifyInstance;
let nodeB: string;
let dataDir: string;
const open: PushClient[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'exports-redis-'));
  t = await createTestApp({
    orders: 60,
    settings: { redisUrl: REDIS, pushChannel: channel, dataDir },
  });
  await listen(t.app);
  const nodeBuilt = await buildApp(t.ctx);
  appB = nodeBuilt.app;
  const ctxB = nodeBuilt.ctx;
  nodeB = await listen(appB);
  await Promise.all([t.ctx.push!.hub.ready(), ctxB.push!.hub.ready()]);
});
afterAll(async () => {
  for (const c of open) c.close();
  await appB?.close();
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function socketOnB(user: string): Promise<PushClient> {
  const token = await t.login(user);
  const c = await PushClient.open(nodeB, token);
  open.push(c);
  await c.bound(token);
  return c;
}

describe('export progress across nodes', () => {
  it('a job on node A reaches its owner’s socket on node B, and no one else’s', async () => {
    const own = await socketOnB('admin');
    const other = await socketOnB('leader');
    const token = await t.login('admin');
    const init = await post<{ job: { id: number; total: number } }>(
      t,
      `${EXPORT}/initCsv`,
      { columns: ['id', 'title'], filter: {} },
      { token },
    );
    expect(init.code).toBe(200);
    const { id, total } = init.data.job;
    const done = await own.waitFor(
      (m) => m.type === 'exportJob' && m.id === id && m.status === 'done',
    );
    expect(done).toEqual({ type: 'exportJob', id, status: 'done', rows: total, total });
    expect(
      own.messages.find((m) => m.type === 'exportJob' && m.id === id && m.status === 'running'),
    ).toBeDefined();
    await sleep(200);
    expect(other.messages.filter((m) => m.type === 'exportJob')).toEqual([]);
  });

  it('sendToRoom on one node is delivered once to the room on the other', async () => {
    const own = await socketOnB('dispatcher');
    const dispatcher = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'dispatcher')
      .executeTakeFirstOrThrow();
    t.ctx.push!.hub.sendToRoom(userRoom(dispatcher.id), 'exportJob', {
      id: 99,
      status: 'expired',
      rows: 5,
      total: 5,
    });
    await own.waitFor((m) => m.type === 'exportJob' && m.id === 99);
    await sleep(200);
    expect(own.messages.filter((m) => m.type === 'exportJob' && m.id === 99)).toHaveLength(1);
  });
});
