import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTotal } from '../../../src/modules/work-orders/reads/list-total';
import { keywordWhere, weekStart } from '../../../src/modules/work-orders/reads/search-sql';
import { SAMPLE_WEEKS, spreadWeeks } from '../../../src/modules/work-orders/reads/total-sample';
import { countsKept, recentWeekAndYears } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * A keyword total whose newest week promises far more than the cap is confirmed by a sample of
 * older weeks (total-sample.ts) instead of being counted to the cap: "约 N+" (capped and
 * estimated) after two counts. A term that is new — all its matches in the last week — finds
 * nothing in the sample and is counted exactly, as before.
 *
 * The orders: RECENT called in the current week, the rest spread over three years before it.
 * OLD_AND_NEW is in every order; NEW only in the current week's.
 */

const ORDERS = 240;
const RECENT = 40;
const CAP = 50;
const OLD_AND_NEW = '常年诉求';
const NEW = '新近热点';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: ORDERS, settings: { listTotalCap: CAP } });
  await recentWeekAndYears(t, RECENT, { always: OLD_AND_NEW, fresh: NEW });
});
afterAll(async () => {
  await t?.close();
});

describe('a keyword total confirmed past the cap by older weeks', () => {
  it('a term in every week: the newest week, then a sample — capped and estimated', async () => {
    const count = countsKept(t);
    const total = await listTotal(t.ctx, [keywordWhere(OLD_AND_NEW)], {}, count);
    expect(total).toEqual({ totalCount: CAP, totalCapped: true, totalEstimated: true });
    // The newest week counted to the cap (RECENT found), then the sample up to what
    // confirms: far fewer than the CAP + 1 - RECENT matches still needed.
    expect(count.limits).toHaveLength(2);
    expect(count.limits[0]).toBe(CAP + 1);
    expect(count.limits[1]).toBeLessThanOrEqual((CAP + 1 - RECENT) / 4);
  });

  it('a term of the last week only: nothing in the sample, counted exactly', async () => {
    const count = countsKept(t);
    const total = await listTotal(t.ctx, [keywordWhere(NEW)], {}, count);
    expect(total).toEqual({ totalCount: RECENT });
    expect(count.limits.length).toBeGreaterThan(2);
  });

  it('the exact figure asked for: counted, not sampled', async () => {
    const total = await listTotal(t.ctx, [keywordWhere(OLD_AND_NEW)], { exactTotal: true });
    expect(total).toEqual({ totalCount: ORDERS });
  });

  it('a cap the newest week does not promise twice over: counted to the cap', async () => {
    t.ctx.settings.listTotalCap = ORDERS - 1;
    try {
      const count = countsKept(t);
      const total = await listTotal(t.ctx, [keywordWhere(OLD_AND_NEW)], {}, count);
      expect(total).toEqual({ totalCount: ORDERS - 1, totalCapped: true });
      expect(count.limits[1]).toBe(ORDERS - RECENT);
    } finally {
      t.ctx.settings.listTotalCap = CAP;
    }
  });
});

describe('spreadWeeks', () => {
  const week = (n: number) => weekStart(n);

  it('spreads the weeks evenly, each in the middle of its share', () => {
    expect(spreadWeeks(week(1000), week(1100), 4)).toEqual([1012, 1037, 1062, 1087]);
    expect(spreadWeeks(new Date(week(1000).getTime() + 5), week(1004), SAMPLE_WEEKS)).toEqual([
      1000, 1001, 1002, 1003,
    ]);
  });

  it('fewer weeks of history than the sample: none', () => {
    expect(spreadWeeks(week(1000), week(1003), 4)).toEqual([]);
  });
});
