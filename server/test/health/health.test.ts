import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../support/api';
import { createTestApp, TEST_DB, type TestApp } from '../support/test-app';
import { ready, readyUntil } from './ready';

/**
 * Liveness and readiness on a node without Redis: healthy, a migration not applied, and a
 * database that stops answering (a held lock; on PGlite its one connection is busy).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/health/live', () => {
  it('answers 200 without a token', async () => {
    const reply = await get<{ uptimeSeconds: number }>(t, '/api/health/live');
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect(reply.data.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const reply = await ready(t);
    expect([reply.status, reply.code, reply.msg]).toEqual([200, 200, 'success']);
    expect(reply.data).toEqual({ database: 'ok', migrations: 'ok', redis: 'not configured' });
  });

  it('answers many callers at once with one result', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => ready(t)));
    expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
  });

  it('answers 503 naming the migrations when one the server ships is not applied', async () => {
    const last = await sql<{ name: string }>`
      DELETE FROM schema_migrations
      WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name`.execute(t.ctx.db);
    const name = last.rows[0]!.name;
    try {
      const reply = await readyUntil(t, (r) => r.status === 503);
      expect([reply.status, reply.code]).toEqual([503, 503]);
      expect(reply.msg).toBe('service unavailable: migrations');
      expect(reply.data).toEqual({
        database: 'ok',
        migrations: `error: 1 not applied (${name})`,
        redis: 'not configured',
      });
    } finally {
      await sql`INSERT INTO schema_migrations (name) VALUES (${name})`.execute(t.ctx.db);
    }
    expect((await readyUntil(t, (r) => r.status === 200)).status).toBe(200);
  });

  it('answers 503 when the database does not answer in time, and recovers', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const locked = t.ctx.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE schema_migrations IN ACCESS EXCLUSIVE MODE`.execute(trx);
      await held;
    });
    try {
      const reply = await readyUntil(t, (r) => r.status === 503);
      expect([reply.status, reply.code]).toEqual([503, 503]);
      // PostgreSQL answers SELECT 1 and waits on the lock; PGlite's one connection is taken.
      expect(reply.data).toEqual(
        TEST_DB === 'postgres'
          ? { database: 'ok', migrations: 'error: timed out', redis: 'not configured' }
          : {
              database: 'error: timed out',
              migrations: 'error: not checked (database unavailable)',
              redis: 'not configured',
            },
      );
    } finally {
      release();
      await locked;
    }
    expect((await readyUntil(t, (r) => r.status === 200)).status).toBe(200);
  });
});
