import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { callers, list, listAll, unitIdOf, withScanRows, type Caller } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * List totals stop at a cap (list-total.ts): past it `totalCount` is the cap and
 * `totalCapped` says so; `exactTotal: 1` counts everything. The cap is injected small through
 * the settings, so a few dozen orders cross it.
 */

const CAP = 12;

let t: TestApp;
let who: Record<DemoUsername, Caller>;

beforeAll(async () => {
  t = await createTestApp({ orders: 80, settings: { listTotalCap: CAP } });
  who = await callers(t);
});
afterAll(async () => {
  await t?.close();
});

/**
 * A filter every order passes: the list is counted (the whole list, no filter, is its tally:
 * the last tests).
 */
const BROAD = { callTimeFrom: '2000-01-01' } as const;
/** A user of each kind of row scope. */
const EVERY_SCOPE = ['admin', 'dispatcher', 'visitor', 'street1', 'dept1', 'town1'] as const;

/** What a capped total must say for a list of `rows` rows. */
const cappedOf = (rows: number) =>
  rows > CAP ? { totalCount: CAP, totalCapped: true } : { totalCount: rows };

const totalOf = (data: { totalCount?: number; totalCapped?: boolean }) => ({
  totalCount: data.totalCount,
  ...('totalCapped' in data ? { totalCapped: data.totalCapped } : {}),
});

/**
 * `keywordScanRows` values that read a keyword list both ways (search-page.ts): 0 through the
 * search index by week windows, the default testing these few orders' own text.
 */
const BOTH_WAYS = [0, 10_000] as const;

async function categoryRootAndLeaf(): Promise<{ root: number; leaf: number }> {
  // The leaf most orders carry, and the root above it.
  const top = await t.ctx.db
    .selectFrom('work_orders')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('category_id', 'is not', null)
    .groupBy('category_id')
    .orderBy('n', 'desc')
    .orderBy('category_id')
    .executeTakeFirstOrThrow();
  const leaf = top.category_id as number;
  const parent = await t.ctx.db
    .selectFrom('problem_categories as c3')
    .innerJoin('problem_categories as c2', 'c2.id', 'c3.parent_id')
    .select('c2.parent_id')
    .where('c3.id', '=', leaf)
    .executeTakeFirstOrThrow();
  if (parent.parent_id === null) throw new Error('category tree is not three levels');
  return { root: parent.parent_id, leaf };
}

describe('capped list totals', () => {
  it('past the cap: totalCount is the cap and totalCapped true; exactTotal counts all', async () => {
    const { token } = who.dispatcher;
    const all = await listAll(t, token, BROAD);
    expect(all.length).toBeGreaterThan(CAP);

    const capped = await list(t, token, { ...BROAD, isAmount: 1, pageSize: 10 });
    expect(capped.code).toBe(200);
    expect(totalOf(capped.data)).toEqual({ totalCount: CAP, totalCapped: true });
    expect(capped.data.list).toHaveLength(10);

    const exact = await list(t, token, { ...BROAD, isAmount: 1, exactTotal: 1 });
    expect(totalOf(exact.data)).toEqual({ totalCount: all.length });
    // the form-style spellings of the flag
    for (const flag of ['1', 'true', true]) {
      const r = await list(t, token, { ...BROAD, isAmount: '1', exactTotal: flag });
      expect(totalOf(r.data), String(flag)).toEqual({ totalCount: all.length });
    }
    const off = await list(t, token, { ...BROAD, isAmount: 1, exactTotal: 0 });
    expect(totalOf(off.data)).toEqual({ totalCount: CAP, totalCapped: true });
  });

  it('pages past the cap still come (up to the offset limit)', async () => {
    const { token } = who.dispatcher;
    const all = await listAll(t, token, BROAD);
    const pageSize = 10;
    const beyond = Math.floor(CAP / pageSize) + 2; // a page starting past the cap
    expect((beyond - 1) * pageSize).toBeGreaterThan(CAP);
    const r = await list(t, token, { ...BROAD, isAmount: 1, pageNo: beyond, pageSize });
    expect(r.data.list.map((o) => o.id)).toEqual(
      all.slice((beyond - 1) * pageSize, beyond * pageSize).map((o) => o.id),
    );
    expect(totalOf(r.data)).toEqual({ totalCount: CAP, totalCapped: true });
  });

  it('under the cap: the exact figure, no flag', async () => {
    const { token } = who.dispatcher;
    const s01 = await unitIdOf(t.ctx.db, 'S01');
    const body = { hostUnitId: s01, status: '1' };
    const rows = await listAll(t, token, body);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(CAP);
    const r = await list(t, token, { ...body, isAmount: 1 });
    expect(totalOf(r.data)).toEqual({ totalCount: rows.length });
    const none = await list(t, token, { orderNum: 'no-such-order', isAmount: 1 });
    expect(totalOf(none.data)).toEqual({ totalCount: 0 });
  });

  it('every user: the capped total of their scope, exact on demand', async () => {
    const seen = { capped: 0, under: 0, coHostedUnder: 0 };
    for (const name of EVERY_SCOPE) {
      const { token, auth } = who[name];
      const all = await listAll(t, token, BROAD);
      const rows = all.length;
      // A unit's total is counted per part (hosted, then co-hosted only): both must add up.
      if (name !== 'admin' && name !== 'dispatcher' && name !== 'visitor' && rows <= CAP) {
        seen.coHostedUnder += all.filter((o) => o.hostUnitId !== auth.unit.id).length;
      }
      const capped = await list(t, token, { ...BROAD, isAmount: 1 });
      expect(totalOf(capped.data), name).toEqual(cappedOf(rows));
      const exact = await list(t, token, { ...BROAD, isAmount: 1, exactTotal: 1 });
      expect(totalOf(exact.data), name).toEqual({ totalCount: rows });
      seen[rows > CAP ? 'capped' : 'under']++;
    }
    // the demo data puts some users past the cap and some under it, co-hosted orders included
    expect(seen.capped).toBeGreaterThan(0);
    expect(seen.under).toBeGreaterThan(0);
    expect(seen.coHostedUnder).toBeGreaterThan(0);
  });

  it('filters: keyword, deadline range, category root and leaf, queue with a filter', async () => {
    const { token } = who.dispatcher;
    const { root, leaf } = await categoryRootAndLeaf();
    const deadlines = await t.ctx.db
      .selectFrom('work_orders')
      .select('deadline')
      .where('deadline', 'is not', null)
      .orderBy('deadline')
      .execute();
    const mid = deadlines[Math.floor(deadlines.length / 2)]?.deadline as Date;
    const day = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const bodies: { label: string; body: object; url?: string }[] = [
      { label: 'keyword', body: { keyword: '小区' }, url: '/lists/searchEs' },
      {
        label: 'deadline 7 days',
        body: {
          deadlineFrom: day(new Date(mid.getTime() - 3 * 86_400_000)),
          deadlineTo: day(new Date(mid.getTime() + 3 * 86_400_000)),
        },
      },
      { label: 'category root', body: { categoryId: root } },
      { label: 'category leaf', body: { categoryId: leaf } },
      { label: 'queue with a filter', body: { menuId: 'qu_ybj', isKeyAppeal: 0 } },
      { label: 'overdue', body: {}, url: '/District/overOrderListOther' },
    ];
    const seen = { capped: 0, under: 0 };
    for (const { label, body, url } of bodies) {
      const rows = (await listAll(t, token, body, url)).length;
      seen[rows > CAP ? 'capped' : 'under']++;
      const capped = await list(t, token, { ...body, isAmount: 1 }, url);
      expect([capped.code, capped.msg], label).toEqual([200, 'success']);
      expect(totalOf(capped.data), label).toEqual(cappedOf(rows));
      const exact = await list(t, token, { ...body, isAmount: 1, exactTotal: 1 }, url);
      expect([exact.code, exact.msg], label).toEqual([200, 'success']);
      expect(totalOf(exact.data), label).toEqual({ totalCount: rows });
    }
    expect(seen.capped).toBeGreaterThan(0);
    expect(seen.under).toBeGreaterThan(0);
  });

  it('keyword totals, counted newest first by week windows, equal the capped count of all matches', async () => {
    // Terms of every age and frequency: two characters of the titles of the oldest, a middle
    // and the newest orders, and the common words of the demo topics.
    const titles = await t.ctx.db
      .selectFrom('work_orders')
      .select('title')
      .orderBy('call_time')
      .execute();
    const at = (i: number) => titles[i]?.title.slice(0, 2) ?? '';
    const terms = new Set([
      '小区',
      '噪音',
      '街道',
      at(0),
      at(Math.floor(titles.length / 2)),
      at(titles.length - 1),
    ]);
    const seen = { capped: 0, under: 0 };
    for (const name of ['dispatcher', 'street1'] as const) {
      const { token } = who[name];
      for (const keyword of terms) {
        const rows = (await listAll(t, token, { keyword }, '/lists/searchEs')).length;
        seen[rows > CAP ? 'capped' : 'under']++;
        for (const scanRows of BOTH_WAYS) {
          const capped = await withScanRows(t, scanRows, () =>
            list(t, token, { keyword, isAmount: 1 }, '/lists/searchEs'),
          );
          expect(totalOf(capped.data), `${name} ${keyword} ${scanRows}`).toEqual(cappedOf(rows));
        }
      }
    }
    expect(seen.capped).toBeGreaterThan(0);
    expect(seen.under).toBeGreaterThan(0);
  });

  it('keyword totals count each match once, at every window edge, years back and weeks ahead', async () => {
    // Through the search index the total adds up disjoint windows (the last week, weeks 2–5,
    // 6–26, 27–104, the rest): orders of one term on both sides of each edge, one three years
    // back and one called three weeks ahead (in no week window) must each count exactly once.
    const week = 604_800_000;
    const current = Math.floor(t.ctx.now().getTime() / week);
    const at = (w: number, ms = 0) => new Date(w * week + ms);
    const times = [
      at(current + 3),
      at(current + 2, -1),
      at(current + 1),
      at(current),
      at(current, -1),
      at(current - 4),
      at(current - 4, -1),
      at(current - 25),
      at(current - 25, -1),
      at(current - 103),
      at(current - 103, -1),
      at(current - 156),
      at(current - 156, 3),
    ];
    const ids = await t.ctx.db
      .selectFrom('work_orders')
      .select('id')
      .orderBy('id')
      .limit(times.length)
      .execute();
    const term = '界碑核对';
    const { token } = who.dispatcher;
    const expectTotal = async (label: string) => {
      const rows = (await listAll(t, token, { keyword: term }, '/lists/searchEs')).length;
      for (const scanRows of BOTH_WAYS) {
        const capped = await withScanRows(t, scanRows, () =>
          list(t, token, { keyword: term, isAmount: 1 }, '/lists/searchEs'),
        );
        expect(totalOf(capped.data), `${label}, ${scanRows}`).toEqual(cappedOf(rows));
      }
      return rows;
    };
    expect(await expectTotal('none yet')).toBe(0);
    for (const [i, time] of times.entries()) {
      await t.ctx.db
        .updateTable('work_orders')
        .set({ title: `${term}${i}`, call_time: time })
        .where('id', '=', ids[i]!.id)
        .execute();
      // One more each time: every order counts once, and the cap is crossed at the end.
      expect(await expectTotal(`${i + 1} orders, the last ${time.toISOString()}`)).toBe(i + 1);
    }
  });

  it('a queue asked for as such keeps its exact count (the tally) past the cap', async () => {
    const { token } = who.dispatcher;
    const counts = await list(t, token, {}, '/lists/counts');
    expect([counts.code, counts.msg]).toEqual([200, 'success']);
    const byQueue = (counts.data as unknown as { counts: Record<string, number> }).counts;
    const big = Object.entries(byQueue).find(([, n]) => n > CAP);
    if (!big) throw new Error(`no dispatcher queue holds more than ${CAP} orders`);
    const [menuId, n] = big;
    const r = await list(t, token, { menuId, isAmount: 1 });
    expect(totalOf(r.data)).toEqual({ totalCount: n });
    expect((await listAll(t, token, { menuId })).length).toBe(n);
  });

  it('a bad exactTotal is 400 in the envelope naming the field', async () => {
    const { token } = who.dispatcher;
    for (const bad of [2, 'yes', [1], { a: 1 }]) {
      const r = await list(t, token, { isAmount: 1, exactTotal: bad });
      expect([r.status, r.code], JSON.stringify(bad)).toEqual([400, 400]);
      expect(r.msg, JSON.stringify(bad)).toMatch(/^exactTotal: Invalid input: expected boolean/);
    }
  });
});
