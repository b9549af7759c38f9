import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoUsername } from '../../../src/seed/demo-org';
import {
  callers,
  list,
  listAll,
  withMatchesInHand,
  withScanRows,
  type Caller,
} from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * A page that sorts a keyword's few matches reads all of them, and its statement counts them
 * too (sorted-page.ts `sortedPage`): that count is the list's total, exact even
 * past the cap (the total's own count stops at it). The cap is set below the term's matches,
 * so a total that came from the capped count says so (`totalCapped`) and fails here.
 */

const CAP = 5;
/** Fewer than FREQUENT_IN_PROBE (10): rare, so its matches are sorted. */
const MATCHES = 8;
const TERM = '界碑核验';

let t: TestApp;
let who: Record<DemoUsername, Caller>;

beforeAll(async () => {
  t = await createTestApp({ orders: 80, settings: { listTotalCap: CAP } });
  who = await callers(t);
  // The term on some of the visitor's call-back queue (a queue whose IN splits into parts) and
  // on others spread over all orders, street1's among them.
  const callBack = await listAll(t, who.visitor.token, { menuId: 'hf_dhf' });
  const street = await listAll(t, who.street1.token, {});
  const all = await t.ctx.db.selectFrom('work_orders').select('id').orderBy('id').execute();
  const chosen = new Set([
    ...callBack.slice(0, 3).map((o) => o.id),
    ...street.slice(0, 2).map((o) => o.id),
    ...all.map((o) => o.id).filter((id) => id % 11 === 0),
  ]);
  const ids = [...chosen].slice(0, MATCHES);
  expect(ids).toHaveLength(MATCHES);
  for (const [i, id] of ids.entries()) {
    await t.ctx.db
      .updateTable('work_orders')
      .set({ title: `${TERM}${i}` })
      .where('id', '=', id)
      .execute();
  }
});
afterAll(async () => {
  await t?.close();
});

const totalOf = (data: { totalCount?: number; totalCapped?: boolean }) => ({
  totalCount: data.totalCount,
  ...('totalCapped' in data ? { totalCapped: data.totalCapped } : {}),
});
const cappedOf = (rows: number) =>
  rows > CAP ? { totalCount: CAP, totalCapped: true } : { totalCount: rows };

const SORTS = [
  ['callTime', 'desc'],
  ['callTime', 'asc'],
  ['deadline', 'desc'],
  ['deadline', 'asc'],
  ['dispatchTime', 'desc'],
  ['dispatchTime', 'asc'],
] as const;

describe('a page that sorts its matches counts them', () => {
  it('the total is every match, exact past the cap, on every sort, queue and scope', async () => {
    const cases = [
      { name: 'dispatcher', body: {} },
      { name: 'street1', body: {} },
      { name: 'visitor', body: { menuId: 'hf_dhf' } },
    ] as const;
    const seen = { pastCap: 0, callBack: 0 };
    for (const { name, body } of cases) {
      const { token } = who[name];
      for (const [sort, sortOrder] of SORTS) {
        const asked = { ...body, keyword: TERM, sort, sortOrder };
        const all = await listAll(t, token, asked, '/lists/searchEs');
        if (all.length > CAP) seen.pastCap++;
        if (name === 'visitor' && all.length > 0) seen.callBack++;
        // rows: the keyword tested on these few rows, its matches sorted; index: through the
        // search index, sorted when not by call time (by call time: week windows, not sorted,
        // so the total is the capped count's); inHand: the matches collected first, then sorted.
        for (const way of ['rows', 'index', 'inHand'] as const) {
          const label = `${name} ${sort} ${sortOrder} ${way}`;
          const counted = way !== 'index' || sort !== 'callTime';
          const read = <T>(run: () => Promise<T>) =>
            way === 'inHand'
              ? withMatchesInHand(t, run)
              : withScanRows(t, way === 'rows' ? 10_000 : 1, run);
          const first = await read(() =>
            list(t, token, { ...asked, isAmount: 1, pageSize: 10 }, '/lists/searchEs'),
          );
          expect([first.code, first.msg], label).toEqual([200, 'success']);
          expect(
            first.data.list.map((o) => o.id),
            label,
          ).toEqual(all.slice(0, 10).map((o) => o.id));
          expect(totalOf(first.data), label).toEqual(
            counted ? { totalCount: all.length } : cappedOf(all.length),
          );
          // A page past the last match has no row to carry the count: the total is counted —
          // but for the district's matches in hand by call time, paged and counted from the
          // collection itself (in-hand-page.ts): exact there too.
          const past = await read(() =>
            list(t, token, { ...asked, isAmount: 1, pageSize: 10, pageNo: 2 }, '/lists/searchEs'),
          );
          const fromCollection = way === 'inHand' && name === 'dispatcher' && sort === 'callTime';
          expect([past.data.list.length, totalOf(past.data)], label).toEqual([
            0,
            fromCollection ? { totalCount: all.length } : cappedOf(all.length),
          ]);
          // Exact on demand: the same figure either way.
          const exact = await read(() =>
            list(t, token, { ...asked, isAmount: 1, exactTotal: 1 }, '/lists/searchEs'),
          );
          expect(totalOf(exact.data), label).toEqual({ totalCount: all.length });
        }
      }
    }
    expect(seen.pastCap).toBeGreaterThan(0);
    expect(seen.callBack).toBeGreaterThan(0);
  });
});
