import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import { estimateOrderParts } from '../../../src/modules/work-orders/reads/total.repository';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The planner's estimate of a queue whose state columns go together (migration 041: an MCV
 * statistics object over status, main_org_status and huifang_state). Without it the planner
 * multiplies the columns' shares: here a tenth of the orders are pending a call-back visit —
 * status 91 with a pending visit state, and no other order has either — and it would expect a
 * hundredth.
 */

const ORDERS = 400;
const PENDING = 40;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: ORDERS });
  const ids = await t.ctx.db.selectFrom('work_orders').select('id').orderBy('id').execute();
  expect(ids).toHaveLength(ORDERS);
  const pending = ids.slice(0, PENDING).map((o) => o.id);
  await t.ctx.db
    .updateTable('work_orders')
    .set({ status: 91, main_org_status: 72, huifang_state: 11 })
    .where('id', 'in', pending)
    .execute();
  await t.ctx.db
    .updateTable('work_orders')
    .set({ status: 92, main_org_status: 72, huifang_state: 1 })
    .where('id', 'not in', pending)
    .execute();
  await sql`ANALYZE work_orders`.execute(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
});

const visitPending: OrdersWhere = (eb) =>
  eb.and([
    eb('work_orders.status', '=', 91),
    eb('work_orders.huifang_state', 'in', [2, 11, 12, 13]),
  ]);

describe('statistics over the state columns', () => {
  it('the statistics object is there, analysed', async () => {
    const found = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_statistic_ext WHERE stxname = 'work_orders_states'`.execute(
      t.ctx.db,
    );
    expect(found.rows[0]!.n).toBe(1);
  });

  it("a call-back queue's estimate is near its count, not the product of its columns' shares", async () => {
    const estimate = await estimateOrderParts(t.ctx.db, [[visitPending]]);
    // Independent columns would give PENDING² / ORDERS = 4.
    expect(estimate).toBeGreaterThanOrEqual(PENDING / 2);
    expect(estimate).toBeLessThanOrEqual(PENDING * 2);
  });
});
