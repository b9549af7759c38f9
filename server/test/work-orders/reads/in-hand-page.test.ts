import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_IDS } from '@hotline/domain';
import { inHandPage, unitInHandPage } from '../../../src/modules/work-orders/reads/in-hand-page';
import { typesWhere, type OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import { scopeWhere } from '../../../src/modules/work-orders/reads/scope-sql';
import { matchesInHand } from '../../../src/modules/work-orders/reads/search-in-hand';
import { keywordWhere } from '../../../src/modules/work-orders/reads/search-sql';
import { sortedPage, sortedPageQuery } from '../../../src/modules/work-orders/reads/sorted-page';
import { callers, list, relayOrders, withKeywordSettings } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * A keyword's matches in hand, by call time, in a list that asks only their type (a district's
 * search over all orders), are paged and counted from what the collection returned — each
 * match's call time and type, `order_search.type_id` (migration 045) — with no statement
 * (in-hand-page.ts). Checked against the page's statement over `work_orders` at every offset in
 * both directions, with matches of other types, equal call times and call times a fraction of
 * a millisecond apart; and end to end, the dispatcher's search gives the same rows and total
 * as with collecting turned off.
 */

const ORDERS = 120;
const DAY = 86_400_000;
/** 30 matches over three years: every fourth order from 0 to 119. */
const TERM = '旧案核对';
const OTHER_TYPE = 2;

let t: TestApp;
let dispatcher: string;
let street1: { token: string; unit: number };
/** The orders carrying TERM, in id order. */
let matchIds: number[];

beforeAll(async () => {
  t = await createTestApp({ orders: ORDERS, settings: { keywordIdsMax: 60 } });
  const who = await callers(t);
  dispatcher = who.dispatcher.token;
  street1 = { token: who.street1.token, unit: who.street1.auth.unit.id };
  const now = t.ctx.now().getTime();
  await relayOrders(t, (i) => ({
    callTime: new Date(now - (i + 1) * 9 * DAY),
    ...(i % 4 === 0 ? { title: `${TERM}${i}` } : {}),
  }));
  const { rows } = await sql<{ id: string }>`
    SELECT order_id AS id FROM order_search WHERE strpos(search_text, ${TERM}) > 0
     ORDER BY order_id`.execute(t.ctx.db);
  matchIds = rows.map((r) => Number(r.id));
  const [a, b, c, d, e, f] = matchIds as [number, number, number, number, number, number];
  // Every order of type 1 but three matches of a type outside the lists' types, a tie in call time (then by id), and two call
  // times 300 µs apart in the order against their ids (equal in milliseconds).
  await sql`UPDATE work_orders SET type_id = 1`.execute(t.ctx.db);
  await sql`UPDATE work_orders SET type_id = ${OTHER_TYPE} WHERE id IN (${a}, ${b}, ${c})`.execute(
    t.ctx.db,
  );
  await sql`UPDATE work_orders SET call_time = (SELECT call_time FROM work_orders WHERE id = ${e})
             WHERE id = ${d}`.execute(t.ctx.db);
  const base = new Date(now - 400 * DAY).toISOString().replace('Z', '');
  await sql`UPDATE work_orders SET call_time = (${base}::timestamp + interval '700 microseconds') AT TIME ZONE 'UTC' WHERE id = ${f}`.execute(
    t.ctx.db,
  );
  const g = matchIds[6]!;
  await sql`UPDATE work_orders SET call_time = (${base}::timestamp + interval '400 microseconds') AT TIME ZONE 'UTC' WHERE id = ${g}`.execute(
    t.ctx.db,
  );
  await sql`ANALYZE order_search`.execute(t.ctx.db);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const types = typesWhere(DEFAULT_TYPE_IDS);
const everyOrder = scopeWhere({ all: true, unitId: null, visitor: false, createdBy: null });

/** The list's clauses with the keyword's matches collected first. */
async function inHand(where: readonly OrdersWhere[]): Promise<OrdersWhere[]> {
  const among = await matchesInHand(t.ctx, where);
  if (!among) throw new Error('not collected');
  return among;
}

/** The page's statement over `work_orders` (what sortedPage ran before in-hand-page.ts). */
async function statement(where: readonly OrdersWhere[], page: Page) {
  const rows = await sortedPageQuery(t.ctx.db, where, page, true).execute();
  return { ids: rows.map((r) => r.id), count: rows[0] ? Number(rows[0].n) : undefined };
}

/**
 * The caller's search for TERM, `pages` pages of 10 in both directions, gives the rows, hasMore
 * and total it gives with collecting turned off, and the total is `total`.
 */
async function sameAsWithoutCollecting(token: string, pages: number, total: number) {
  for (const sortOrder of ['desc', 'asc'] as const) {
    for (let pageNo = 1; pageNo <= pages; pageNo++) {
      const body = { keyword: TERM, pageNo, pageSize: 10, isAmount: true, sortOrder };
      const read = (keywordIdsMax: number) =>
        withKeywordSettings(t, { keywordScanRows: 1, keywordIdsMax }, () => list(t, token, body));
      const [collected, plain] = [await read(60), await read(0)];
      expect(collected.code, collected.msg).toBe(200);
      const shown = (r: typeof collected) => ({
        ids: r.data.list.map((o) => o.id),
        hasMore: r.data.hasMore,
        total: r.data.totalCount,
      });
      expect(shown(collected), `${sortOrder} ${pageNo}`).toEqual(shown(plain));
      expect(collected.data.totalCount).toBe(total);
    }
  }
}

type Page = {
  sort: 'call_time' | 'deadline';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

describe('order_search.type_id', () => {
  it("is each order's type, and follows a change of it", async () => {
    const wrong = async () =>
      (
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM work_orders o JOIN order_search s ON s.order_id = o.id
           WHERE s.type_id <> o.type_id OR s.call_time <> o.call_time`.execute(t.ctx.db)
      ).rows[0]!.n;
    expect(await wrong()).toBe(0);
    const id = matchIds[10]!;
    await sql`UPDATE work_orders SET type_id = 5 WHERE id = ${id}`.execute(t.ctx.db);
    const row = await t.ctx.db
      .selectFrom('order_search')
      .select('type_id')
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.type_id).toBe(5);
    expect(await wrong()).toBe(0);
    await sql`UPDATE work_orders SET type_id = 1 WHERE id = ${id}`.execute(t.ctx.db);
    expect(await wrong()).toBe(0);
  });
});

describe('the page of matches in hand, from the collection', () => {
  it('is the statement’s page at every offset, both directions, with every match counted', async () => {
    for (const where of [
      [types, keywordWhere(TERM)],
      [everyOrder, types, keywordWhere(TERM)],
    ]) {
      const among = await inHand(where);
      for (const direction of ['desc', 'asc'] as const) {
        for (const offset of [0, 4, 8, 12, 20, 26, 27, 40]) {
          const page = { sort: 'call_time', direction, limit: 5, offset } as const;
          const got = inHandPage(among, page);
          expect(got, `${direction} ${offset}`).not.toBeNull();
          const want = await statement(among, page);
          expect(got!.ids, `${direction} ${offset}`).toEqual(want.ids);
          // Counted also past the last match, where the statement has no row to carry it.
          expect(got!.count).toBe(matchIds.length - 3);
          if (want.count !== undefined) expect(got!.count).toBe(want.count);
          expect(await sortedPage(t.ctx.db, among, page, true)).toEqual(got);
          expect(await sortedPage(t.ctx.db, among, page)).toEqual({ ids: got!.ids });
        }
      }
    }
  });

  it('leaves out the matches of other types, and keeps them when the list asks for them', async () => {
    const page = { sort: 'call_time', direction: 'desc', limit: 100, offset: 0 } as const;
    const some = inHandPage(await inHand([types, keywordWhere(TERM)]), page)!;
    expect(some.ids).not.toContain(matchIds[0]);
    const all = inHandPage(await inHand([typesWhere([1, OTHER_TYPE]), keywordWhere(TERM)]), page)!;
    expect([...all.ids].sort((a, b) => a - b)).toEqual(matchIds);
  });

  it('is not used when the list asks anything else of an order, or sorts otherwise', async () => {
    const older: OrdersWhere = (eb) =>
      eb('work_orders.call_time', '<', new Date(t.ctx.now().getTime() - 100 * DAY));
    const unit = scopeWhere({ all: false, unitId: 3, visitor: false, createdBy: null });
    const page = { sort: 'call_time', direction: 'desc', limit: 5, offset: 0 } as const;
    expect(inHandPage(await inHand([types, older, keywordWhere(TERM)]), page)).toBeNull();
    expect(inHandPage(await inHand([types, unit, keywordWhere(TERM)]), page)).toBeNull();
    expect(inHandPage([types, keywordWhere(TERM)], page)).toBeNull();
    const among = await inHand([types, keywordWhere(TERM)]);
    expect(inHandPage(among, { ...page, sort: 'deadline' })).toBeNull();
  });

  it('end to end: the dispatcher’s search gives the rows and total it gives without collecting', async () => {
    await sameAsWithoutCollecting(dispatcher, 4, matchIds.length - 3);
  });
});

describe("a unit's page of its own matches in hand, through order_units", () => {
  /** The matches street1's unit hosts or co-hosts (set below), of the lists' type. */
  let mine: number[];
  const unitScope = () =>
    scopeWhere({ all: false, unitId: street1.unit, visitor: false, createdBy: null });

  beforeAll(async () => {
    const other = (
      await sql<{
        id: number;
      }>`SELECT id FROM units WHERE id <> ${street1.unit} ORDER BY id LIMIT 1`.execute(t.ctx.db)
    ).rows[0]!.id;
    // Of the matches: every third hosted by street1's unit, every third co-hosted by it (another
    // unit hosting), every third another unit's only. The tie (d, e), the 300 µs pair (f, g)
    // and two of the other type (b, c) fall in each part.
    for (const [k, id] of matchIds.entries()) {
      const [host, coHosts] =
        k % 3 === 0 ? [street1.unit, []] : k % 3 === 1 ? [other, [street1.unit]] : [other, []];
      await sql`UPDATE work_orders SET host_unit_id = ${host},
                  co_host_unit_ids = ${coHosts}::int[] WHERE id = ${id}`.execute(t.ctx.db);
    }
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM work_orders
       WHERE id = ANY(${matchIds}::bigint[]) AND type_id = 1
         AND (host_unit_id = ${street1.unit} OR ${street1.unit} = ANY(co_host_unit_ids))
       ORDER BY id`.execute(t.ctx.db);
    mine = rows.map((r) => Number(r.id));
    await sql`VACUUM ANALYZE order_units`.execute(t.ctx.db);
  });

  it('is the statement’s page at every offset, both directions, with every match counted', async () => {
    expect(mine.length).toBeGreaterThan(10);
    const among = await inHand([unitScope(), types, keywordWhere(TERM)]);
    for (const direction of ['desc', 'asc'] as const) {
      for (const offset of [0, 3, 6, 15, 18, 19, 40]) {
        const page = { sort: 'call_time', direction, limit: 3, offset } as const;
        const got = await unitInHandPage(t.ctx.db, among, page);
        expect(got, `${direction} ${offset}`).not.toBeNull();
        const want = await statement(among, page);
        expect(got!.ids, `${direction} ${offset}`).toEqual(want.ids);
        expect(got!.count).toBe(mine.length);
        if (want.count !== undefined) expect(got!.count).toBe(want.count);
        expect(await sortedPage(t.ctx.db, among, page, true)).toEqual(got);
      }
    }
  });

  it('finds none of a unit that has none, and is not used for anything else', async () => {
    const page = { sort: 'call_time', direction: 'desc', limit: 5, offset: 0 } as const;
    const nobody = scopeWhere({ all: false, unitId: 999_999, visitor: false, createdBy: null });
    const none = await inHand([nobody, types, keywordWhere(TERM)]);
    expect(await unitInHandPage(t.ctx.db, none, page)).toEqual({ ids: [], count: 0 });
    const older: OrdersWhere = (eb) =>
      eb('work_orders.call_time', '<', new Date(t.ctx.now().getTime() - 100 * DAY));
    const among = await inHand([unitScope(), types, keywordWhere(TERM)]);
    const db = t.ctx.db;
    expect(await unitInHandPage(db, among, { ...page, sort: 'deadline' })).toBeNull();
    expect(await unitInHandPage(db, [unitScope(), types, keywordWhere(TERM)], page)).toBeNull();
    expect(await unitInHandPage(db, await inHand([types, keywordWhere(TERM)]), page)).toBeNull();
    const withOlder = await inHand([unitScope(), types, older, keywordWhere(TERM)]);
    expect(await unitInHandPage(db, withOlder, page)).toBeNull();
    const withCreator = scopeWhere({
      all: false,
      unitId: street1.unit,
      visitor: false,
      createdBy: 1,
    });
    const wider = await inHand([withCreator, types, keywordWhere(TERM)]);
    expect(await unitInHandPage(db, wider, page)).toBeNull();
  });

  it('end to end: street1’s search gives the rows and total it gives without collecting', async () => {
    await sameAsWithoutCollecting(street1.token, 3, mine.length);
  });
});
