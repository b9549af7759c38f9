import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBody } from '@hotline/contract';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import { totalWithPage } from '../../../src/modules/work-orders/reads/list-total-page';
import { disjointParts } from '../../../src/modules/work-orders/reads/list-total';
import { sampledTotal } from '../../../src/modules/work-orders/reads/list-total-rows';
import { containsWhere } from '../../../src/modules/work-orders/reads/search-sql';
import { sampleOrderParts } from '../../../src/modules/work-orders/reads/total.repository';
import { listWhere } from '../../../src/modules/work-orders/reads/list.service';
import { keywordPlan, SAMPLED_PAST } from '../../../src/modules/work-orders/reads/search-page';
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
 * estimated from a sample of the list's rows (list-total-rows.ts `sampledTotal`): about
 * `keywordSampleRows` of them picked by a hash of the id, the share that match times the
 * list's size. The term crowds the newest orders (10 of the 20 newest carry it, then one in
 * thirty further back: 15 in all), so a sample of the newest rows would say about half the
 * list; the hashed one is spread over all of it. The page is the same either way;
 * `exactTotal` counts; small lists are counted by the same statement.
 */

const TERM = '抽样词语';
const SAMPLE = 40;
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

/** Which of `ids` the hashed sample of about `size` in `ids.length` picks (sampleOrderParts). */
async function picked(ids: readonly number[], size: number): Promise<Set<number>> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM unnest(${[...ids]}::bigint[]) AS id
     WHERE (hashint8(id) & 1048575) < 1048576::float8 * ${size} / ${ids.length}`.execute(t.ctx.db);
  return new Set(rows.map((r) => Number(r.id)));
}

/** The list of `user` (no keyword) newest first, and what its keyword total must say. */
async function expected(user: DemoUsername, sample: number, fields: object = {}) {
  const all = await listAll(t, who[user].token, fields);
  const exact = all.filter((o) => carriers.has(o.id)).length;
  const pick = await picked(
    all.map((o) => o.id),
    sample,
  );
  const passed = [...pick].filter((id) => carriers.has(id)).length;
  // Sampled: a list of more than SAMPLED_PAST samples, the term frequent in it (ten matches).
  const sampled = sample > 0 && all.length > SAMPLED_PAST * sample && exact >= 10;
  const estimate = pick.size > 0 ? Math.round((passed * all.length) / pick.size) : 0;
  // A page with rows after it: the total is at least the page and one more (list-total-page.ts).
  const total: Total =
    sampled && exact > PAGE
      ? { totalCount: Math.max(estimate, PAGE + 1), totalEstimated: true }
      : { totalCount: exact };
  return { all, exact, pick, total, sampled };
}

const search = (user: DemoUsername, extra: object = {}) =>
  list(t, who[user].token, { keyword: TERM, isAmount: 1, pageSize: PAGE, ...extra });

describe('a frequent keyword on a large list: total from a sample of its rows', () => {
  it('the dispatcher: the share among the sampled rows times the list', async () => {
    await withKeywordSettings(t, { keywordSampleRows: SAMPLE }, async () => {
      const { all, exact, pick, total, sampled } = await expected('dispatcher', SAMPLE);
      expect(sampled).toBe(true);
      // About SAMPLE rows picked, spread over the list: a third of them or more among its
      // older two thirds (the matches crowd the newest rows; a sample of those would say ~half).
      expect(pick.size).toBeGreaterThan(SAMPLE / 2);
      expect(pick.size).toBeLessThan(SAMPLE * 2);
      const older = all.slice(Math.floor(all.length / 3)).filter((o) => pick.has(o.id));
      expect(older.length).toBeGreaterThan(pick.size / 3);
      expect(total.totalEstimated).toBe(true);
      expect(total.totalCount).toBeLessThan(all.length / 4);
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
    const planned = async (w: typeof where, keywordSampleRows: number, wantsTotal = true) => {
      const plan = await withKeywordSettings(t, { keywordSampleRows }, () =>
        keywordPlan(t.ctx, w, 'callTime', wantsTotal),
      );
      return plan.sampled && (await plan.sampled);
    };
    expect(await planned(where, SAMPLE)).toMatchObject({ totalEstimated: true });
    expect(await planned(where, SAMPLE, false)).toBeUndefined();
    expect(await planned(where, 200)).toBeUndefined();
    expect(await planned(where, 0)).toBeUndefined();
    expect(await planned(rare, SAMPLE)).toBeUndefined();
  });

  it('a sample out of time: what the page proves, more than its rows ("20+"), not estimated', async () => {
    const reader = await readerFor(t.ctx, who.dispatcher.auth);
    const where = await listWhere(t.ctx, reader, listBody.parse({ keyword: TERM }));
    const outOfTime = () => Promise.resolve(undefined);
    const got = await withKeywordSettings(t, { keywordSampleRows: SAMPLE }, () =>
      sampledTotal(t.ctx, where, { sample: outOfTime }),
    );
    expect(got).toEqual({ totalCount: 0, atLeast: true });
    const page = (offset: number, rows: number, hasMore: boolean) =>
      totalWithPage(t.ctx, where, got, { offset, rows, hasMore });
    // More after the page: more than the rows up to its end ("共 20+ 条").
    expect(await page(0, PAGE, true)).toEqual({ totalCount: PAGE, totalCapped: true });
    expect(await page(2 * PAGE, PAGE, true)).toEqual({ totalCount: 3 * PAGE, totalCapped: true });
    // The last page, or an empty first one: exact.
    expect(await page(PAGE, 4, false)).toEqual({ totalCount: PAGE + 4 });
    expect(await page(0, 0, false)).toEqual({ totalCount: 0 });
    // An empty page past the end tells nothing.
    expect(await page(5 * PAGE, 0, false)).toEqual({ totalCount: 0, totalCapped: true });
  });

  it('a sample as large as the list is the exact count', async () => {
    const reader = await readerFor(t.ctx, who.dispatcher.auth);
    const where = await listWhere(t.ctx, reader, listBody.parse({ keyword: TERM }));
    const { exact } = await expected('dispatcher', 0);
    const got = await withKeywordSettings(t, { keywordSampleRows: 100_000 }, () =>
      sampledTotal(t.ctx, where),
    );
    expect(got).toEqual({ totalCount: exact });
  });
});

describe('a queue searched by keyword alone: its size from the tally', () => {
  it('the sample picks the same rows with the size known: the same rows, sample and matches', async () => {
    const reader = await readerFor(t.ctx, who.dispatcher.auth);
    const where = await listWhere(t.ctx, reader, listBody.parse({}));
    const parts = disjointParts(where);
    const n = (await listAll(t, who.dispatcher.token, {})).length;
    for (const size of [1, 40, 150, 10_000]) {
      const plain = await sampleOrderParts(t.ctx.db, parts, containsWhere(TERM), size, 0);
      const known = await sampleOrderParts(t.ctx.db, parts, containsWhere(TERM), size, 0, n);
      expect(known, String(size)).toEqual(plain);
      expect(plain?.rows).toBe(n);
    }
  });

  it("the API's total of a queue's keyword search: sampled with the tally's size", async () => {
    // The dispatcher's largest history queue, the term made frequent in it (every fourth order).
    const sizes = await Promise.all(
      ['qu_ybj', 'qu_yth', 'qu_blz'].map(async (menuId) => ({
        menuId,
        ids: (await listAll(t, who.dispatcher.token, { menuId })).map((o) => o.id),
      })),
    );
    const queue = sizes.sort((a, b) => b.ids.length - a.ids.length)[0]!;
    expect(queue.ids.length, queue.menuId).toBeGreaterThan(SAMPLED_PAST * SAMPLE);
    const more = queue.ids.filter((id, i) => i % 4 === 1 && !carriers.has(id));
    await sql`UPDATE work_orders SET title = title || ${TERM} WHERE id = ANY(${more}::bigint[])`.execute(
      t.ctx.db,
    );
    for (const id of more) carriers.add(id);
    await withKeywordSettings(t, { keywordSampleRows: SAMPLE }, async () => {
      const fields = { menuId: queue.menuId };
      const { total, sampled } = await expected('dispatcher', SAMPLE, fields);
      expect(sampled, queue.menuId).toBe(true);
      const r = await search('dispatcher', fields);
      expect(r.code, r.msg).toBe(200);
      expect(totalOf(r.data)).toEqual(total);
    });
  });
});
