import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_MS,
  listTotal,
  outOfReach,
  RATE_WINDOWS,
  REACH_SHARE,
  type BudgetedCount,
} from '../../../src/modules/work-orders/reads/list-total';
import { countOrderPartsUpTo } from '../../../src/modules/work-orders/reads/list.repository';
import {
  bigramFrequencies,
  candidateShare,
  searchKeys,
} from '../../../src/modules/work-orders/reads/search-keys';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import {
  disjointRecentWindows,
  keywordWhere,
} from '../../../src/modules/work-orders/reads/search-sql';
import { spreadTermOverYears } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * A keyword total that runs out of its time budget part way through its windows (list-total.ts)
 * answers an estimate extrapolated from the windows it counted: never less than the matches
 * it saw, and near the truth when the term is as common in the rest of history as in the
 * weeks counted. The budget is ended at a chosen window by the count passed to listTotal
 * (the counts themselves are real); a budget that really runs out is tested in
 * list-total-budget.test.ts.
 *
 * The cap is set low enough (CAP) that the term is not "rare" (at most half the cap in all, by
 * its rate in the last five weeks: counted in the rest of history at once); the last test
 * raises it.
 */

const ORDERS = 240;
const TERM = '测算核对';
const CAP = 100;

let t: TestApp;
/** The call time of every order carrying TERM. */
let matchTimes: Date[] = [];

beforeAll(async () => {
  t = await createTestApp({ orders: ORDERS, settings: { listTotalCap: CAP } });
  // Orders called evenly over three years up to this week, every third one carrying TERM.
  matchTimes = await spreadTermOverYears(t, TERM, { beforeThisWeek: true });
  expect(matchTimes).toHaveLength(ORDERS / 3);
});
afterAll(async () => {
  matchTimes = [];
  await t?.close();
});

/** Real counts for the first `windows` calls, then "out of time"; `calls` says how many came. */
function budgetEndingAfter(windows: number): BudgetedCount & { calls: () => number } {
  let calls = 0;
  const count: BudgetedCount = async (parts, limit) =>
    calls++ < windows ? countOrderPartsUpTo(t.ctx.db, parts, limit) : undefined;
  return Object.assign(count, { calls: () => calls });
}

/** Real counts throughout, with the budget saying `left` ms are left of it. */
function budgetLeaving(left: number) {
  return Object.assign(budgetEndingAfter(Infinity), { left: () => left });
}

async function withCap<T>(cap: number, run: () => Promise<T>): Promise<T> {
  t.ctx.settings.listTotalCap = cap;
  try {
    return await run();
  } finally {
    t.ctx.settings.listTotalCap = CAP;
  }
}

/** The matches called within the first `k` disjoint windows (from their bounds). */
function matchesInFirst(k: number): number {
  const windows = disjointRecentWindows(t.ctx.now());
  const since = windows[k - 1]!.since!.getTime();
  const before = windows[0]!.before!.getTime();
  return matchTimes.filter((at) => at.getTime() >= since && at.getTime() < before).length;
}

const where: OrdersWhere[] = [keywordWhere(TERM)];

describe('a keyword total that runs out of time', () => {
  it('counted in time: exact, not an estimate', async () => {
    const total = await listTotal(t.ctx, where, {}, budgetEndingAfter(5));
    expect(total).toEqual({ totalCount: matchTimes.length });
    expect(matchTimes.length).toBe(ORDERS / 3);
  });

  it('out of time after k windows: at least the matches counted, near the truth, marked', async () => {
    const truth = matchTimes.length;
    for (let k = 1; k <= 4; k++) {
      const seen = matchesInFirst(k);
      const total = await listTotal(t.ctx, where, {}, budgetEndingAfter(k));
      expect(total.totalEstimated, `k ${k}`).toBe(true);
      expect(total.totalCount, `k ${k}: ${seen} seen`).toBeGreaterThanOrEqual(seen);
      // An extrapolation past the cap says the cap (below).
      if (total.totalCapped) expect(total.totalCount).toBe(CAP);
      // Windows that saw enough matches to extrapolate from (the first ones see one or two).
      if (seen >= 5) {
        expect(total.totalCount, `k ${k}: ${seen} seen`).toBeGreaterThanOrEqual(truth / 2);
        expect(total.totalCount, `k ${k}: ${seen} seen`).toBeLessThanOrEqual(truth * 2);
      }
    }
    // The data gives both kinds: windows too narrow to extrapolate from and wide enough.
    expect(matchesInFirst(1)).toBeLessThan(5);
    expect(matchesInFirst(3)).toBeGreaterThanOrEqual(5);
  });

  it('out of time in the first window: the planner estimate, marked', async () => {
    const total = await listTotal(t.ctx, where, {}, budgetEndingAfter(0));
    expect(total.totalEstimated).toBe(true);
    expect(total.totalCount).toBeGreaterThanOrEqual(0);
  });

  it('an extrapolation past the cap is capped and marked as an estimate', async () => {
    const cap = Math.floor(matchTimes.length / 2);
    const seen = matchesInFirst(3);
    expect(seen).toBeLessThanOrEqual(cap);
    const total = await withCap(cap, () => listTotal(t.ctx, where, {}, budgetEndingAfter(3)));
    expect(total).toEqual({ totalCount: cap, totalCapped: true, totalEstimated: true });
  });

  it('a rare term (its rate promising at most half the cap): the rest of history in one count', async () => {
    const truth = matchTimes.length;
    const budget = budgetEndingAfter(5);
    expect(await withCap(10_000, () => listTotal(t.ctx, where, {}, budget))).toEqual({
      totalCount: truth,
    });
    expect(budget.calls()).toBe(RATE_WINDOWS + 1);
    // Out of time in that count: extrapolated from the windows counted before it.
    const short = await withCap(10_000, () =>
      listTotal(t.ctx, where, {}, budgetEndingAfter(RATE_WINDOWS)),
    );
    expect(short.totalEstimated).toBe(true);
    expect(short.totalCount).toBeGreaterThanOrEqual(matchesInFirst(RATE_WINDOWS));
    // Not rare under the low cap: every window counted on its own.
    const each = budgetEndingAfter(5);
    expect(await listTotal(t.ctx, where, {}, each)).toEqual({ totalCount: truth });
    expect(each.calls()).toBe(5);
  });

  it('counting the budget left could not finish is not started: the estimate at once', async () => {
    const truth = matchTimes.length;
    const short = budgetLeaving(0.001);
    const total = await listTotal(t.ctx, where, {}, short);
    // Decided after RATE_WINDOWS at the earliest (the first window with matches counted).
    const k = short.calls();
    expect(k).toBeGreaterThanOrEqual(RATE_WINDOWS);
    expect(k).toBeLessThan(disjointRecentWindows(t.ctx.now()).length);
    expect(total.totalEstimated).toBe(true);
    expect(total.totalCount).toBeGreaterThanOrEqual(matchesInFirst(k));
    if (matchesInFirst(k) >= 5) {
      expect(total.totalCount).toBeGreaterThanOrEqual(truth / 2);
      expect(total.totalCount).toBeLessThanOrEqual(truth * 2);
    }
    // Time enough: every window counted, exact.
    const long = budgetLeaving(60_000);
    expect(await listTotal(t.ctx, where, {}, long)).toEqual({ totalCount: truth });
    expect(long.calls()).toBe(disjointRecentWindows(t.ctx.now()).length);
  });
});

describe('a rare term whose lookup the statistics say would outlast the budget left', () => {
  it('is estimated before the rest of history is counted; with time enough, counted', async () => {
    const db = t.ctx.db;
    await sql`ANALYZE order_search`.execute(db);
    const shares = await bigramFrequencies(db, Date.now() + 3_600_000);
    const keys = await searchKeys(db, TERM);
    const share = candidateShare(keys, shares, TERM);
    // a third of the orders hold TERM, and each of its bigrams
    expect(share).toBeGreaterThan(0.05);
    const looked = [keywordWhere(TERM, undefined, keys)];
    const rows = ORDERS - matchesInFirst(RATE_WINDOWS) * 3;
    // the rest of history's lookup promises rows × share candidates at CANDIDATE_MS each
    const cost = rows * share! * CANDIDATE_MS;
    const short = budgetLeaving(cost / REACH_SHARE / 2);
    const total = await withCap(10_000, () => listTotal(t.ctx, looked, {}, short));
    expect(short.calls()).toBe(RATE_WINDOWS);
    expect(total.totalEstimated).toBe(true);
    expect(total.totalCount).toBeGreaterThanOrEqual(matchesInFirst(RATE_WINDOWS));
    const long = budgetLeaving(60_000);
    expect(await withCap(10_000, () => listTotal(t.ctx, looked, {}, long))).toEqual({
      totalCount: matchTimes.length,
    });
    expect(long.calls()).toBe(RATE_WINDOWS + 1);
  });
});

describe('outOfReach: counting that would outlast the budget left', () => {
  // 500 matches counted in 40 ms: 0.08 ms a match.
  const pace = { seen: 500, spent: 40, cap: 10_000 };

  it('to the cap at that pace takes 760 ms: more than a fifth of the 160 ms left', () => {
    expect(REACH_SHARE).toBe(0.2);
    expect(outOfReach({ ...pace, guess: 50_000, left: 160 })).toBe(true);
    expect(outOfReach({ ...pace, guess: 50_000, left: 3_700 })).toBe(true);
    expect(outOfReach({ ...pace, guess: 50_000, left: 3_900 })).toBe(false);
  });

  it('to the matches promised, when fewer than the cap: 200 ms', () => {
    expect(outOfReach({ ...pace, guess: 3_000, left: 1_010 })).toBe(false);
    expect(outOfReach({ ...pace, guess: 3_000, left: 990 })).toBe(true);
  });

  it('nothing left to count, nothing counted yet, or no budget: counted on', () => {
    expect(outOfReach({ ...pace, guess: 500, left: 1 })).toBe(false);
    expect(outOfReach({ seen: 0, spent: 40, cap: 10_000, guess: 50_000, left: 1 })).toBe(false);
    expect(outOfReach({ ...pace, guess: 50_000, left: Infinity })).toBe(false);
  });
});
