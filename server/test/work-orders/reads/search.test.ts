import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_IDS } from '@hotline/domain';
import type { DemoUsername } from '../../../src/seed/demo-org';
import {
  allOrders,
  callers,
  ids,
  list,
  listAll,
  type Caller,
  searchTextOf,
  type LoadedRow,
  withMatchesInHand,
  withScanRows,
} from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Full text over title, content, caller, address and numbers, against the rows in the database. */

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

const inDefault = (o: LoadedRow) => DEFAULT_TYPE_IDS.includes(o.state.typeId);
const expectIds = (o: LoadedRow[]) => o.map((r) => r.row.id).sort((a, b) => a - b);

describe('full text', () => {
  const matches = (term: string) =>
    expectIds(orders.filter((o) => inDefault(o) && searchTextOf(o).includes(term.toLowerCase())));

  // The plans (search-page.ts, keywordPlan): through the search index (0), on the rows the
  // other clauses keep (at this size every estimate is under the default), and the matches
  // collected first.
  it.each(['小区', '停车', '漏水', '噪音扰民', '物业公司', '望湖街道'])('%s', async (term) => {
    for (const scanRows of [0, 1_000_000]) {
      const rows = await withScanRows(t, scanRows, () => listAll(t, token, { keyword: term }));
      expect(ids(rows), `${term}, keywordScanRows ${scanRows}`).toEqual(matches(term));
    }
    const inHand = await withMatchesInHand(t, () => listAll(t, token, { keyword: term }));
    expect(ids(inHand), `${term}, in hand`).toEqual(matches(term));
  });

  it('sorted by deadline: the index, the rows after a probe and the rows alone agree', async () => {
    for (const term of ['小区', '望湖街道', '漏水']) {
      const pages: number[][] = [];
      const body = { keyword: term, sort: 'deadline' } as const;
      for (const scanRows of [0, 1, 1_000_000]) {
        const rows = await withScanRows(t, scanRows, () => listAll(t, token, body));
        pages.push(rows.map((o) => o.id));
      }
      const inHand = await withMatchesInHand(t, () => listAll(t, token, body));
      expect(pages[0]!.length, term).toBeGreaterThan(0);
      expect(pages[1], term).toEqual(pages[0]);
      expect(pages[2], term).toEqual(pages[0]);
      expect(
        inHand.map((o) => o.id),
        `${term} in hand`,
      ).toEqual(pages[0]);
    }
  });

  it('the 2- and 3+-character terms above find something', async () => {
    const two = matches('小区').length;
    const three = matches('望湖街道').length;
    expect([two > 0, three > 0]).toEqual([true, true]);
  });

  it('an order number, a phone fragment, Latin letters in any case', async () => {
    const o = orders.find(inDefault);
    if (!o) throw new Error('no order');
    expect(ids(await listAll(t, token, { keyword: o.row.order_num }))).toEqual([o.row.id]);
    const fragment = o.row.caller_phone.slice(3, 9);
    expect(ids(await listAll(t, token, { keyword: fragment }))).toEqual(matches(fragment));
    const qy = await list(t, token, { keyword: 'qy', isAmount: 1 });
    const QY = await list(t, token, { keyword: 'QY', isAmount: 1 });
    expect(qy.data.totalCount).toBe(orders.filter(inDefault).length);
    expect(QY.data.totalCount).toBe(qy.data.totalCount);
  });

  it('LIKE wildcards are literal; 1 character is refused', async () => {
    for (const keyword of ['%%', '__', '小%', 'a\\']) {
      const r = await list(t, token, { keyword, isAmount: 1 });
      expect([r.code, r.data.totalCount], keyword).toEqual([200, 0]);
    }
    for (const keyword of ['小', ' 小 ', '区', 'a b']) {
      const r = await list(t, token, { keyword });
      expect([r.status, r.msg], keyword).toEqual([
        400,
        'keyword: at least 2 characters (two in a row that are not spaces)',
      ]);
    }
  });

  it('hotline_bigrams: every adjacent pair, whatever the length and the characters', async () => {
    const pairs = (text: string) => {
      const out = new Set<string>();
      for (let i = 0; i + 1 < text.length; i++) out.add(text.slice(i, i + 2));
      return [...out].sort();
    };
    const samples = [
      '',
      'a',
      'ab',
      'abc',
      '物业费 x',
      'a\u0001b\tc\nd',
      '\\&\\1%_',
      '望湖街道望湖',
    ];
    for (const text of samples) {
      const { rows } = await sql<{ g: string[] }>`SELECT hotline_bigrams(${text}) AS g`.execute(
        t.ctx.db,
      );
      const got = [...new Set(rows[0]?.g ?? [])].sort();
      // A \x01 is the function's cut mark: it stands for a blank in the pairs.
      expect(got, JSON.stringify(text)).toEqual(pairs(text.replaceAll('\u0001', ' ')));
    }
  });

  it('newest-first pages read window by window and equal the full ordering, page by page', async () => {
    // Matches spread over the demo's 18 months: pages of 7 cross the 1-, 5-, 26- and 104-week
    // windows; every page must be exactly the slice of the full (call_time, id) ordering.
    t.ctx.settings.keywordScanRows = 0;
    for (const term of ['小区', '望湖街道', 'qy']) {
      const expected = orders
        .filter((o) => inDefault(o) && searchTextOf(o).includes(term))
        .sort(
          (a, b) => b.row.call_time.getTime() - a.row.call_time.getTime() || b.row.id - a.row.id,
        )
        .map((o) => o.row.id);
      expect(expected.length, term).toBeGreaterThan(14);
      const got: number[] = [];
      for (let pageNo = 1; ; pageNo++) {
        const r = await list(t, token, { keyword: term, pageNo, pageSize: 10 });
        got.push(...r.data.list.map((o) => o.id));
        if (!r.data.hasMore) break;
      }
      expect(got, term).toEqual(expected);
      const oldestFirst = await listAll(t, token, { keyword: term, sortOrder: 'asc' });
      expect(
        oldestFirst.map((o) => o.id),
        term,
      ).toEqual([...expected].reverse());
    }
  });
});
