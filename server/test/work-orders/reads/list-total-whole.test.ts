import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { list, listAll, USERS } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { toHostHandling, toVisitPending, world, type World } from '../../support/lifecycle';

/**
 * The whole list — all orders in the caller's scope, no queue and no filter — has its total
 * from the tallies (count.service.ts scopeTotal): exact past the cap, never an estimate, and
 * equal to the rows the list pages through, for every kind of row scope. An agent's scope
 * (the orders it created) is not in the tallies: counted, capped, as any list. The cap is set
 * low so that the demo data crosses it.
 */

const CAP = 12;

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp({ orders: 60, settings: { listTotalCap: CAP } });
  w = await world(t);
});
afterAll(async () => {
  await t?.close();
});

const totalOf = (data: {
  totalCount?: number;
  totalCapped?: boolean;
  totalEstimated?: boolean;
}) => ({
  totalCount: data.totalCount,
  ...('totalCapped' in data ? { totalCapped: data.totalCapped } : {}),
  ...('totalEstimated' in data ? { totalEstimated: data.totalEstimated } : {}),
});

/** The total of `who`'s whole list as sent, and the rows its pages hold. */
async function wholeList(who: DemoUsername, body: object = {}, url?: string) {
  const token = w.tokens[who];
  const rows = (await listAll(t, token, body, url)).length;
  const reply = await list(t, token, { ...body, isAmount: 1, pageSize: 10 }, url);
  expect([reply.code, reply.msg], who).toEqual([200, 'success']);
  const exact = await list(t, token, { ...body, isAmount: 1, exactTotal: 1 }, url);
  return { rows, total: totalOf(reply.data), exact: totalOf(exact.data) };
}

const TALLIED = USERS.filter((u) => u !== 'agent');

describe("the whole list's total", () => {
  it('every scope: exact past the cap, the rows it pages through, exactTotal the same', async () => {
    let past = 0;
    for (const who of TALLIED) {
      const { rows, total, exact } = await wholeList(who);
      expect(total, who).toEqual({ totalCount: rows });
      expect(exact, who).toEqual({ totalCount: rows });
      if (rows > CAP) past++;
    }
    // district users, the call-back staff and the busier units are past the cap
    expect(past).toBeGreaterThanOrEqual(4);
  });

  it('of some sources, on every list endpoint', async () => {
    for (const who of ['admin', 'visitor', 'street1', 'dept1'] as const) {
      for (const url of ['/lists/search', '/lists/searchEs', '/town/lists', '/town/listsEs']) {
        for (const typeId of ['1', '1,5', [5]]) {
          const { rows, total } = await wholeList(who, { typeId }, url);
          expect(total, `${who} ${url} ${JSON.stringify(typeId)}`).toEqual({ totalCount: rows });
        }
      }
    }
  });

  it("an agent's (the orders it created) is counted, capped like any list", async () => {
    const { rows, total, exact } = await wholeList('agent');
    expect(total).toEqual(
      rows > CAP ? { totalCount: CAP, totalCapped: true } : { totalCount: rows },
    );
    expect(exact).toEqual({ totalCount: rows });
  });

  it('moves with each order in the same transaction: a new order, a visit pending', async () => {
    const before = await Promise.all(TALLIED.map((who) => wholeList(who)));
    await toHostHandling(w);
    await toVisitPending(w);
    for (const [i, who] of TALLIED.entries()) {
      const { rows, total } = await wholeList(who);
      expect(total, who).toEqual({ totalCount: rows });
      // admin and street1 see both new orders, the call-back staff the one visit pending
      if (who === 'admin' || who === 'street1') expect(rows, who).toBe(before[i]!.rows + 2);
      else if (who === 'visitor') expect(rows, who).toBe(before[i]!.rows + 1);
      else expect(rows, who).toBeGreaterThanOrEqual(before[i]!.rows);
    }
  });

  it('a keyword search of the whole list: totals as counted', async () => {
    for (const who of ['dispatcher', 'street1', 'dept1'] as const) {
      for (const keyword of ['小区', '路灯']) {
        const { rows, exact } = await wholeList(who, { keyword });
        expect(exact, `${who} ${keyword}`).toEqual({ totalCount: rows });
        const { total } = await wholeList(who, { keyword });
        if (!total.totalEstimated) {
          expect(total, `${who} ${keyword}`).toEqual(
            rows > CAP ? { totalCount: CAP, totalCapped: true } : { totalCount: rows },
          );
        }
      }
    }
  });
});
