import type { Db } from '../../../context';

/** The caller's locks that still bind at `now`, newest first, with order summary fields. */
export async function activeLocksOf(
  db: Db,
  userId: number,
  now: Date,
  page: { offset: number; limit: number },
) {
  const base = db
    .selectFrom('order_locks as l')
    .innerJoin('work_orders as w', 'w.id', 'l.order_id')
    .where('l.user_id', '=', userId)
    .where('l.expires_at', '>', now);
  const [rows, total] = await Promise.all([
    base
      .select(['w.id', 'w.order_num', 'w.title', 'w.status', 'l.expires_at'])
      .orderBy('l.locked_at', 'desc')
      .orderBy('w.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
