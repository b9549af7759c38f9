import { sql } from 'kysely';
import type { Db } from '../../../context';
import { epochMs } from '../../../db/epoch-ms';
import { fixedArrayQuery, rowObjects } from '../../../db/prepared';
import type { WorkOrdersTable } from '../../../db/schema';
import type { OrderExtras, PresentableOrder } from '../order.presenter';
import { walkedPage } from './clock-walk';
import { readParts, type OrdersWhere } from './queue-sql';
import type { SortKey } from './page-sort';
import { sortedPage } from './sorted-page';
import { unitPage } from './unit-page';

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
  'lat',
  'long',
  'sms_opt_out',
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
  'escalation_level',
  'escalated_at',
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
] as const satisfies readonly (keyof WorkOrdersTable)[];

export interface HydratedOrder {
  row: PresentableOrder;
  extras: OrderExtras;
}

interface PageSlice {
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * Ids of one page, ordered by the sort key, then id. call_time is never NULL, so its order is
 * plain `DESC`/`ASC` — exactly the order of the call-time indexes (migration 004), which lets
 * a page stop after its rows. The nullable keys put NULLs last either way: the page is read
 * from the orders that have the key first — one range of the (key, id) index of migration
 * 016, walked in either direction — and only where those run out from the orders without it,
 * by id (the same index's NULL range). `ORDER BY key … NULLS LAST` as one statement matches
 * that index in one direction only, and sorted every candidate in the other. A page that
 * sorts its matches (`sortMatches`) walks no index: it is `sortedPage`'s one statement. A
 * unit's whole list by call time is a range of `order_units` (unit-page.ts).
 */
export async function pageOrderIds(
  db: Db,
  where: readonly OrdersWhere[],
  page: {
    sort: SortKey;
    direction: 'asc' | 'desc';
    limit: number;
    offset: number;
    /** Sort the matches instead of walking the sort key's index (list.service decides). */
    sortMatches?: boolean;
  },
): Promise<number[]> {
  const { sort, sortMatches, ...slice } = page;
  if (sortMatches) return (await sortedPage(db, where, { sort, ...slice })).ids;
  if (sort === 'call_time') {
    const ids = (await unitPage(db, where, slice)) ?? (await walkedPage(db, where, slice));
    return ids ?? orderedIds(db, where, sort, slice);
  }
  const keyed: OrdersWhere = (eb) => eb(`work_orders.${sort}`, 'is not', null);
  const ids = await orderedIds(db, [...where, keyed], sort, slice);
  if (ids.length === slice.limit) return ids;
  // Rows with the key ahead of this page: all of the offset if this page has some of them,
  // else at most the offset (a count that stops there).
  const before =
    ids.length > 0 || slice.offset === 0
      ? slice.offset + ids.length
      : await countOrdersUpTo(db, [...where, keyed], slice.offset);
  const rest = await orderedIds(
    db,
    [...where, (eb) => eb(`work_orders.${sort}`, 'is', null)],
    null,
    {
      direction: slice.direction,
      limit: slice.limit - ids.length,
      offset: slice.offset + ids.length - before,
    },
  );
  return [...ids, ...rest];
}

/**
 * Ids ordered by `key` (none: by id alone), then id, the key never NULL. A clause that offers
 * disjoint parts (`alternatives`, queue-sql.ts; the first such clause) is read as an ordered
 * merge: each part's first offset + limit rows in the page's order — one index range each,
 * stopping early — and the page cut from their union. An IN over several values as one
 * clause has no index in the page's order, so every match of it was sorted.
 */
async function orderedIds(
  db: Db,
  where: readonly OrdersWhere[],
  key: SortKey | null,
  slice: PageSlice,
): Promise<number[]> {
  const part = (clauses: readonly OrdersWhere[]) => {
    let query = db
      .selectFrom('work_orders')
      .select(['work_orders.id', sql<Date>`${sql.ref(`work_orders.${key ?? 'id'}`)}`.as('k')]);
    for (const w of clauses) query = query.where(w);
    if (key) query = query.orderBy(sql.ref(`work_orders.${key}`), slice.direction);
    return query.orderBy('work_orders.id', slice.direction);
  };
  const lists = readParts(where);
  if (lists.length === 1) {
    const rows = await part(where).limit(slice.limit).offset(slice.offset).execute();
    return rows.map((r) => r.id);
  }
  const parts = lists.map((clauses) => part(clauses).limit(slice.offset + slice.limit));
  const rows = await db
    .selectFrom(sql<{ id: number; k: Date }>`(${sql.join(parts, sql` UNION ALL `)})`.as('p'))
    .select('p.id')
    .orderBy('p.k', slice.direction)
    .orderBy('p.id', slice.direction)
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The same ids as `pageOrderIds` by call_time, read window by window (`windows`, narrowest
 * first, each `where` narrowed to the orders called since some moment — or, oldest first,
 * before some moment): if a window already holds offset + limit matches, those are the first
 * matches of all — everything outside the window comes after them — so the page is exact;
 * otherwise the next, wider window, and at last the whole history. A frequent keyword's page
 * is found among the matches of one week instead of fetching every match to sort them.
 */
export async function pageOrderIdsByWindows(
  db: Db,
  where: readonly OrdersWhere[],
  windows: readonly (readonly OrdersWhere[])[],
  page: { direction: 'asc' | 'desc'; limit: number; offset: number },
): Promise<number[]> {
  const byCallTime = { sort: 'call_time', ...page } as const;
  for (const windowed of windows) {
    const ids = await pageOrderIds(db, windowed, byCallTime);
    if (ids.length >= page.limit) return ids;
  }
  return pageOrderIds(db, where, byCallTime);
}

export async function countOrders(db: Db, where: readonly OrdersWhere[]): Promise<number> {
  let query = db.selectFrom('work_orders').select((eb) => eb.fn.countAll<number>().as('n'));
  for (const w of where) query = query.where(w);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The matching rows, counted up to `limit` (`count(*)` over a `LIMIT`ed sub-select): the scan
 * stops at the limit, so a broad list costs about `limit` index entries, not all its rows.
 */
export function countOrdersUpTo(
  db: Db,
  where: readonly OrdersWhere[],
  limit: number,
): Promise<number> {
  return countOrderPartsUpTo(db, [where], limit);
}

/**
 * The rows matching any of `parts` (each a WHERE list; the parts must not overlap), counted up
 * to `limit` when given: each part is its own `LIMIT`ed sub-select read through its own index,
 * and the union stops at the limit (`SELECT count(*) FROM (SELECT 1 FROM (…) p0 UNION ALL …
 * LIMIT n) t`).
 */
export async function countOrderPartsUpTo(
  db: Db,
  parts: readonly (readonly OrdersWhere[])[],
  limit?: number,
): Promise<number> {
  if (parts.length === 0) return 0;
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM (${orderPartsRows(db, parts, limit)}) AS t`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * `SELECT 1` for every row matching any of `parts` (disjoint WHERE lists), at most `limit` rows
 * when given: one part is a plain sub-select; several are a `UNION ALL` of `LIMIT`ed
 * sub-selects (each read through its own index) under the same limit.
 */
export function orderPartsRows(db: Db, parts: readonly (readonly OrdersWhere[])[], limit?: number) {
  const select = (where: readonly OrdersWhere[]) => {
    let q = db.selectFrom('work_orders').select(sql<number>`1`.as('one'));
    for (const w of where) q = q.where(w);
    return limit === undefined ? q : q.limit(limit);
  };
  if (parts.length === 1) return sql`${select(parts[0]!)}`;
  const union = sql.join(
    parts.map((where, i) => sql`SELECT 1 FROM (${select(where)}) AS ${sql.ref(`p${i}`)}`),
    sql` UNION ALL `,
  );
  return limit === undefined ? union : sql`${union} LIMIT ${limit}`;
}

/** The time columns of an order (every `Date` field of the row). */
type TimeColumn = {
  [K in keyof PresentableOrder]-?: Date extends PresentableOrder[K] ? K : never;
}[keyof PresentableOrder];

/** ORDER_COLUMNS' time columns: the hydration reads them as epoch milliseconds. */
export const ORDER_TIME_COLUMNS = [
  'escalated_at',
  'call_time',
  'system_sign_time',
  'dispatch_time',
  'host_sign_time',
  'refuse_deadline',
  'deadline',
  'reply_time',
  'city_reply_time',
  'closed_time',
  'visit_time',
  'created_at',
  'updated_at',
] as const satisfies readonly TimeColumn[];
// every time column is in the list (a compile error names the one missing)
const everyTimeColumn: Exclude<TimeColumn, (typeof ORDER_TIME_COLUMNS)[number]> extends never
  ? true
  : Exclude<TimeColumn, (typeof ORDER_TIME_COLUMNS)[number]> = true;
void everyTimeColumn;

const TIMES: ReadonlySet<string> = new Set(ORDER_TIME_COLUMNS);

/**
 * An order column as the bulk reads select it (the hydration, the exports' chunks): its value,
 * an instant as epoch milliseconds (`epochMs`: a float parses far faster than a timestamp text,
 * and keeps the same millisecond).
 */
export const orderColumnValue = (column: (typeof ORDER_COLUMNS)[number]) =>
  TIMES.has(column) ? epochMs(`work_orders.${column}`) : sql.ref(`work_orders.${column}`);

/** An order's columns from its values in select-list order, instants made `Date`s again. */
const orderRow = rowObjects<PresentableOrder>(ORDER_COLUMNS, TIMES);

/**
 * The page's rows with their names: one statement of fixed text (ids as one array parameter),
 * built once and run as a prepared statement (db/prepared.ts): its plan — seven joins — is
 * made once per connection, not on every page.
 *
 * Rows come as arrays of the select list's values (`ARRAY_ROWS`), made into objects of one
 * shape (`orderRow`); instants come as epoch milliseconds (`epochMs`) and are made `Date`s.
 * pg's own row objects are dictionaries (a hash insert per field), and it parsed each
 * timestamp text with a regular expression and a time-zone computation (a dozen a row): the
 * server's CPU per list page fell 11–17 % without them (`bench/list-cpu.ts`). The rows equal
 * what the per-field, per-name read gave (`test/work-orders/reads/hydrate-rows.test.ts`).
 */
const hydrateQuery = fixedArrayQuery(
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
      .select(ORDER_COLUMNS.map((c) => orderColumnValue(c).as(c)))
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
        epochMs('lk.expires_at').as('lock_expires_at'),
      ])
      .where(sql<boolean>`work_orders.id = ANY(${ids}::int8[])`),
  [[], new Date(0)],
);

/** Where the names start in a hydrated row's values (after ORDER_COLUMNS). */
const NAMES_AT = ORDER_COLUMNS.length;

/** The rows of `ids` with their names, in the order of `ids`. */
export async function hydrateOrders(
  db: Db,
  ids: readonly number[],
  now: Date,
): Promise<HydratedOrder[]> {
  if (ids.length === 0) return [];
  const byId = new Map<number, HydratedOrder>();
  for (const v of await hydrateQuery(db, [...ids], now)) {
    const row = orderRow(v);
    // the names after the order's columns, in the select list's order
    const organizerName = v[NAMES_AT] as string | null;
    const communityName = v[NAMES_AT + 1] as string | null;
    const categoryPath = v[NAMES_AT + 2] as string;
    const subordinateName = v[NAMES_AT + 3] as string | null;
    const lockUserId = v[NAMES_AT + 4] as number | null;
    const lockUserName = v[NAMES_AT + 5] as string | null;
    const lockExpiresAt = v[NAMES_AT + 6] as number | null;
    const lock =
      lockUserId !== null && lockExpiresAt !== null
        ? { userId: lockUserId, userName: lockUserName ?? '', expiresAt: new Date(lockExpiresAt) }
        : null;
    byId.set(row.id, {
      row,
      extras: { organizerName, subordinateName, communityName, categoryPath, lock },
    });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
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
