import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBody } from '@hotline/contract';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import { listTotal } from '../../../src/modules/work-orders/reads/list-total';
import { listWhere } from '../../../src/modules/work-orders/reads/list.service';
import { keywordPlan } from '../../../src/modules/work-orders/reads/search-page';
import { probedTotal } from '../../../src/modules/work-orders/reads/list-total-probe';
import { keywordWhere } from '../../../src/modules/work-orders/reads/search-sql';
import type { DemoUsername } from '../../../src/seed/demo-org';
import {
  callers,
  countsKept,
  list,
  recentWeekAndYears,
  withScanRows,
  type Caller,
} from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The total of a big list whose keyword page the list probe found (list-total-probe.ts): the
 * probe's rate times the list's orders promises more than the cap and a sample of older weeks
 * confirms it — "约 N+" (capped, estimated) after one count; a term the older weeks lack, or a
 * rate that promises less, is counted as before. Through the API the same list (the dispatcher's
 * orders, taken for big) shows the probe's page and that total.
 *
 * The orders: RECENT called in the current week, the rest spread over three years before it.
 * OLD_AND_NEW is in every order; NEW only in the current week's.
 */

const ORDERS = 240;
const RECENT = 40;
const CAP = 50;
const OLD_AND_NEW = '常年诉求';
const NEW = '新近热点';
const PAGE = 20;

let t: TestApp;
let who: Record<DemoUsername, Caller>;
/** Call times, newest first. */
let callTimes: Date[];

beforeAll(async () => {
  t = await createTestApp({ orders: ORDERS, settings: { listTotalCap: CAP } });
  who = await callers(t);
  callTimes = await recentWeekAndYears(t, RECENT, { always: OLD_AND_NEW, fresh: NEW });
});
afterAll(async () => {
  await t?.close();
});

/** What a probe of the `read` newest orders finding PAGE + 1 matches reports. */
const probe = (read: number) => ({
  matches: PAGE + 1,
  read,
  last: callTimes[read - 1]!,
  listRows: ORDERS,
});

describe('a keyword total from the list probe', () => {
  it('a rate that promises more than the cap, confirmed by older weeks: capped and estimated', async () => {
    const count = countsKept(t);
    const total = await probedTotal(t.ctx, [keywordWhere(OLD_AND_NEW)], probe(PAGE + 1), count);
    expect(total).toEqual({ totalCount: CAP, totalCapped: true, totalEstimated: true });
    // One count, the sample's, up to what confirms: far fewer than the matches still needed.
    expect(count.limits).toHaveLength(1);
    expect(count.limits[0]).toBeLessThanOrEqual((CAP - PAGE) / 4);
  });

  it('a term the older weeks lack: counted exactly, as before', async () => {
    const count = countsKept(t);
    const total = await probedTotal(t.ctx, [keywordWhere(NEW)], probe(PAGE + 1), count);
    expect(total).toEqual({ totalCount: RECENT });
    expect(count.limits.length).toBeGreaterThan(2);
  });

  it('a rate that does not promise the cap: the total as before, no sample first', async () => {
    const count = countsKept(t);
    const where = [keywordWhere(OLD_AND_NEW)];
    // 21 matches in 120 orders: 42 promised over the list, under the cap.
    const total = await probedTotal(t.ctx, where, probe(120), count);
    expect(total).toEqual(await listTotal(t.ctx, where, {}));
    // The first count is the newest week's, to the cap (listTotal's), not a sample.
    expect(count.limits[0]).toBe(CAP + 1);
    // Just past the cap (21 in 100: 50.4 promised): the sample, and it confirms.
    const past = countsKept(t);
    expect(await probedTotal(t.ctx, where, probe(100), past)).toEqual({
      totalCount: CAP,
      totalCapped: true,
      totalEstimated: true,
    });
    expect(past.limits).toHaveLength(1);
  });

  it('through the API: the probe page and its total, the exact figure on demand', async () => {
    const body = { keyword: OLD_AND_NEW, pageSize: PAGE, isAmount: 1 };
    const [probed, exact] = await withScanRows(t, 1, async () => [
      await list(t, who.dispatcher.token, body),
      await list(t, who.dispatcher.token, { ...body, exactTotal: 1 }),
    ]);
    expect(probed.code).toBe(200);
    // The dispatcher's list, read the plain way: every match, newest first.
    const reader = await readerFor(t.ctx, who.dispatcher.auth);
    let query = t.ctx.db.selectFrom('work_orders').select('work_orders.id');
    for (const w of await listWhere(t.ctx, reader, listBody.parse(body))) query = query.where(w);
    const all = await query
      .orderBy('work_orders.call_time', 'desc')
      .orderBy('work_orders.id', 'desc')
      .execute();
    expect(all.length).toBeGreaterThan(2 * CAP);
    // The way the service read it: the list probe's page, and its total.
    const where = await listWhere(t.ctx, reader, listBody.parse(body));
    const slice = { direction: 'desc' as const, limit: PAGE + 1, offset: 0 };
    const plan = await withScanRows(t, 1, () => keywordPlan(t.ctx, where, 'callTime', true, slice));
    expect(plan.page).toEqual(all.slice(0, PAGE + 1).map((r) => r.id));
    expect(await plan.sampled).toEqual({
      totalCount: CAP,
      totalCapped: true,
      totalEstimated: true,
    });
    const { list: rows, ...rest } = probed.data;
    expect(rows.map((o) => o.id)).toEqual(all.slice(0, PAGE).map((r) => r.id));
    expect(rest).toMatchObject({ totalCount: CAP, totalCapped: true, totalEstimated: true });
    expect(rest).toMatchObject({ hasMore: true });
    expect(exact.data).toMatchObject({ totalCount: all.length });
    expect(exact.data).not.toHaveProperty('totalEstimated');
  });
});
