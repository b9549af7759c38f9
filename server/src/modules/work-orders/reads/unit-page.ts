import { sql } from 'kysely';
import type { Db } from '../../../context';
import type { OrdersWhere } from './queue-sql';

/**
 * The orders one unit hosts or co-hosts, of some types, and nothing else — a street's, town's
 * or department's whole list — as the unit's range of `order_units` (migration 044), whose
 * primary key is (unit, call time, order) with the type beside it. Null when `where` asks
 * anything else of an order.
 */
function unitRows(db: Db, where: readonly OrdersWhere[]) {
  const scope = where.find((w) => w.unit !== undefined);
  const unit = scope?.unit;
  if (unit === undefined) return null;
  const others = where.filter((w) => w !== scope);
  if (others.some((w) => w.types === undefined)) return null;
  let query = db.selectFrom('order_units').where('unit_id', '=', unit);
  for (const w of others) query = query.where('type_id', 'in', [...w.types!]);
  return query;
}

/**
 * A page by call time of a unit's whole list (unitRows): one index-only range stopping after
 * offset + limit entries. The call-time index of all orders, walked testing the host-or-co-host
 * OR on each order, passed 83,226 rows for page 1,000 of a street at ten million orders, most
 * of them other units'. The same rows, in the same order (ties by id), as the plain statement
 * over `work_orders`. Null when `where` asks anything else of an order.
 */
export function unitPage(
  db: Db,
  where: readonly OrdersWhere[],
  slice: { direction: 'asc' | 'desc'; limit: number; offset: number },
): Promise<number[]> | null {
  const rows = unitRows(db, where);
  if (!rows) return null;
  return rows
    .select('order_id')
    .orderBy('call_time', slice.direction)
    .orderBy('order_id', slice.direction)
    .limit(slice.limit)
    .offset(slice.offset)
    .execute()
    .then((found) => found.map((r) => Number(r.order_id)));
}

/**
 * How many orders a unit's whole list holds (unitRows), counted in the same index-only range:
 * one entry per order, where the host part and the co-host part counted over `work_orders`
 * visit each order's row (at ten million orders a department's exact count, 精确计数, ran
 * past the list's 15 s limit on a cold cache). Null when `where` asks anything else.
 */
export function unitCount(db: Db, where: readonly OrdersWhere[]): Promise<number> | null {
  const rows = unitRows(db, where);
  if (!rows) return null;
  return rows
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}
