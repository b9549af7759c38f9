import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_IDS } from '@hotline/domain';
import { listBody } from '@hotline/contract';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import { filterWhere } from '../../../src/modules/work-orders/reads/list-filters';
import { listWhere } from '../../../src/modules/work-orders/reads/list.service';
import { pageOrderIds } from '../../../src/modules/work-orders/reads/list.repository';
import { typesWhere, type OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import { scopeWhere } from '../../../src/modules/work-orders/reads/scope-sql';
import { listTotal } from '../../../src/modules/work-orders/reads/list-total';
import { unitCount, unitPage } from '../../../src/modules/work-orders/reads/unit-page';
import { act, must, newOrder, world, type World } from '../../support/lifecycle';
import { createTestApp } from '../../support/test-app';
import { callers, list, plainIds, type Caller } from '../reads-fixtures';
import type { DemoUsername } from '../../../src/seed/demo-org';

/**
 * `order_units` (migration 044): one row per unit that sees an order — its host and each
 * co-host, once — with the order's call time and type, kept by triggers in the transaction
 * that writes the order. Checked against a recount from `work_orders` after the seed, the
 * actions that assign, edits of the columns it copies and a deletion; and a unit's whole list
 * read from it page by page equals the plain statement over `work_orders`.
 */

let w: World;
let who: Record<DemoUsername, Caller>;

beforeAll(async () => {
  w = await world(await createTestApp({ orders: 200 }));
  who = await callers(w.t);
}, 600_000);
afterAll(async () => {
  await w?.t.close();
});

const db = () => w.t.ctx.db;

/**
 * Rows of `order_units` missing from or beyond a recount of the orders' hosts and co-hosts
 * (written here without the migration's function), and the rows in all.
 */
async function drift() {
  const { rows } = await sql<{ missing: number; extra: number; rows: number }>`
    WITH expected AS (
      SELECT host_unit_id AS unit_id, call_time, id AS order_id, type_id::int AS type_id
        FROM work_orders WHERE host_unit_id IS NOT NULL
      UNION
      SELECT c, call_time, id, type_id::int FROM work_orders, unnest(co_host_unit_ids) AS c
    ), held AS (
      SELECT unit_id, call_time, order_id, type_id::int AS type_id FROM order_units
    )
    SELECT (SELECT count(*)::int FROM (SELECT * FROM expected EXCEPT SELECT * FROM held) m)
             AS missing,
           (SELECT count(*)::int FROM (SELECT * FROM held EXCEPT SELECT * FROM expected) e)
             AS extra,
           (SELECT count(*)::int FROM order_units) AS rows`.execute(db());
  return rows[0]!;
}

const unitsOf = async (id: number) =>
  (
    await db()
      .selectFrom('order_units')
      .select('unit_id')
      .where('order_id', '=', id)
      .orderBy('unit_id')
      .execute()
  ).map((r) => r.unit_id);

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('order_units', () => {
  it('holds every unit that sees an order, once, as a recount of the orders finds', async () => {
    const d = await drift();
    expect(d).toMatchObject({ missing: 0, extra: 0 });
    const { rows } = await sql<{ hosted: number; cohosted: number }>`
      SELECT count(*) FILTER (WHERE host_unit_id IS NOT NULL)::int AS hosted,
             count(*) FILTER (WHERE cardinality(co_host_unit_ids) > 0)::int AS cohosted
        FROM work_orders`.execute(db());
    expect(rows[0]!.hosted).toBeGreaterThan(50);
    // Every hosted order has its host's row, and co-hosts add rows of their own.
    expect(d.rows).toBeGreaterThanOrEqual(rows[0]!.hosted);
  });

  it('follows a dispatch with co-hosts, a return, and a dispatch elsewhere', async () => {
    const { S01, S02, B01 } = w.units as Record<string, number>;
    const id = await newOrder(w.t);
    expect(await unitsOf(id)).toEqual([]);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(
      act(w, 'dispatcher', 'org/submitHandleOrgInfo', {
        id,
        hostUnitId: S01,
        coHostUnitIds: [S02!, B01!],
      }),
    );
    expect(await unitsOf(id)).toEqual(sorted([S01!, S02!, B01!]));
    await must(act(w, 'street1', 'Ft/signInFt', { id }));
    await must(act(w, 'street1', 'org/handleBackOrgUpdate', { id, reason: '不属于本街道' }));
    await must(act(w, 'reviewer', 'Approve/feedbackInformation', { id, pass: 1, comment: '同意' }));
    expect(await drift()).toMatchObject({ missing: 0, extra: 0 });
    await must(act(w, 'dispatcher', 'lists/undertakeSave', { id, hostUnitId: S02 }));
    const { host_unit_id, co_host_unit_ids } = await db()
      .selectFrom('work_orders')
      .select(['host_unit_id', 'co_host_unit_ids'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(host_unit_id).toBe(S02);
    expect(await unitsOf(id)).toEqual(sorted([S02!, ...co_host_unit_ids]));
    expect(await drift()).toMatchObject({ missing: 0, extra: 0 });
  });

  it('follows edits of the columns it copies; a host among its co-hosts is one row', async () => {
    const { S01, S02 } = w.units as Record<string, number>;
    const id = await newOrder(w.t);
    await sql`UPDATE work_orders SET host_unit_id = ${S01}, co_host_unit_ids = ${[S01!, S02!]}
               WHERE id = ${id}`.execute(db());
    expect(await unitsOf(id)).toEqual(sorted([S01!, S02!]));
    await sql`UPDATE work_orders SET call_time = call_time - interval '3 days'
               WHERE id = ${id}`.execute(db());
    expect(await drift()).toMatchObject({ missing: 0, extra: 0 });
    await sql`UPDATE work_orders SET type_id = 2 WHERE id = ${id}`.execute(db());
    // An update of other columns leaves the rows alone.
    await sql`UPDATE work_orders SET remarks = 'x' WHERE id = ${id}`.execute(db());
    expect(await drift()).toMatchObject({ missing: 0, extra: 0 });
    await sql`UPDATE work_orders SET host_unit_id = NULL, co_host_unit_ids = '{}'
               WHERE id = ${id}`.execute(db());
    expect(await unitsOf(id)).toEqual([]);
    await sql`UPDATE work_orders SET host_unit_id = ${S02} WHERE id = ${id}`.execute(db());
    expect(await unitsOf(id)).toEqual([S02]);
    await db().deleteFrom('work_orders').where('id', '=', id).execute();
    expect(await unitsOf(id)).toEqual([]);
    expect(await drift()).toMatchObject({ missing: 0, extra: 0 });
  });

  it('a rolled-back write leaves no row behind', async () => {
    const { S01 } = w.units as Record<string, number>;
    const id = await newOrder(w.t);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await sql`UPDATE work_orders SET host_unit_id = ${S01} WHERE id = ${id}`.execute(trx);
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(await unitsOf(id)).toEqual([]);
  });
});

describe("a unit's whole list read from order_units", () => {
  const DIRECTIONS = ['desc', 'asc'] as const;

  beforeAll(async () => {
    // Co-hosted orders of street1 (some of them hosted by it too), and ties on call time,
    // decided by id.
    const { S01 } = w.units as Record<string, number>;
    await sql`UPDATE work_orders SET co_host_unit_ids = ARRAY[${S01}]::int[]
               WHERE id % 5 = 0 AND host_unit_id IS NOT NULL`.execute(db());
    const { rows } = await sql<{ v: Date }>`
      SELECT call_time AS v FROM work_orders ORDER BY id LIMIT 3`.execute(db());
    await sql`UPDATE work_orders SET call_time = (${rows.map((r) => r.v)}::timestamptz[])[id % 3 + 1]
               WHERE id % 3 = 0`.execute(db());
    expect(await drift()).toMatchObject({ missing: 0, extra: 0 });
  });

  it('every page, both directions, of the units and types a street, a department and a town see', async () => {
    let checked = 0;
    for (const user of ['street1', 'dept1', 'town1'] as const) {
      const { scope } = await readerFor(w.t.ctx, who[user].auth);
      const clause = scopeWhere(scope);
      expect(clause.unit, user).toBe(scope.unitId);
      for (const types of [[...DEFAULT_TYPE_IDS], [DEFAULT_TYPE_IDS[0]!]]) {
        const where = [typesWhere(types), clause];
        const all = await plainIds(db(), where, 'call_time', 'desc', 100_000, 0);
        for (const direction of DIRECTIONS) {
          for (let offset = 0; offset <= all.length + 7; offset += 7) {
            const slice = { direction, limit: 8, offset };
            const plain = await plainIds(db(), where, 'call_time', direction, 8, offset);
            const label = `${user} ${types.join(',')} ${direction} @${offset}`;
            expect(await unitPage(db(), where, slice), label).toEqual(plain);
            expect(await pageOrderIds(db(), where, { sort: 'call_time', ...slice }), label).toEqual(
              plain,
            );
          }
        }
        if (types.length > 1) checked += all.length;
      }
    }
    // street1's co-hosted orders are in it.
    expect(checked).toBeGreaterThan(60);
  }, 300_000);

  it('counts the same orders as work_orders, and the exact total (精确计数) is that count', async () => {
    for (const user of ['street1', 'dept1', 'town1'] as const) {
      const { scope } = await readerFor(w.t.ctx, who[user].auth);
      for (const types of [[...DEFAULT_TYPE_IDS], [DEFAULT_TYPE_IDS[0]!]]) {
        const where = [typesWhere(types), scopeWhere(scope)];
        const plain = (await plainIds(db(), where, 'call_time', 'desc', 100_000, 0)).length;
        const label = `${user} ${types.join(',')}`;
        expect(await unitCount(db(), where), label).toBe(plain);
        expect(await listTotal(w.t.ctx, where, { exactTotal: true }), label).toEqual({
          totalCount: plain,
        });
      }
    }
    // Through the API: street1's whole list (its co-hosted orders among them), counted exactly.
    const reader = await readerFor(w.t.ctx, who.street1.auth);
    const own = await listWhere(w.t.ctx, reader, listBody.parse({}));
    expect(unitCount(db(), own)).not.toBeNull();
    const expected = (await plainIds(db(), own, 'call_time', 'desc', 100_000, 0)).length;
    const reply = await list(w.t, who.street1.token, {
      pageNo: 1,
      pageSize: 10,
      isAmount: 1,
      exactTotal: 1,
    });
    expect(reply).toMatchObject({ code: 200, data: { totalCount: expected } });
    // … read from order_units: with one of street1's rows taken out, it is one less.
    const { S01 } = w.units as Record<string, number>;
    const row = await db()
      .deleteFrom('order_units')
      .where('unit_id', '=', S01!)
      .where('order_id', '=', (await plainIds(db(), own, 'call_time', 'desc', 1, 0))[0]!)
      .returningAll()
      .executeTakeFirstOrThrow();
    try {
      expect(await listTotal(w.t.ctx, own, { exactTotal: true })).toEqual({
        totalCount: expected - 1,
      });
    } finally {
      await db().insertInto('order_units').values(row).execute();
    }
    expect(await drift()).toMatchObject({ missing: 0, extra: 0 });
    expect(expected).toBeGreaterThan(30);
  });

  it('is not used for anything else a list asks: a filter, another scope, clauses untagged', async () => {
    const reader = await readerFor(w.t.ctx, who.street1.auth);
    const slice = { direction: 'desc' as const, limit: 10, offset: 0 };
    const body = (fields: object) => listBody.parse(fields);
    const own = await listWhere(w.t.ctx, reader, body({}));
    expect(unitPage(db(), own, slice)).not.toBeNull();
    const filtered = [...own, ...(await filterWhere(db(), body({ status: '1' })))];
    expect(unitPage(db(), filtered, slice)).toBeNull();
    expect(unitCount(db(), filtered)).toBeNull();
    const queue = await listWhere(w.t.ctx, reader, body({ menuId: 'jd_ybj' }));
    expect(unitPage(db(), queue, slice)).toBeNull();
    expect(unitCount(db(), queue)).toBeNull();
    const untagged: OrdersWhere = (eb) => eb('work_orders.type_id', 'in', [...DEFAULT_TYPE_IDS]);
    expect(unitPage(db(), [untagged, own[1]!], slice)).toBeNull();
    for (const user of ['dispatcher', 'visitor', 'agent'] as const) {
      const { scope } = await readerFor(w.t.ctx, who[user].auth);
      expect(scopeWhere(scope).unit, user).toBeUndefined();
    }
  });

  it("is read as one index-only range of the table's key, either way", async () => {
    const { S01 } = w.units as Record<string, number>;
    const plans = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
        const out: string[] = [];
        for (const dir of [sql`DESC`, sql`ASC`]) {
          const { rows } = await sql<{ 'QUERY PLAN': string }>`
            EXPLAIN SELECT order_id FROM order_units
             WHERE unit_id = ${S01} AND type_id IN (1, 2)
             ORDER BY call_time ${dir}, order_id ${dir} LIMIT 21 OFFSET 200`.execute(trx);
          out.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
        }
        return out;
      });
    // The count walks the same range.
    const count = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`
          EXPLAIN SELECT count(*) FROM order_units
           WHERE unit_id = ${S01} AND type_id IN (1, 2)`.execute(trx);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(count).toMatch(/Index Only Scan using order_units_pkey/);
    for (const plan of plans) {
      expect(plan).toMatch(/Index Only Scan (Backward )?using order_units_pkey/);
      expect(plan).not.toMatch(/Sort/);
    }
  });
});
