import { sql } from 'kysely';
import type { Db } from '../../../context';
import { fixedQuery } from '../../../db/prepared';
import type { WorkOrdersTable } from '../../../db/schema';
import type { OrderExtras, PresentableOrder } from '../order.presenter';
import type { OrdersWhere } from './queue-sql';

/**
 * SQL of the work-order lists. A page is read in two steps: the ids of the page (filters,
 * order, limit — the query the indexes serve, see docs/query-plans.md), then those rows with
 * their unit, category and lock names.
 */

/** Every column of an order but the search text (what lists and exports read). */
export const ORDER_COLUMNS = [
  'id',
  'order_num',
  'district_case_num',
  'handle_code',
  'type_id',
  'title',
  'major_content',
  'caller_name',
  'caller_phone',
  'caller_count',
  'caller_subject',
  'address',
  'community_unit_id',
  'category_id',
  'labels',
  'seven_five_category',
  'order_nature',
  'urgency',
  'risk_level',
  'status',
  'main_org_status',
  'huifang_state',
  'need_review_status',
  'host_unit_id',
  'dispatch_type',
  'dispatcher_id',
  'assigned_staff',
  'call_time',
  'system_sign_time',
  'dispatch_time',
  'host_sign_time',
  'refuse_deadline',
  'handling_limit_hours',
  'deadline',
  'reply_time',
  'reply_content',
  'reply_contacted',
  'reply_resolved',
  'city_reply_time',
  'closed_time',
  'visit_count',
  'visit_time',
  'visit_result',
  'visit_contacted',
  'visit_resolved',
  'visit_remark',
  'assessment_type',
  'tichu_type',
  'is_key_appeal',
  'is_supervised',
  'merged_into_id',
  'is_second_visit',
  'created_by',
  'created_at',
  'updated_at',
  'visit_host_contacted',
  'supervise_count',
  'remarks',
  'co_host_unit_ids',
  'source_ref',
] as const satisfies readonly Exclude<keyof WorkOrdersTable, 'search_text'>[];

export type SortKey = 'call_time' | 'deadline' | 'dispatch_time';

export interface HydratedOrder {
  row: PresentableOrder;
  extras: OrderExtras;
}

/**
 * Ids of one page, ordered by the sort key, then id. call_time is never NULL, so its order is
 * plain `DESC`/`ASC` — exactly the order of the call-time indexes (migration 004), which lets
 * a page stop after its rows. The nullable keys put NULLs last either way.
 */
export async function pageOrderIds(
  db: Db,
  where: readonly OrdersWhere[],
  page: { sort: SortKey; direction: 'asc' | 'desc'; limit: number; offset: number },
): Promise<number[]> {
  const column = sql.ref(`work_orders.${page.sort}`);
  const direction = page.direction === 'desc' ? sql`DESC` : sql`ASC`;
  const nulls = page.sort === 'call_time' ? sql`` : sql`NULLS LAST`;
  let query = db.selectFrom('work_orders').select('work_orders.id');
  for (const w of where) query = query.where(w);
  const rows = await query
    .orderBy(sql`${column} ${direction} ${nulls}`)
    .orderBy('work_orders.id', page.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The same ids as `pageOrderIds` with `call_time DESC`, read window by window (`windows`,
 * narrowest first, each a condition that keeps the orders called since some moment): if a
 * window already holds offset + limit matches, those are the newest matches of all —
 * everything outside the window is older — so the page is exact; otherwise the next, wider
 * window, and at last the whole history. A frequent keyword's page is found among the
 * matches of the last week instead of fetching every match to sort them.
 */
export async function pageOrderIdsNewestFirst(
  db: Db,
  where: readonly OrdersWhere[],
  windows: readonly OrdersWhere[],
  page: { limit: number; offset: number },
): Promise<number[]> {
  const newest = { sort: 'call_time', direction: 'desc', ...page } as const;
  for (const window of windows) {
    const ids = await pageOrderIds(db, [...where, window], newest);
    if (ids.length >= page.limit) return ids;
  }
  return pageOrderIds(db, where, newest);
}

export async function countOrders(db: Db, where: readonly OrdersWhere[]): Promise<number> {
  let query = db.selectFrom('work_orders').select((eb) => eb.fn.countAll<number>().as('n'));
  for (const w of where) query = query.where(w);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The page's rows with their names: one statement of fixed text (ids as one array parameter),
 * built once and run as a prepared statement (db/prepared.ts): its plan — seven joins — is
 * made once per connection, not on every page.
 */
const hydrateQuery = fixedQuery(
  (db, ids: number[], now: Date) =>
    db
      .selectFrom('work_orders')
      .leftJoin('units as host', 'host.id', 'work_orders.host_unit_id')
      .leftJoin('units as community', 'community.id', 'work_orders.community_unit_id')
      .leftJoin('problem_categories as c3', 'c3.id', 'work_orders.category_id')
      .leftJoin('problem_categories as c2', 'c2.id', 'c3.parent_id')
      .leftJoin('problem_categories as c1', 'c1.id', 'c2.parent_id')
      .leftJoin('order_locks as lk', (join) =>
        join.onRef('lk.order_id', '=', 'work_orders.id').on('lk.expires_at', '>', now),
      )
      .leftJoin('users as lu', 'lu.id', 'lk.user_id')
      .select(ORDER_COLUMNS.map((c) => `work_orders.${c}` as const))
      .select([
        'host.name as organizer_name',
        'community.name as community_name',
        sql<string>`concat_ws('->', c1.name, c2.name, c3.name)`.as('category_path'),
        sql<
          string | null
        >`(SELECT string_agg(u.name, '、' ORDER BY array_position(work_orders.co_host_unit_ids, u.id))
                            FROM units u WHERE u.id = ANY(work_orders.co_host_unit_ids))`.as(
          'subordinate_name',
        ),
        'lk.user_id as lock_user_id',
        'lu.realname as lock_user_name',
        'lk.expires_at as lock_expires_at',
      ])
      .where(sql<boolean>`work_orders.id = ANY(${ids}::int8[])`),
  [[], new Date(0)],
);

/** The rows of `ids` with their names, in the order of `ids`. */
export async function hydrateOrders(
  db: Db,
  ids: readonly number[],
  now: Date,
): Promise<HydratedOrder[]> {
  if (ids.length === 0) return [];
  const rows = await hydrateQuery(db, [...ids], now);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const {
      organizer_name,
      community_name,
      category_path,
      subordinate_name,
      lock_user_id,
      lock_user_name,
      lock_expires_at,
      ...row
    } = r;
    const lock =
      lock_user_id !== null && lock_expires_at !== null
        ? { userId: lock_user_id, userName: lock_user_name ?? '', expiresAt: lock_expires_at }
        : null;
    return [
      {
        row,
        extras: {
          organizerName: organizer_name,
          subordinateName: subordinate_name,
          communityName: community_name,
          categoryPath: category_path,
          lock,
        },
      },
    ];
  });
}

/** A category and everything below it. */
export async function categoryAndDescendants(db: Db, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    WITH RECURSIVE tree AS (
      SELECT id FROM problem_categories WHERE id = ${id}
      UNION ALL
      SELECT c.id FROM problem_categories c JOIN tree t ON c.parent_id = t.id
    )
    SELECT id FROM tree`.execute(db);
  return rows.map((r) => r.id);
}
