import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBody } from '@hotline/contract';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import { sampledTotal } from '../../../src/modules/work-orders/reads/list-total-rows';
import { listWhere } from '../../../src/modules/work-orders/reads/list.service';
import { keywordPlan, SAMPLED_PAST } from '../../../src/modules/work-orders/reads/search-page';
import { withoutKeyword } from '../../../src/modules/work-orders/reads/search-sql';
import { estimateOrderParts } from '../../../src/modules/work-orders/reads/total.repository';
import type { DemoUsername } from '../../../src/seed/demo-org';
import {
  callers,
  list,
  listAll,
  relayOrders,
  withKeywordSettings,
  type Caller,
} from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * A frequent keyword tested on the rows of a list many times the sample's size has its total
 * estimated from the list's newest orders (list-total-rows.ts `sampledTotal`): the matches
 * among the `keywordSampleRows` newest, times the list's size over the sample's. The term is
 * laid out so the estimate and the exact count differ: 10 of the 20 newest orders carry it,
 * then one order in thirty further back (15 in all; the dispatcher's 300 orders estimated at
 * 150). The page is the same either way; `exactTotal` counts; small lists are counted.
 */

const TERM = '抽样词语';
const SAMPLE = 20;
const PAGE = 10;

let t: TestApp;
let who: Record<DemoUsername, Caller>;
const carriers = new Set<number>();

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  who = await callers(t);
  const now = t.ctx.now().getTime();
  const ids = await t.ctx.db.selectFrom('work_orders').select('id').orderBy('id').execute();
  // Order i (by id) called i hours ago: newest first by id, no ties.
  await relayOrders(t, (i) => {
    const carries = (i < 20 && i % 2 === 0) || (i >= 100 && i < 250 && (i - 100) % 30 === 0);
    if (carries) carriers.add(ids[i]!.id);
    return {
      callTime: new Date(now - i * 3_600_000),
      ...(carries ? { title: `${TERM}${i}` } : {}),
    };
  });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

interface Total {
  totalCount?: number;
  totalEstimated?: boolean;
  totalCapped?: boolean;
}
const totalOf = (data: Total): Total => ({
  totalCount: data.totalCount,
  ...(data.totalEstimated ? { totalEstimated: true } : {}),
  ...(data.totalCapped ? { totalCapped: true } : {}),
});

/** The list of `user` (no keyword) newest first, and what its keyword total must say. */
async function expected(user: DemoUsername, sample: number) {
  const all = await listAll(t, who[user].token, {});
  const exact = all.filter((o) => carriers.has(o.id)).length;
  const inSample = all.slice(0, sample).filter((o) => carriers.has(o.id)).length;
  // Sampled: a list of more than SAMPLED_PAST samples, the term frequent in it (ten matches).
  const sampled = sample > 0 && all.length > SAMPLED_PAST * sample && exact >= 10;
  const estimate = Math.round((inSample * all.length) / sample);
  // A page with rows after it: the total is at least the page and one more (list-total-page.ts).
  const total: Total =
    sampled && exact > PAGE
      ? { totalCount: Math.max(estimate, PAGE + 1), totalEstimated: true }
      : { totalCount: exact };
  return { all, exact, inSample, total, sampled };
}

const search = (user: DemoUsername, extra: object = {}) =>
  list(t, who[user].token, { keyword: TERM, isAmount: 1, pageSize: PAGE, ...extra });

describe('a frequent keyword on a large list: total from the newest orders', () => {
  it('the dispatcher: about 10 in 20 among the newest, 15 in all: estimated near half', async () => {
    await withKeywordSettings(t, { keywordSampleRows: SAMPLE }, async () => {
      const { all, exact, inSample, total, sampled } = await expected('dispatcher', SAMPLE);
      expect(sampled).toBe(true);
      expect(inSample).toBeGreaterThanOrEqual(8);
      // The estimate is the sample's rate, not the count: far from it here.
      expect(total.totalCount).toBeGreaterThan(5 * exact);
      const r = await search('dispatcher');
      expect(r.code).toBe(200);
      expect(totalOf(r.data)).toEqual(total);
      // The page is the newest matches all the same.
      const newest = all.filter((o) => carriers.has(o.id)).slice(0, PAGE);
      expect(r.data.list.map((o) => o.id)).toEqual(newest.map((o) => o.id));
      expect(r.data.hasMore).toBe(true);
      // Exact on demand.
      const exactly = await search('dispatcher', { exactTotal: 1 });
      expect(totalOf(exactly.data)).toEqual({ totalCount: exact });
    });
  });

  it('every user: sampled where the list is large and the term frequent, counted elsewhere', async () => {
    const seen = { sampled: 0, counted: 0 };
    await withKeywordSettings(t, { keywordSampleRows: SAMPLE }, async () => {
      for (const user of ['admin', 'dispatcher', 'visitor', 'street1', 'dept1'] as const) {
        const { total, sampled } = await expected(user, SAMPLE);
        const r = await search(user);
        expect(r.code, `${user} ${r.msg}`).toBe(200);
        expect(totalOf(r.data), user).toEqual(total);
        seen[sampled ? 'sampled' : 'counted']++;
      }
    });
    expect(seen.sampled).toBeGreaterThan(0);
    expect(seen.counted).toBeGreaterThan(0);
  });

  it('counted exactly: a list within SAMPLED_PAST samples, sampling off, a rare term', async () => {
    // 2.5 × 200 = 500 rows: the 300 orders are counted.
    const { exact } = await expected('dispatcher', 0);
    for (const keywordSampleRows of [200, 0]) {
      await withKeywordSettings(t, { keywordSampleRows }, async () => {
        const r = await search('dispatcher');
        expect(totalOf(r.data), String(keywordSampleRows)).toEqual({ totalCount: exact });
      });
    }
    // A term in fewer than ten orders is not frequent: its matches are sorted and counted.
    // "抽样词语1": titles 抽样词语10, 12, 14, 16, 18, 100, 130, 160, 190 — nine at most.
    await withKeywordSettings(t, { keywordSampleRows: SAMPLE }, async () => {
      const term = `${TERM}1`;
      const all = await listAll(t, who.dispatcher.token, { keyword: term });
      expect(all.length).toBeGreaterThan(0);
      expect(all.length).toBeLessThan(10);
      const r = await search('dispatcher', { keyword: term });
      expect(totalOf(r.data)).toEqual({ totalCount: all.length });
    });
  });

  it('the plan samples only a frequent term on a list past SAMPLED_PAST samples', async () => {
    const reader = await readerFor(t.ctx, who.dispatcher.auth);
    const where = await listWhere(t.ctx, reader, listBody.parse({ keyword: TERM }));
    const rare = await listWhere(t.ctx, reader, listBody.parse({ keyword: `${TERM}1` }));
    const planned = (w: typeof where, keywordSampleRows: number) =>
      withKeywordSettings(t, { keywordSampleRows }, () => keywordPlan(t.ctx, w));
    expect((await planned(where, SAMPLE)).sampled).toBe(true);
    expect((await planned(where, 200)).sampled).toBeUndefined();
    expect((await planned(where, 0)).sampled).toBeUndefined();
    expect((await planned(rare, SAMPLE)).sampled).toBeUndefined();
  });

  it("out of time counting the list: the planner's estimate of it, at least the sample", async () => {
    const reader = await readerFor(t.ctx, who.dispatcher.auth);
    const where = await listWhere(t.ctx, reader, listBody.parse({ keyword: TERM }));
    const rows = Math.max(SAMPLE, await estimateOrderParts(t.ctx.db, [withoutKeyword(where)]));
    const { inSample } = await expected('dispatcher', SAMPLE);
    const outOfTime = async () => undefined;
    const got = await withKeywordSettings(t, { keywordSampleRows: SAMPLE }, () =>
      sampledTotal(t.ctx, where, outOfTime),
    );
    expect(got).toEqual({
      totalCount: Math.round((inSample * rows) / SAMPLE),
      totalEstimated: true,
    });
  });
});
