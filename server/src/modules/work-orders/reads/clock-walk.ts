import { sql } from 'kysely';
import type { Db } from '../../../context';
import type { ClockWalk, OrdersWhere } from './queue-sql';

/**
 * The page of a warning-window queue (超期预警) by call time, found by walking the queue's open
 * orders newest first and testing the window on each — or null when the walk's first
 * `WALK_ROWS` rows do not hold the page.
 *
 * The planner takes the window for a handful of rows: it multiplies the share of all orders
 * due in it (a tenth of a percent at ten million) by the share in process, where nearly every
 * order due in the next hours is in process. So it reads the whole window through the
 * deadline index and sorts it — at ten million orders some 11,400 entries, 5 ms warm and 65–85
 * cold — where the default window (two days) holds 21 of the newest 619 open orders in process.
 * Planner settings would not tell the two apart either: the walk is the better plan only while
 * the window is wide (the 8-hour window holds none of the newest 2,000). So it is bounded: at most `WALK_ROWS` of the open orders (the merged
 * newest of each part of `rest`, each one index range read in call-time order), the window
 * tested on them; when they hold offset + limit matches those are the page, exactly — every
 * match outside them is older. Fewer, and the window is narrow: reading it through the
 * deadline index is then cheap, and the caller does.
 */
export const WALK_ROWS = 2000;

/**
 * The page of `where` by call time walked, when one of its clauses offers the walk (a
 * warning-window queue, queue-sql.ts `walk`) and no other is read in parts; null when none
 * does or the walk fell short.
 */
export function walkedPage(
  db: Db,
  where: readonly OrdersWhere[],
  slice: { direction: 'asc' | 'desc'; limit: number; offset: number },
): Promise<number[] | null> | null {
  const clock = where.find((w) => w.walk !== undefined);
  const others = where.filter((w) => w !== clock);
  if (!clock?.walk || others.some((w) => w.alternatives !== undefined)) return null;
  return walkedIds(db, others, clock.walk, slice);
}

export async function walkedIds(
  db: Db,
  others: readonly OrdersWhere[],
  walk: ClockWalk,
  slice: { direction: 'asc' | 'desc'; limit: number; offset: number },
  rows = WALK_ROWS,
): Promise<number[] | null> {
  const want = slice.offset + slice.limit;
  if (want > rows) return null;
  const parts = walk.rest.alternatives ?? [walk.rest];
  const part = (p: OrdersWhere) => {
    let query = db
      .selectFrom('work_orders')
      .select(['work_orders.id', 'work_orders.call_time', 'work_orders.deadline']);
    for (const w of [...others, p]) query = query.where(w);
    return query
      .orderBy('work_orders.call_time', slice.direction)
      .orderBy('work_orders.id', slice.direction)
      .limit(rows);
  };
  const dir = sql.raw(slice.direction === 'asc' ? 'ASC' : 'DESC');
  const newest = sql`(SELECT * FROM (${sql.join(parts.map(part), sql` UNION ALL `)}) p
                       ORDER BY p.call_time ${dir}, p.id ${dir} LIMIT ${rows})`;
  // The derived table takes the table's name, so the window's clause reads it unchanged.
  const found = await db
    .selectFrom(newest.as('work_orders') as unknown as 'work_orders')
    .select('work_orders.id')
    .where(walk.test)
    .orderBy('work_orders.call_time', slice.direction)
    .orderBy('work_orders.id', slice.direction)
    .limit(want)
    .execute();
  if (found.length < want) return null;
  return found.slice(slice.offset).map((r) => r.id);
}
