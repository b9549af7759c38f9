import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_IDS } from '@hotline/domain';
import {
  bigramFrequencies,
  candidateShare,
  FREQUENT_BIGRAM,
  lookupBigrams,
  postingShare,
  searchKeys,
} from '../../../src/modules/work-orders/reads/search-keys';
import { allOrders, callers, ids, listAll, searchTextOf, type LoadedRow } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * A keyword is looked up in the search index by its rarer bigrams only (search-keys.ts): the
 * frequent ones, as the column statistics know them, are left out while two rarer ones remain.
 * The list is the same: every order whose text holds the keyword.
 */

describe('lookupBigrams', () => {
  const shares = new Map([
    ['号院', 0.28],
    ['3号', 0.08],
    ['松林', 0.025],
    ['小区', 0.39],
    ['停车', 0.06],
    ['车位', 0.07],
  ]);

  it('leaves out the frequent bigrams, rarest first, unlisted ones counting as rare', () => {
    const got = lookupBigrams(['松林', '村3', '号院', '林村', '3号'], shares);
    expect(got.slice(0, 2).sort()).toEqual(['村3', '林村']);
    // 3号, in 8 % of orders, is kept: up to FREQUENT_BIGRAM (10 %) a bigram counts as rare
    expect(FREQUENT_BIGRAM).toBe(0.1);
    expect(got).toEqual([...got.slice(0, 2), '松林', '3号']);
  });

  it('keeps the two rarest when fewer than two are rare, and every bigram of a short term', () => {
    expect(lookupBigrams(['停车', '车位', '号院'], shares)).toEqual(['停车', '车位']);
    expect(lookupBigrams(['小区'], shares)).toEqual(['小区']);
    expect(lookupBigrams(['小区', '号院'], shares)).toEqual(['号院', '小区']);
    expect(lookupBigrams(['松林', '松林', '号院'], shares)).toEqual(['松林', '号院']);
  });

  it('adds the rarest bigram apart from the chosen ones when those all overlap', () => {
    const more = new Map([...shares, ['3号', 0.12], ['村1', 0.128], ['23', 0.35], ['12', 0.358]]);
    const cut = (text: string) => [...text].slice(1).map((c, i) => text[i] + c);
    // 林村 and 松林 overlap (松林村): 3号, the rarest bigram overlapping neither, is added.
    expect(lookupBigrams(cut('松林村123号院'), more, '松林村123号院')).toEqual([
      '林村',
      '松林',
      '3号',
    ]);
    // Without the keyword, or with two chosen bigrams apart (松林 and 村3), nothing is added.
    expect(lookupBigrams(cut('松林村123号院'), more)).toEqual(['林村', '松林']);
    expect(lookupBigrams(cut('松林村3号院'), more, '松林村3号院')).toEqual(['林村', '村3', '松林']);
    // A three-character term has no bigram apart from both of its own.
    expect(lookupBigrams(cut('停车位'), more, '停车位')).toEqual(['停车', '车位']);
    expect(lookupBigrams(['小区'], more, '小区')).toEqual(['小区']);
  });

  it('candidateShare: the two rarest bigrams apart multiply, an overlapping one is left out', () => {
    // 松林 and 3号 stand apart in 松林村3号院: 2.5 % × 8 %; 村3 and 林村 unlisted
    expect(candidateShare(['松林', '3号'], shares, '松林村3号院')).toBeCloseTo(0.025 * 0.08);
    // 林村 overlaps 松林: one piece, counted once, by the rarer of the two (unlisted: half the
    // rarest listed share)
    const unlisted = 0.025 / 2;
    expect(candidateShare(['松林', '林村'], shares, '松林村3号院')).toBeCloseTo(unlisted);
    expect(candidateShare(['林村', '松林', '3号'], shares, '松林村3号院')).toBeCloseTo(
      unlisted * 0.08,
    );
    // the two rarest apart, no more (pieces of one address are not independent)
    expect(candidateShare(['松林', '村3', '3号', '号院'], shares, '松林村3号院')).toBeCloseTo(
      unlisted * 0.025,
    );
    // a key not in the keyword is left out; no statistics, no prediction
    expect(candidateShare(['松林', '小区'], shares, '松林村')).toBeCloseTo(0.025);
    expect(candidateShare(['松林', '3号'], new Map(), '松林村3号院')).toBeUndefined();
  });

  it('postingShare: every list read adds up, an unlisted one as half the rarest, each once', () => {
    // what the index reads whatever the lists leave: 松林 and 3号 in full, 林村 unlisted
    expect(postingShare(['松林', '3号'], shares)).toBeCloseTo(0.025 + 0.08);
    expect(postingShare(['松林', '林村', '3号', '3号'], shares)).toBeCloseTo(0.025 + 0.0125 + 0.08);
    expect(postingShare(['号院', '小区'], shares)).toBeCloseTo(0.67);
    expect(postingShare(['松林'], new Map())).toBe(0);
  });

  it('keeps every bigram when the statistics know none', () => {
    expect(lookupBigrams(['松林', '村3', '号院'], new Map())).toEqual(['松林', '村3', '号院']);
  });
});

let t: TestApp;
let orders: LoadedRow[];
let token: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  orders = await allOrders(t.ctx.db);
  token = (await callers(t)).dispatcher.token;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('searchKeys on analysed statistics', () => {
  it('looks up fewer bigrams for a term with frequent ones, and lists every match', async () => {
    const db = t.ctx.db;
    // Before ANALYZE the statistics know nothing: every bigram is looked up.
    const address = orders.find((o) => DEFAULT_TYPE_IDS.includes(o.state.typeId))!.row.address;
    const { rows } = await sql<{
      b: string[];
    }>`SELECT hotline_bigrams(lower(${address})) AS b`.execute(db);
    const all = [...new Set(rows[0]!.b)];
    expect(all.length).toBeGreaterThan(3);
    await sql`ANALYZE order_search`.execute(db);
    const shares = await bigramFrequencies(db, Date.now() + 3_600_000);
    expect(shares.size).toBeGreaterThan(0);
    const frequent = all.filter((b) => (shares.get(b) ?? 0) > FREQUENT_BIGRAM);
    expect(frequent.length, `frequent bigrams of "${address}"`).toBeGreaterThan(0);

    const keys = await searchKeys(db, address);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.length).toBeLessThan(all.length);
    for (const k of keys) expect(all).toContain(k);
    // Past the two rarest, the rare ones — and at most one common one, the rarest standing apart
    // from them when they all overlap (withApartPair).
    if (keys.length > 2) {
      const common = keys.slice(2).filter((k) => (shares.get(k) ?? 0) > FREQUENT_BIGRAM);
      expect(common.length, `${keys.join(' ')} of "${address}"`).toBeLessThanOrEqual(1);
    }

    // Through the search index (keywordScanRows 0) and on the rows: the same orders, every one
    // whose text holds the term.
    for (const term of [address, address.slice(0, 6), '停车', '望湖街道']) {
      const expected = orders
        .filter((o) => DEFAULT_TYPE_IDS.includes(o.state.typeId))
        .filter((o) => searchTextOf(o).includes(term.toLowerCase()))
        .map((o) => o.row.id)
        .sort((a, b) => a - b);
      for (const scanRows of [0, 1_000_000]) {
        t.ctx.settings.keywordScanRows = scanRows;
        for (const sort of ['callTime', 'deadline'] as const) {
          const got = await listAll(t, token, { keyword: term, sort });
          expect(ids(got), `${term} ${sort} keywordScanRows ${scanRows}`).toEqual(expected);
        }
      }
    }
    t.ctx.settings.keywordScanRows = 10_000;
  }, 300_000);
});
