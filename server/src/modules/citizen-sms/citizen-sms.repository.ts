import { sql } from 'kysely';
import type { Db } from '../../context';

/** SQL of the citizen texts: the order's facts, the per-number daily count, the timeline row. */

export function findSmsOrder(db: Db, orderId: number) {
  return db
    .selectFrom('work_orders as o')
    .leftJoin('problem_categories as c', 'c.id', 'o.category_id')
    .select([
      'o.id',
      'o.order_num',
      'o.caller_phone',
      'o.sms_opt_out',
      'o.reply_content',
      'o.merged_into_id',
      'c.name as category',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

/** Counts one message to `phone` on `day` and answers the count so far (one statement). */
export async function countMessage(db: Db, phone: string, day: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    INSERT INTO citizen_sms_counts AS c (phone, day, n) VALUES (${phone}, ${day}, 1)
    ON CONFLICT (phone, day) DO UPDATE SET n = c.n + 1
    RETURNING c.n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Old days' counts are kept for a week, then deleted. */
export async function sweepCounts(db: Db, beforeDay: string): Promise<void> {
  await db.deleteFrom('citizen_sms_counts').where('day', '<', beforeDay).execute();
}

export async function insertSmsEvent(
  db: Db,
  event: { orderId: number; comment: string; at: Date },
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      action: 'sms',
      actor_id: null,
      actor_unit_id: null,
      from_state: null,
      to_state: null,
      comment: event.comment,
      created_at: event.at,
    })
    .execute();
}
