import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../support/test-app';

/**
 * The server's PostgreSQL sessions start without JIT compilation and without parallel workers
 * (db/connect.ts: both cost more than they save on the console's short statements). PGlite has
 * neither, so there is nothing to check there.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({});
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(TEST_DB !== 'postgres')('session settings on PostgreSQL', () => {
  it('jit off and no parallel workers, on every pooled connection', async () => {
    // Several statements at once, so more than one pooled connection answers.
    const seen = await Promise.all(
      Array.from({ length: 4 }, () =>
        sql<{ jit: string; workers: string }>`
          SELECT current_setting('jit') AS jit,
                 current_setting('max_parallel_workers_per_gather') AS workers,
                 pg_sleep(0.05)::text`.execute(t.ctx.db),
      ),
    );
    for (const { rows } of seen) expect(rows[0]).toMatchObject({ jit: 'off', workers: '0' });
  });
});
