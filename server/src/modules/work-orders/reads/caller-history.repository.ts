import { sql } from 'kysely';
import type { Db } from '../../../context';
import type { OrdersWhere } from './queue-sql';

/**
 * SQL of the caller history: a phone number's orders through `work_orders_caller_phone_idx`
 * (migration 027), counted and the latest few read, within the WHERE the service gives.
 */

export async function countByPhone(
  db: Db,
  where: readonly OrdersWhere[],
  since: Date,
): Promise<{ total: number; since: number }> {
  let q = db
    .selectFrom('work_orders')
    .select([
      (eb) => eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) FILTER (WHERE work_orders.call_time >= ${since})`.as('since'),
    ]);
  for (const w of where) q = q.where(w);
  const row = await q.executeTakeFirst();
  return { total: Number(row?.total ?? 0), since: Number(row?.since ?? 0) };
}

export async function latestByPhone(db: Db, where: readonly OrdersWhere[], limit: number) {
  let q = db.selectFrom('work_orders').select(['id', 'order_num', 'title', 'status', 'call_time']);
  for (const w of where) q = q.where(w);
  return q.orderBy('call_time', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
