import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoUsername } from '../../../src/seed/demo-org';
import {
  countOrderPartsWithin,
  estimateOrderParts,
} from '../../../src/modules/work-orders/reads/total.repository';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import { callers, list, listAll, withScanRows, type Caller } from '../reads-fixtures';
import { holdTable } from '../../support/hold-table';
import { createTestApp, TEST_DB, type TestApp } from '../../support/test-app';

/**
 * A capped total has a time budget (list-total.ts, LIST_TOTAL_TIMEOUT_MS): a count still
 * running when it ends is cancelled and the total is the planner's estimate, marked
 * `totalEstimated`. PostgreSQL cancels the statement; PGlite has no statement timeout, so
 * there the total is always counted (and the estimate itself is checked on both).
 */

const BUDGET_MS = 150;

let t: TestApp;
let who: Record<DemoUsername, Caller>;

beforeAll(async () => {
  t = await createTestApp({ orders: 60, settings: { listTotalTimeoutMs: BUDGET_MS } });
  who = await callers(t);
  await sql`ANALYZE work_orders`.execute(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
});

const allRows: OrdersWhere[] = [(eb) => eb('work_orders.id', '>', 0)];
const exactCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const holdOrders = () => holdTable(t.ctx.db, 'work_orders');
/**
 * A filter every order passes: the list is counted (the whole list, no filter, is its tally,
 * list-total-whole.test.ts).
 */
const BROAD = { callTimeFrom: '2000-01-01' } as const;

describe('list totals within a time budget', () => {
  it('a total counted in time is exact, not marked as an estimate', async () => {
    const body = { ...BROAD, isAmount: 1, pageNo: 1, pageSize: 10 };
    const reply = await list(t, who.dispatcher.token, body);
    expect(reply.code).toBe(200);
    expect(reply.data.totalCount).toBe((await listAll(t, who.dispatcher.token, BROAD)).length);
    expect(reply.data).not.toHaveProperty('totalEstimated');
  });

  it("the planner's estimate of a set of parts is near its count (statistics analysed)", async () => {
    const n = await exactCount();
    const one = await estimateOrderParts(t.ctx.db, [allRows]);
    expect(one).toBeGreaterThanOrEqual(Math.floor(n / 2));
    expect(one).toBeLessThanOrEqual(n * 2);
    const half: OrdersWhere = (eb) => eb('work_orders.id', '<=', 1_000_000);
    const rest: OrdersWhere = (eb) => eb('work_orders.id', '>', 1_000_000);
    const two = await estimateOrderParts(t.ctx.db, [[half], [rest]]);
    expect(two).toBeGreaterThanOrEqual(Math.floor(n / 2));
    expect(two).toBeLessThanOrEqual(n * 2 + 2);
    expect(await estimateOrderParts(t.ctx.db, [])).toBe(0);
  });

  it('a count within its budget answers the count, up to the limit', async () => {
    const n = await exactCount();
    expect(await countOrderPartsWithin(t.ctx.db, [allRows], n + 1, 10_000)).toBe(n);
    expect(await countOrderPartsWithin(t.ctx.db, [allRows], 5, 10_000)).toBe(5);
  });

  it.skipIf(TEST_DB !== 'postgres')(
    'a count past its budget is cancelled and the list answers the estimate (PostgreSQL)',
    async () => {
      // Another transaction holds the table: the count waits, its statement timeout ends it,
      // and the estimate is planned once the table is free again. The page waits too and then
      // comes as usual.
      const hold = await holdOrders();
      const started = performance.now();
      const body = { ...BROAD, isAmount: 1, pageNo: 1, pageSize: 10 };
      const pending = list(t, who.dispatcher.token, body);
      setTimeout(() => void hold.release(), BUDGET_MS * 4);
      const reply = await pending;
      await hold.release();
      expect(performance.now() - started).toBeGreaterThanOrEqual(BUDGET_MS * 4 - 20);
      expect(reply.code).toBe(200);
      const data = reply.data as typeof reply.data & { totalEstimated?: true };
      expect(data.totalEstimated).toBe(true);
      const n = (await listAll(t, who.dispatcher.token, BROAD)).length;
      expect(data.totalCount).toBeGreaterThanOrEqual(Math.floor(n / 2));
      expect(data.totalCount).toBeLessThanOrEqual(n * 2);
      expect(data.list).toHaveLength(10);

      // The direct form: undefined when the time ran out.
      const again = await holdOrders();
      const counted = await countOrderPartsWithin(t.ctx.db, [allRows], 100, 50);
      await again.release();
      expect(counted).toBeUndefined();
    },
  );

  it.skipIf(TEST_DB !== 'postgres')(
    'an estimated total is never below what the page shows (PostgreSQL)',
    async () => {
      // A keyword list's estimate multiplies its bigrams' shares: about nothing. Its page proves
      // more: the rows before it, its own, and one more when there are more (the estimate from
      // the page's rate: list-total-page.test.ts).
      const term = '碑界核签';
      const mine = await listAll(t, who.dispatcher.token, {});
      const marked = mine.slice(0, 13).map((o) => o.id);
      for (const [i, id] of marked.entries())
        await t.ctx.db
          .updateTable('work_orders')
          .set({ title: `${term}${i}` })
          .where('id', '=', id)
          .execute();
      const ask = async (pageNo: number) => {
        // The search table held (the plan, which estimates the list without its keyword, is not
        // kept waiting): the windows' count runs out of time in the first window.
        const hold = await holdTable(t.ctx.db, 'order_search');
        // Through the search index by call time (keywordScanRows 1): the page walks week
        // windows and the total is counted apart, within its budget.
        const pending = withScanRows(t, 1, () =>
          list(
            t,
            who.dispatcher.token,
            { isAmount: 1, keyword: term, pageNo, pageSize: 10 },
            '/lists/searchEs',
          ),
        );
        setTimeout(() => void hold.release(), BUDGET_MS * 4);
        const reply = await pending;
        await hold.release();
        expect(reply.code).toBe(200);
        return reply.data as typeof reply.data & { totalEstimated?: true };
      };
      const first = await ask(1);
      expect(first.totalEstimated).toBe(true);
      expect(first.list).toHaveLength(10);
      expect(first.totalCount).toBeGreaterThanOrEqual(11);
      // The last page (rows, none after them) proves the total exactly.
      const second = await ask(2);
      expect(second.list).toHaveLength(3);
      expect(second).not.toHaveProperty('totalEstimated');
      expect(second.totalCount).toBe(13);
    },
  );
});
