import { sql } from 'kysely';
import type { Db } from '../../context';

/** SQL of the status lookup: the order by its number, and the per-number lookup count. */

export function findTrackedOrder(db: Db, orderNum: string) {
  return db
    .selectFrom('work_orders as o')
    .leftJoin('problem_categories as c', 'c.id', 'o.category_id')
    .select([
      'o.order_num',
      'o.caller_phone',
      'o.status',
      'o.main_org_status',
      'o.huifang_state',
      'o.merged_into_id',
      'o.reply_content',
      'o.call_time',
      'o.dispatch_time',
      'o.reply_time',
      'o.visit_time',
      'o.closed_time',
      'o.deadline',
      'c.name as category_name',
    ])
    .where('o.order_num', '=', orderNum)
    .executeTakeFirst();
}

/**
 * Counts one lookup of `orderNum` in the window starting at `windowStart` and answers the count
 * so far (one statement, so parallel lookups cannot pass the limit together). Windows older
 * than a day are deleted on the way (an index range, usually empty).
 */
export async function countLookup(
  db: Db,
  orderNum: string,
  windowStart: Date,
  now: Date,
): Promise<number> {
  await db
    .deleteFrom('track_attempts')
    .where('window_start', '<', new Date(now.getTime() - 86_400_000))
    .execute();
  const { rows } = await sql<{ n: number }>`
    INSERT INTO track_attempts AS a (order_num, window_start, n)
    VALUES (${orderNum}, ${windowStart}, 1)
    ON CONFLICT (order_num, window_start) DO UPDATE SET n = a.n + 1
    RETURNING a.n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Gives back the attempt of a lookup that matched: the hourly cap counts wrong pairs only. */
export async function giveBackLookup(db: Db, orderNum: string, windowStart: Date): Promise<void> {
  await sql`
    UPDATE track_attempts SET n = greatest(n - 1, 0)
    WHERE order_num = ${orderNum} AND window_start = ${windowStart}`.execute(db);
}
