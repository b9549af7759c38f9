import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortedPage, sortedPageQuery } from '../../../src/modules/work-orders/reads/sorted-page';
import {
  matchesInHand,
  READ_FIRST_ROWS_PER_MATCH,
} from '../../../src/modules/work-orders/reads/search-in-hand';
import { amongOf, keywordWhere } from '../../../src/modules/work-orders/reads/search-sql';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import { relayOrders } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * A keyword's matches are collected over all history only when a sample of the index's last
 * two weeks promises few (search-in-hand.ts): candidates and matches, each scaled by the
 * sample's share of history. The same number of matches is collected when they are spread
 * over the years and refused when the sample says the term is common now; candidates that
 * hold the keyword's bigrams but not the keyword count against the bound too.
 */

const ORDERS = 150;
const DAY = 86_400_000;
/** 19 matches spread over three years (every fourth of orders 60–139 but 100). */
const OLD = '旧案核对';
/** 20 matches in the last days. */
const HOT = '近案核对';
/** 1 match, and 30 recent candidates holding all its bigrams (甲乙丙, 乙丙丁) but not it. */
const NEAR = '甲乙丙丁';
const MAX = 40;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: ORDERS, settings: { keywordIdsMax: MAX } });
  const now = t.ctx.now().getTime();
  await relayOrders(t, (i) => {
    // Orders 0–59 in the last five days, the rest over three years.
    const recent = i < 60;
    const callTime = new Date(recent ? now - (i + 1) * 2 * 3_600_000 : now - (i - 59) * 12 * DAY);
    const title =
      i < 20
        ? `${HOT}${i}`
        : i < 50
          ? `甲乙丙，乙丙丁${i}`
          : i === 100
            ? `${NEAR}${i}`
            : i >= 60 && i % 4 === 0 && i < 140
              ? `${OLD}${i}`
              : undefined;
    return { callTime, title };
  });
});
afterAll(async () => {
  await t?.close();
});

/** The ids matching `where` (the keyword clause collected, or not: undefined). */
async function collected(
  term: string,
  most?: { candidates: number; postings?: number },
  keys?: string[],
) {
  const among = await matchesInHand(t.ctx, [keywordWhere(term, undefined, keys)], most);
  if (!among) return undefined;
  return ids(among);
}
async function ids(where: readonly OrdersWhere[]) {
  let q = t.ctx.db.selectFrom('work_orders').select('work_orders.id');
  for (const w of where) q = q.where(w);
  return (await q.execute()).map((r) => r.id).sort((a, b) => a - b);
}
const truth = (term: string) => ids([keywordWhere(term)]);

describe('matches collected first', () => {
  it('a term spread over the years: collected, every match', async () => {
    const got = await collected(OLD);
    expect(got).toEqual(await truth(OLD));
    expect(got).toHaveLength(19);
  });

  it('as many matches, all of them recent: the sample says common, not collected', async () => {
    expect(await truth(HOT)).toHaveLength(20);
    expect(await collected(HOT)).toBeUndefined();
  });

  it('candidates without the keyword count against the bound', async () => {
    expect(await truth(NEAR)).toHaveLength(1);
    // The sample holds 60 of the 150 orders: a bound of 20,000 allows 8,000 candidates there,
    // one of 50 allows 20 — fewer than its 30.
    expect(await collected(NEAR)).toEqual(await truth(NEAR));
    expect(await collected(NEAR, { candidates: 50 })).toBeUndefined();
    expect(await collected(NEAR, { candidates: 100 })).toEqual(await truth(NEAR));
  });

  it('a two-character term the statistics list in more orders than the bound: no sample, not collected', async () => {
    // 旧案: the 19 orders of OLD, one of them recent. Its sample alone would pass a bound of 5
    // (a share of 60 recent orders in 150: at most 2 candidates there, and it has 1).
    expect(await truth('旧案')).toHaveLength(19);
    expect(await collected('旧案', undefined, ['旧案'])).toEqual(await truth('旧案'));
    expect(await collected('旧案', { candidates: 5 }, ['旧案'])).toBeUndefined();
    // Looked up by more than one bigram, the statistics do not decide: the sample does.
    expect(await collected(OLD, { candidates: 5 })).toEqual(await truth(OLD));
  });

  it('a lookup whose posting lists the statistics call long: not collected', async () => {
    // OLD by 旧案 and 核对, each in 19 of the 150 orders: some 38 entries of the index in all
    const keys = ['旧案', '核对'];
    expect(await collected(OLD, { candidates: 20_000, postings: 60 }, keys)).toEqual(
      await truth(OLD),
    );
    expect(await collected(OLD, { candidates: 20_000, postings: 20 }, keys)).toBeUndefined();
  });

  it('more matches than keywordIdsMax, or keywordIdsMax 0: not collected', async () => {
    t.ctx.settings.keywordIdsMax = 10;
    try {
      expect(await collected(OLD)).toBeUndefined();
      t.ctx.settings.keywordIdsMax = 0;
      expect(await collected(OLD)).toBeUndefined();
    } finally {
      t.ctx.settings.keywordIdsMax = MAX;
    }
    expect(await collected('无此词语')).toEqual([]);
  });
});

describe('the page of matches in hand', () => {
  const page = { sort: 'call_time', direction: 'desc', limit: 5, offset: 0 } as const;
  /** Orders called over 100 days ago: a clause besides the keyword. */
  const older: OrdersWhere = (eb) =>
    eb('work_orders.call_time', '<', new Date(t.ctx.now().getTime() - 100 * DAY));

  it('reads its orders by id in a sub-select; the other clauses test what it returns', async () => {
    // Pulled up into the page's statement, the ids were tested against each entry of a queue's
    // whole index at 10M. Which index reads the ids of 150 orders is the planner's choice.
    const among = await matchesInHand(t.ctx, [keywordWhere(OLD), older], undefined, 0);
    expect(among).toBeDefined();
    const c = sortedPageQuery(t.ctx.db, among!, page, true).compile();
    const r = await t.ctx.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${c.sql}`, [...c.parameters]),
    );
    const lines = r.rows.map((x) => x['QUERY PLAN']);
    const depth = (line: string) => line.search(/\S/);
    const sub = lines.findIndex((l) => /Subquery Scan on work_orders/.test(l));
    expect(sub, lines.join('\n')).toBeGreaterThanOrEqual(0);
    const inside = lines.slice(sub + 1).filter((l) => depth(l) > depth(lines[sub]!));
    const ids = lines.findIndex((l) => /id = ANY/.test(l));
    expect(inside).toContain(lines[ids]);
    expect(lines.filter((l) => /call_time < /.test(l))).toEqual([
      expect.stringMatching(/^\s*Filter: \(work_orders\.call_time < /),
    ]);
    expect(lines[sub + 1]).toMatch(/Filter: \(work_orders\.call_time < /);
  });

  it('in a list the planner takes for big, the ids are a clause of its own statement', async () => {
    const where = [keywordWhere(OLD), older];
    const small = await matchesInHand(t.ctx, where, undefined, 0);
    expect(small).toBeDefined();
    const ids = amongOf(small!)!.ids.length;
    for (const [listRows, first] of [
      [READ_FIRST_ROWS_PER_MATCH * ids - 1, true],
      [READ_FIRST_ROWS_PER_MATCH * ids, false],
      [undefined, false],
    ] as const) {
      const among = await matchesInHand(t.ctx, where, undefined, listRows);
      const { sql: text } = sortedPageQuery(t.ctx.db, among!, page, true).compile();
      expect([/OFFSET 0/.test(text), amongOf(among!) !== undefined], `${listRows}`).toEqual([
        first,
        first,
      ]);
      expect(await sortedPage(t.ctx.db, among!, page, true)).toEqual(
        await sortedPage(t.ctx.db, where, page, true),
      );
    }
  });

  it('is the page the keyword clause reads, with its total', async () => {
    const where = [keywordWhere(OLD), older];
    const among = await matchesInHand(t.ctx, where, undefined, 0);
    const want = await sortedPage(t.ctx.db, where, page, true);
    expect(want.count).toBeGreaterThan(page.limit);
    expect(await sortedPage(t.ctx.db, among!, page, true)).toEqual(want);
    const next = { ...page, offset: 5 };
    expect(await sortedPage(t.ctx.db, among!, next, true)).toEqual(
      await sortedPage(t.ctx.db, where, next, true),
    );
  });
});
