import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_IDS } from '@hotline/domain';
import type { DemoUsername } from '../../../src/seed/demo-org';
import {
  allOrders,
  callers,
  ids,
  list,
  listAll,
  unitIdOf,
  type Caller,
  type LoadedRow,
} from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Paging, page sizes, every filter and sorting, against the rows in the database. */

let t: TestApp;
let orders: LoadedRow[];
let who: Record<DemoUsername, Caller>;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  orders = await allOrders(t.ctx.db);
  who = await callers(t);
  token = who.dispatcher.token;
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const inDefault = (o: LoadedRow) => DEFAULT_TYPE_IDS.includes(o.state.typeId);
const expectIds = (o: LoadedRow[]) => o.map((r) => r.row.id).sort((a, b) => a - b);
const descBy = (key: (o: LoadedRow) => number) => (a: LoadedRow, b: LoadedRow) =>
  key(b) - key(a) || b.row.id - a.row.id;

describe('paging and page sizes', () => {
  it('pages of 20 concatenate to the whole list, newest call first, then id', async () => {
    const expected = orders
      .filter(inDefault)
      .sort(descBy((o) => o.row.call_time.getTime()))
      .map((o) => o.row.id);
    const seen: number[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const r = await list(t, token, { pageNo, pageSize: 20 });
      expect(r.code).toBe(200);
      expect(r.data.list.length).toBeLessThanOrEqual(20);
      expect('totalCount' in r.data).toBe(false);
      seen.push(...r.data.list.map((o) => o.id));
      if (!r.data.hasMore) break;
      expect(r.data.list.length).toBe(20);
    }
    expect(seen).toEqual(expected);
  });

  it('isAmount 1 adds totalCount; every allowed size works; 1000 only with isAmount', async () => {
    const total = orders.filter(inDefault).length;
    for (const pageSize of [10, 15, 20, 30, 40, 50, 100, 150]) {
      const r = await list(t, token, { pageSize, isAmount: 1 });
      expect([r.code, r.data.totalCount, r.data.list.length]).toEqual([
        200,
        total,
        Math.min(pageSize, total),
      ]);
      expect(r.data.hasMore).toBe(total > pageSize);
    }
    const big = await list(t, token, { pageSize: 1000, isAmount: '1' });
    expect([big.code, big.data.list.length, big.data.totalCount]).toEqual([200, total, total]);
    for (const body of [{ pageSize: 1000 }, { pageSize: 7 }, { pageSize: 25, isAmount: 1 }]) {
      const r = await list(t, token, body);
      expect([r.status, r.msg.startsWith('pageSize: ')], JSON.stringify(body)).toEqual([400, true]);
    }
  });

  it('offsets stop at 10,000 rows', async () => {
    const last = await list(t, token, { pageNo: 1001, pageSize: 10 });
    expect([last.code, last.data.list]).toEqual([200, []]);
    const deeper = await list(t, token, { pageNo: 1002, pageSize: 10 });
    expect([deeper.status, deeper.msg]).toEqual([
      400,
      'pageNo: lists reach 10000 rows deep at most; narrow the filter',
    ]);
  });
});

describe('filters', () => {
  const cases: [string, object, (o: LoadedRow) => boolean][] = [
    ['status', { status: '11,12' }, (o) => [11, 12].includes(o.state.status)],
    ['status as array', { status: [0] }, (o) => o.state.status === 0],
    ['mainOrgStatus', { mainOrgStatus: '-1,71' }, (o) => [-1, 71].includes(o.state.mainOrgStatus)],
    ['huifangState', { huifangState: [11, 12, 13] }, (o) => o.state.huifangState >= 11],
    ['needReviewStatus', { needReviewStatus: '3' }, (o) => o.state.needReviewStatus === 3],
    [
      'urgency',
      { urgency: 'emergency,utility' },
      (o) => ['emergency', 'utility'].includes(o.state.urgency),
    ],
    ['isKeyAppeal', { isKeyAppeal: 1 }, (o) => o.state.isKeyAppeal],
    ['isKeyAppeal 0', { isKeyAppeal: '0' }, (o) => !o.state.isKeyAppeal],
    ['empty strings are no filter', { status: '', keyword: '', menuId: '' }, () => true],
  ];
  it.each(cases)('%s', async (_label, body, keep) => {
    const rows = await listAll(t, token, body);
    const expected = expectIds(orders.filter((o) => inDefault(o) && keep(o)));
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(expected);
  });

  it('typeId: the dispatcher may widen; other district readers are refused', async () => {
    const rows = await listAll(t, token, { typeId: '8,9,10' });
    const expected = expectIds(orders.filter((o) => [8, 9, 10].includes(o.state.typeId)));
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(expected);
    const refused = await list(t, who.reviewer.token, { typeId: '1,8' });
    expect([refused.status, refused.msg]).toEqual([
      400,
      'typeId: you may list order sources 1,5,7 only',
    ]);
  });

  it('typeId: a street sees every source of its own orders, and may narrow to one', async () => {
    const s01 = await unitIdOf(t.ctx.db, 'S01');
    const own = orders.filter(
      (o) => o.state.hostUnitId === s01 || o.state.coHostUnitIds.includes(s01),
    );
    const other = own.filter((o) => [8, 9, 10].includes(o.state.typeId));
    expect(other.length).toBeGreaterThan(0);
    expect(ids(await listAll(t, who.street1.token, {}))).toEqual(expectIds(own));
    expect(ids(await listAll(t, who.street1.token, { typeId: '8,9,10' }))).toEqual(
      expectIds(other),
    );
  });

  it('hostUnitId and categoryId (with its descendants)', async () => {
    const s01 = await unitIdOf(t.ctx.db, 'S01');
    expect(ids(await listAll(t, token, { hostUnitId: s01 }))).toEqual(
      expectIds(orders.filter((o) => inDefault(o) && o.state.hostUnitId === s01)),
    );
    const leaf = orders[0]?.row.category_id;
    if (!leaf) throw new Error('order without category');
    const c2 = await t.ctx.db
      .selectFrom('problem_categories')
      .select('parent_id')
      .where('id', '=', leaf)
      .executeTakeFirstOrThrow();
    const c1 = await t.ctx.db
      .selectFrom('problem_categories')
      .select('parent_id')
      .where('id', '=', c2.parent_id ?? -1)
      .executeTakeFirstOrThrow();
    const top = c1.parent_id;
    if (!top) throw new Error('category tree is not three levels');
    const under = await t.ctx.db
      .selectFrom('problem_categories as c3')
      .innerJoin('problem_categories as c2', 'c2.id', 'c3.parent_id')
      .select('c3.id')
      .where('c2.parent_id', '=', top)
      .execute();
    const leaves = new Set(under.map((u) => u.id));
    const rows = await listAll(t, token, { categoryId: top });
    expect(ids(rows)).toEqual(
      expectIds(orders.filter((o) => inDefault(o) && leaves.has(o.row.category_id ?? -1))),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.categoryPath.split('->').length === 3)).toBe(true);
  });

  it('orderNum matches the city or the district case number exactly', async () => {
    const o = orders.find(inDefault);
    if (!o) throw new Error('no order');
    const a = await list(t, token, { orderNum: o.row.order_num, isAmount: 1 });
    const b = await list(t, token, { orderNum: o.row.district_case_num, isAmount: 1 });
    expect([a.data.totalCount, a.data.list[0]?.id, b.data.totalCount, b.data.list[0]?.id]).toEqual([
      1,
      o.row.id,
      1,
      o.row.id,
    ]);
    const part = await list(t, token, { orderNum: o.row.order_num.slice(0, -1), isAmount: 1 });
    expect(part.data.totalCount).toBe(0);
  });

  it('date ranges: whole China-time days, date-times inclusive', async () => {
    const pivot = orders.filter(inDefault)[150];
    if (!pivot) throw new Error('too few orders');
    const day = new Date(pivot.row.call_time.getTime() + 8 * HOUR).toISOString().slice(0, 10);
    const start = Date.parse(`${day}T00:00:00+08:00`);
    const sameDay = await listAll(t, token, { callTimeFrom: day, callTimeTo: day });
    const expected = orders.filter(
      (o) =>
        inDefault(o) &&
        o.row.call_time.getTime() >= start &&
        o.row.call_time.getTime() < start + 24 * HOUR,
    );
    expect(ids(sameDay)).toEqual(expectIds(expected));
    expect(sameDay.map((r) => r.id)).toContain(pivot.row.id);

    const at = pivot.row.call_time;
    const local = new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 19);
    const upTo = await listAll(t, token, { callTimeTo: local.replace('T', ' ') });
    const within = orders.filter(
      (o) => inDefault(o) && o.row.call_time.getTime() <= Math.floor(at.getTime() / 1000) * 1000,
    );
    expect(ids(upTo)).toEqual(expectIds(within));

    const withDeadline = orders.filter((o) => inDefault(o) && o.row.deadline);
    const dl = withDeadline[0]?.row.deadline;
    if (!dl) throw new Error('no deadline');
    const from = dl.toISOString();
    const afterDeadline = await listAll(t, token, { deadlineFrom: from });
    expect(ids(afterDeadline)).toEqual(
      expectIds(withDeadline.filter((o) => (o.row.deadline?.getTime() ?? 0) >= dl.getTime())),
    );
    const dispatched = await listAll(t, token, {
      dispatchTimeFrom: '2000-01-01',
      dispatchTimeTo: '2100-01-01',
    });
    expect(ids(dispatched)).toEqual(
      expectIds(orders.filter((o) => inDefault(o) && o.row.dispatch_time)),
    );
    const reversed = await list(t, token, { callTimeFrom: '2025-03-02', callTimeTo: '2025-03-01' });
    expect([reversed.status, reversed.msg]).toEqual([
      400,
      'callTimeFrom: the start is after the end',
    ]);
  });
});

describe('sorting', () => {
  it.each([
    ['deadline', 'desc'],
    ['deadline', 'asc'],
    ['dispatchTime', 'desc'],
    ['callTime', 'asc'],
  ] as const)('%s %s, NULLs last, then id', async (sort, sortOrder) => {
    const rows = await listAll(t, token, { sort, sortOrder });
    const col = {
      deadline: 'deadline',
      dispatchTime: 'dispatch_time',
      callTime: 'call_time',
    } as const;
    const key = (o: LoadedRow) => o.row[col[sort]]?.getTime() ?? null;
    const sign = sortOrder === 'desc' ? -1 : 1;
    const expected = orders.filter(inDefault).sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka === null || kb === null)
        return ka === kb ? sign * (a.row.id - b.row.id) : ka === null ? 1 : -1;
      return sign * (ka - kb) || sign * (a.row.id - b.row.id);
    });
    expect(rows.map((r) => r.id)).toEqual(expected.map((o) => o.row.id));
  });
});
