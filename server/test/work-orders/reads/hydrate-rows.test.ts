import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hydrateOrders,
  ORDER_COLUMNS,
  ORDER_TIME_COLUMNS,
} from '../../../src/modules/work-orders/reads/list.repository';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The list hydration reads each row as one JSON array with its instants as epoch milliseconds
 * (list.repository.ts `hydrateQuery`). Its rows must equal what pg's per-field read gives for
 * the same select list: every column of every order (types, nulls, arrays, escaped text, the
 * millisecond of instants with microseconds, before 1970 too), the names and the lock.
 */

let t: TestApp;
let ids: number[];
const now = () => t.ctx.now();

beforeAll(async () => {
  t = await createTestApp({ orders: 120 });
  const db = t.ctx.db;
  ids = (await db.selectFrom('work_orders').select('id').orderBy('id').execute()).map((r) => r.id);
  const [a, b, c] = ids;
  const units = await db.selectFrom('units').select('id').orderBy('id').limit(3).execute();
  // text that JSON escapes, arrays, coordinates, instants with microseconds and before 1970
  await sql`UPDATE work_orders SET
      title = ${'引号"反斜杠\\换行\n制表\t控制\u0001 emoji 𝄞 </t>&'},
      labels = ARRAY['重点', 'a"b', ''],
      co_host_unit_ids = ${units.map((u) => u.id)}::int[],
      lat = 39.9042, long = 116.4074,
      reply_time = timestamptz '2026-12-06 05:18:13.999999+00',
      visit_time = timestamptz '1969-12-31 23:59:59.999999+00',
      escalated_at = timestamptz '1987-05-21 23:30:21.476+00',
      sms_opt_out = true
    WHERE id = ${a!}`.execute(db);
  await sql`UPDATE work_orders SET caller_name = '', reply_content = NULL, source_ref = NULL,
      handling_limit_hours = NULL, lat = NULL WHERE id = ${b!}`.execute(db);
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_locks')
    .values({
      order_id: c!,
      user_id: admin.id,
      locked_at: now(),
      expires_at: new Date(now().getTime() + 600_000 + 0.5),
    })
    .execute();
});
afterAll(async () => {
  await t?.close();
});

/** The same select list read field by field, as the hydration read it before. */
async function perField(orderIds: number[]) {
  return t.ctx.db
    .selectFrom('work_orders')
    .leftJoin('units as host', 'host.id', 'work_orders.host_unit_id')
    .leftJoin('units as community', 'community.id', 'work_orders.community_unit_id')
    .leftJoin('problem_categories as c3', 'c3.id', 'work_orders.category_id')
    .leftJoin('problem_categories as c2', 'c2.id', 'c3.parent_id')
    .leftJoin('problem_categories as c1', 'c1.id', 'c2.parent_id')
    .leftJoin('order_locks as lk', (join) =>
      join.onRef('lk.order_id', '=', 'work_orders.id').on('lk.expires_at', '>', now()),
    )
    .leftJoin('users as lu', 'lu.id', 'lk.user_id')
    .select(ORDER_COLUMNS.map((c) => `work_orders.${c}` as const))
    .select([
      'host.name as organizer_name',
      'community.name as community_name',
      sql<string>`concat_ws('->', c1.name, c2.name, c3.name)`.as('category_path'),
      sql<string | null>`(SELECT string_agg(u.name, '、' ORDER BY
        array_position(work_orders.co_host_unit_ids, u.id))
        FROM units u WHERE u.id = ANY(work_orders.co_host_unit_ids))`.as('subordinate_name'),
      'lk.user_id as lock_user_id',
      'lu.realname as lock_user_name',
      'lk.expires_at as lock_expires_at',
    ])
    .where('work_orders.id', 'in', orderIds)
    .execute();
}

describe('hydrateOrders', () => {
  it('gives every order the row and names the per-field read gives', async () => {
    const hydrated = await hydrateOrders(t.ctx.db, ids, now());
    const reference = new Map((await perField(ids)).map((r) => [r.id, r]));
    expect(hydrated.map((h) => h.row.id)).toEqual(ids);
    for (const { row, extras } of hydrated) {
      const ref = reference.get(row.id)!;
      const expected = Object.fromEntries(ORDER_COLUMNS.map((c) => [c, ref[c]]));
      expect(row, `order ${row.id}`).toStrictEqual(expected);
      expect(extras).toStrictEqual({
        organizerName: ref.organizer_name,
        subordinateName: ref.subordinate_name,
        communityName: ref.community_name,
        categoryPath: ref.category_path,
        lock:
          ref.lock_user_id !== null && ref.lock_expires_at !== null
            ? {
                userId: ref.lock_user_id,
                userName: ref.lock_user_name ?? '',
                expiresAt: ref.lock_expires_at,
              }
            : null,
      });
    }
  });

  it('reads as instants exactly the timestamp columns the catalogue has', async () => {
    const r = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'work_orders'
        AND data_type LIKE 'timestamp%'`.execute(t.ctx.db);
    const inCatalogue = r.rows
      .map((c) => c.column_name)
      .filter((c) => (ORDER_COLUMNS as readonly string[]).includes(c));
    expect([...ORDER_TIME_COLUMNS].sort()).toEqual(inCatalogue.sort());
  });

  it('covers the hard cases: escaped text, arrays, instants, nulls, a lock', async () => {
    const [a, b, c] = ids;
    const [ha, hb, hc] = await hydrateOrders(t.ctx.db, [a!, b!, c!], now());
    expect(ha!.row.title).toBe('引号"反斜杠\\换行\n制表\t控制\u0001 emoji 𝄞 </t>&');
    expect(ha!.row.labels).toEqual(['重点', 'a"b', '']);
    expect(ha!.row.co_host_unit_ids).toHaveLength(3);
    expect(ha!.row.lat).toBe(39.9042);
    expect(ha!.row.reply_time).toEqual(new Date('2026-12-06T05:18:13.999Z'));
    expect(ha!.row.visit_time).toEqual(new Date('1969-12-31T23:59:59.999Z'));
    expect(ha!.row.escalated_at).toEqual(new Date('1987-05-21T23:30:21.476Z'));
    expect(ha!.extras.subordinateName).toContain('、');
    expect(hb!.row.caller_name).toBe('');
    expect(hb!.row.reply_content).toBeNull();
    expect(hb!.row.lat).toBeNull();
    expect(hb!.row.handling_limit_hours).toBeNull();
    expect(hc!.extras.lock?.userName).not.toBe('');
    for (const column of ORDER_TIME_COLUMNS) {
      const value = hc!.row[column];
      if (value !== null) expect(value, column).toBeInstanceOf(Date);
    }
  });
});
