import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { readyUntil } from './ready';

/** Readiness checks Redis when REDIS_URL is set (the Redis at 127.0.0.1:6379, or a closed port). */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let up: TestApp;
let down: TestApp;
beforeAll(async () => {
  up = await createTestApp({ settings: { redisUrl: REDIS_URL } });
  down = await createTestApp({
    settings: { redisUrl: `redis://127.0.0.1:${await closedPort()}` },
  });
});
afterAll(async () => {
  await up?.close();
  await down?.close();
});

describe('readiness with REDIS_URL', () => {
  it('reports redis ok when it answers PING', async () => {
    const reply = await readyUntil(up, (r) => r.status === 200);
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect(reply.data).toEqual({ database: 'ok', migrations: 'ok', redis: 'ok' });
  });

  it('answers 503 naming redis when nothing listens there', async () => {
    const reply = await readyUntil(down, (r) => r.status === 503);
    expect([reply.status, reply.code]).toEqual([503, 503]);
    expect(reply.msg).toBe('service unavailable: redis');
    expect(reply.data).toEqual({
      database: 'ok',
      migrations: 'ok',
      redis: 'error: ECONNREFUSED',
    });
  });
});
