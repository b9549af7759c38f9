import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The call-back queues' index carries the dates a list filters on (migration 046), and the
 * orders' table is vacuumed with its index pass (migration 047), so that what the queue pages
 * and totals read from the index is answered from it (docs/performance.md, "Thirty-ninth
 * session").
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: 600 });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;

/** A plan read in a transaction that is rolled back (what `setup` changed goes with it). */
async function plan(
  statement: ReturnType<typeof sql>,
  setup: (trx: Transaction<Database>) => Promise<unknown> = async () => undefined,
): Promise<string> {
  let text = '';
  await db()
    .transaction()
    .execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
      await setup(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`${statement}`.execute(trx);
      text = rows.map((r) => r['QUERY PLAN']).join('\n');
      throw new RolledBack();
    })
    .catch((e: unknown) => {
      if (!(e instanceof RolledBack)) throw e;
    });
  return text;
}

class RolledBack extends Error {}

/**
 * Only the call-back index left to the planner (the others dropped in the rolled-back
 * transaction): on a test database of a few dozen orders any index would do, and the question
 * is whether this one answers alone.
 */
async function onlyVisitIndex(trx: Transaction<Database>) {
  const { rows } = await sql<{ name: string }>`
    SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = 'work_orders'::regclass AND i.relname <> 'work_orders_visit_idx'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`.execute(trx);
  for (const r of rows) await sql`DROP INDEX ${sql.ref(r.name)}`.execute(trx);
}

describe('the call-back queue with a date filter', () => {
  // 待回访 as a page and its total ask: the queue (status 91, a call-back state), the caller's
  // types, and a range of deadlines or of dispatch times.
  const week = {
    from: new Date('2026-11-23T00:00:00+08:00'),
    to: new Date('2026-11-30T00:00:00+08:00'),
  };
  for (const column of ['deadline', 'dispatch_time'] as const) {
    it(`reads its page and its count from the index alone (${column})`, async () => {
      const range = sql`${sql.ref(`work_orders.${column}`)} >= ${week.from}
                    AND ${sql.ref(`work_orders.${column}`)} < ${week.to}`;
      const page = await plan(
        sql`
        EXPLAIN SELECT id FROM work_orders
         WHERE status = 91 AND huifang_state = 2 AND type_id IN (1, 5, 7) AND ${range}
         ORDER BY call_time DESC, id DESC LIMIT 21`,
        onlyVisitIndex,
      );
      const count = await plan(
        sql`
        EXPLAIN SELECT count(*) FROM work_orders
         WHERE status = 91 AND huifang_state IN (2, 11, 12, 13) AND type_id IN (1, 5, 7)
           AND ${range}`,
        onlyVisitIndex,
      );
      for (const p of [page, count])
        expect(p).toMatch(/Index Only Scan using work_orders_visit_idx/);
    });
  }
});

describe("the orders' table, vacuumed", () => {
  it('leaves a page with a changed order all-visible: no heap fetch for its entries', async () => {
    // Every order moved once, then vacuumed: the table twice its size, half of it free space
    // (past 100 pages, where PostgreSQL's 2 % of the pages is at least 2).
    await sql`UPDATE work_orders SET deadline = deadline + interval '1 second'`.execute(db());
    await sql`VACUUM work_orders`.execute(db());
    // One order changed in an indexed column (not a HOT update): its old version is a dead
    // item on its page, on fewer than 2 % of the table's pages — the case in which PostgreSQL
    // 14+ skips the index pass unless the table asks for it, and leaves the page unmarked.
    const { rows: pages } = await sql<{ id: number; page: string }>`
      SELECT id, (ctid::text::point)[0]::text AS page FROM work_orders ORDER BY id`.execute(db());
    const byPage = new Map<string, number[]>();
    for (const r of pages) byPage.set(r.page, [...(byPage.get(r.page) ?? []), r.id]);
    const crowded = [...byPage.values()].find((ids) => ids.length >= 2);
    expect(crowded, 'a page holding two orders').toBeDefined();
    const [changed] = crowded as [number, ...number[]];
    await sql`UPDATE work_orders SET deadline = deadline + interval '1 second' WHERE id = ${changed}`.execute(
      db(),
    );
    await sql`VACUUM work_orders`.execute(db());
    // The orders still on that page, read through the primary key alone.
    const onPage = (crowded as number[]).filter((id) => id !== changed);
    const analysed = await plan(
      sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)
            SELECT count(*) FROM work_orders WHERE id IN (${sql.join(onPage)})`,
    );
    expect(analysed).toMatch(/Index Only Scan using work_orders_pkey/);
    expect(analysed).toMatch(/Heap Fetches: 0\b/);
  });
});
