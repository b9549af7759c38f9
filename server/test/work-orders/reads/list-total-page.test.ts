import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListTotal } from '../../../src/modules/work-orders/reads/list-total';
import { totalWithPage } from '../../../src/modules/work-orders/reads/list-total-page';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import { keywordWhere } from '../../../src/modules/work-orders/reads/search-sql';
import { spreadTermOverYears } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * What a page proves about an estimated total (list-total-page.ts): a last page makes it exact;
 * a page by call time replaces the planner's estimate of a keyword total cut in its first
 * window (about one: "约 11 条" for 536 matches at ten million orders) by the term's rate since
 * the page's last row, extrapolated over the list's history; any estimate is at least the page.
 */

const ORDERS = 240;
const TERM = '页率核算';
const PAGE = 10;

let t: TestApp;
/** The call times of the orders carrying TERM, newest first. */
let matchTimes: Date[] = [];

beforeAll(async () => {
  t = await createTestApp({ orders: ORDERS });
  // Orders called evenly over three years back from now, every third one carrying TERM.
  matchTimes = await spreadTermOverYears(t, TERM);
  expect(matchTimes).toHaveLength(ORDERS / 3);
});
afterAll(async () => {
  matchTimes = [];
  await t?.close();
});

const where: OrdersWhere[] = [keywordWhere(TERM)];
/** A keyword total cut in its first window: the planner's estimate, about one. */
const unfounded: ListTotal = { totalCount: 1, totalEstimated: true, unfounded: true };

describe('an estimated total and its page', () => {
  it('newest first: the rate since the last row, near the truth, marked, never below the page', async () => {
    const truth = matchTimes.length;
    expect(truth).toBe(ORDERS / 3);
    for (const pageNo of [1, 2, 4]) {
      const offset = (pageNo - 1) * PAGE;
      const last = matchTimes[offset + PAGE - 1]!;
      const total = await totalWithPage(t.ctx, where, unfounded, {
        offset,
        rows: PAGE,
        hasMore: true,
        byCallTime: { last, direction: 'desc' },
      });
      expect(total, `page ${pageNo}`).toMatchObject({ totalEstimated: true });
      expect(total).not.toHaveProperty('unfounded');
      expect(total!.totalCount, `page ${pageNo}`).toBeGreaterThan(offset + PAGE);
      expect(total!.totalCount, `page ${pageNo}`).toBeGreaterThanOrEqual(truth / 2);
      expect(total!.totalCount, `page ${pageNo}`).toBeLessThanOrEqual(truth * 2);
    }
  });

  it('oldest first: the rate up to the last row', async () => {
    const truth = matchTimes.length;
    const oldest = [...matchTimes].reverse();
    const total = await totalWithPage(t.ctx, where, unfounded, {
      offset: 0,
      rows: PAGE,
      hasMore: true,
      byCallTime: { last: oldest[PAGE - 1]!, direction: 'asc' },
    });
    expect(total!.totalEstimated).toBe(true);
    expect(total!.totalCount).toBeGreaterThanOrEqual(truth / 2);
    expect(total!.totalCount).toBeLessThanOrEqual(truth * 2);
  });

  it('a page not by call time keeps the estimate, raised to the page and one more', async () => {
    const total = await totalWithPage(t.ctx, where, unfounded, {
      offset: 20,
      rows: PAGE,
      hasMore: true,
    });
    expect(total).toEqual({ totalCount: 31, totalEstimated: true });
  });

  it('a founded estimate (windows counted) is kept, at least the page', async () => {
    const founded: ListTotal = { totalCount: 500, totalEstimated: true };
    const page = { offset: 0, rows: PAGE, hasMore: true };
    const byCallTime = { last: matchTimes[PAGE - 1]!, direction: 'desc' as const };
    expect(await totalWithPage(t.ctx, where, founded, { ...page, byCallTime })).toEqual(founded);
    expect(
      await totalWithPage(t.ctx, where, { totalCount: 3, totalEstimated: true }, page),
    ).toEqual({ totalCount: 11, totalEstimated: true });
  });

  it('the last page (rows, none after them) makes any estimate exact', async () => {
    const page = { offset: 70, rows: 4, hasMore: false };
    expect(await totalWithPage(t.ctx, where, unfounded, page)).toEqual({ totalCount: 74 });
    const capped: ListTotal = { totalCount: 10_000, totalCapped: true, totalEstimated: true };
    expect(await totalWithPage(t.ctx, where, capped, page)).toEqual({ totalCount: 74 });
  });

  it('a counted total passes unchanged; an empty page past the end proves nothing', async () => {
    const exact: ListTotal = { totalCount: 80 };
    const page = { offset: 0, rows: PAGE, hasMore: true };
    expect(await totalWithPage(t.ctx, where, exact, page)).toEqual(exact);
    expect(await totalWithPage(t.ctx, where, undefined, page)).toBeUndefined();
    const empty = { offset: 200, rows: 0, hasMore: false };
    expect(await totalWithPage(t.ctx, where, unfounded, empty)).toEqual({
      totalCount: 1,
      totalEstimated: true,
    });
  });
});
