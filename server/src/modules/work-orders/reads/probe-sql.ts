import { sql } from 'kysely';
import type { Db } from '../../../context';
import { readParts, type OrdersWhere } from './queue-sql';
import { containsText, containsWhere, withoutKeyword } from './search-sql';

/**
 * The bounded probes of a keyword list (search-page.ts): the newest orders, or a list's own
 * newest rows, tested for the keyword's substring until enough match.
 */

/**
 * The first `want` keyword matches among the `rows` newest orders (oldest with 'asc'), in the
 * page order (call_time, then id): the call-time index walked for at most `rows` rows, each
 * fetched and tested for the substring and by the other clauses of `where` (its keyword clause
 * left out). The inner LIMIT bounds the work whatever the scope, queue or filters; the outer
 * LIMIT stops as soon as `want` rows matched. Fewer than `want` means the answer may hold older
 * orders.
 */
export async function probeMatchIds(
  db: Db,
  where: readonly OrdersWhere[],
  keyword: string,
  probe: { direction: 'asc' | 'desc'; rows: number; want: number },
): Promise<number[]> {
  const recent = db
    .selectFrom('work_orders')
    .selectAll('work_orders')
    .orderBy('work_orders.call_time', probe.direction)
    .orderBy('work_orders.id', probe.direction)
    .limit(probe.rows);
  // The derived table takes the table's name, so every clause reads it unchanged.
  let query = db.selectFrom(recent.as('work_orders')).select('work_orders.id');
  for (const w of [...withoutKeyword(where), containsWhere(keyword)]) query = query.where(w);
  const rows = await query
    .orderBy('work_orders.call_time', probe.direction)
    .orderBy('work_orders.id', probe.direction)
    .limit(probe.want)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The `rows` first rows of `where` in call-time order (then id), as a derived table named
 * work_orders with their id and call time. A list read in disjoint parts (a queue's
 * `alternatives`, queue-sql.ts) is read part by part, each the newest rows of its own index
 * range, and merged — as list.repository.ts `orderedIds` reads a page. As one clause the planner
 * read a call-back queue's whole IN range and sorted it to keep the newest 2,000 (24,131 rows at
 * ten million orders) before testing a dozen of them; merged, the walk stops with the probe.
 */
function newestRows(
  db: Db,
  where: readonly OrdersWhere[],
  direction: 'asc' | 'desc',
  rows: number,
) {
  const part = (clauses: readonly OrdersWhere[]) => {
    let query = db.selectFrom('work_orders').select(['work_orders.id', 'work_orders.call_time']);
    for (const w of clauses) query = query.where(w);
    return query
      .orderBy('work_orders.call_time', direction)
      .orderBy('work_orders.id', direction)
      .limit(rows);
  };
  const parts = readParts(where).map(part);
  return db
    .selectFrom(
      sql<{ id: number; call_time: Date }>`(${sql.join(parts, sql` UNION ALL `)})`.as(
        'work_orders',
      ),
    )
    .select(['work_orders.id', 'work_orders.call_time'])
    .orderBy('work_orders.call_time', direction)
    .orderBy('work_orders.id', direction)
    .limit(rows);
}

/**
 * The list probe: like probeMatchIds, but among the `rows` newest orders that pass the other
 * clauses of `where` (a queue's own newest rows, read through its own index), tested for the
 * substring alone. Also says how many of those rows it read: up to its `want`-th match when it
 * found that many (the term's rate among the list's newest rows is `want / read`), else `rows`
 * (the list may have fewer); and then the call time of that match (`last`). `row_number()`
 * streams: the walk still stops at the outer LIMIT.
 */
export async function listProbe(
  db: Db,
  where: readonly OrdersWhere[],
  keyword: string,
  probe: { direction: 'asc' | 'desc'; rows: number; want: number },
): Promise<{ ids: number[]; read: number; last?: Date }> {
  const dir = sql.raw(probe.direction === 'asc' ? 'ASC' : 'DESC');
  const recent = newestRows(db, withoutKeyword(where), probe.direction, probe.rows).select(
    sql<string>`row_number() OVER (ORDER BY work_orders.call_time ${dir}, work_orders.id ${dir})`.as(
      'probe_n',
    ),
  );
  const rows = await db
    .selectFrom(recent.as('work_orders'))
    .select(['work_orders.id', 'work_orders.call_time', 'work_orders.probe_n'])
    .where(containsText(keyword))
    .orderBy('work_orders.call_time', probe.direction)
    .orderBy('work_orders.id', probe.direction)
    .limit(probe.want)
    .execute();
  const ids = rows.map((r) => r.id);
  const last = rows.length === probe.want ? rows.at(-1) : undefined;
  if (!last) return { ids, read: probe.rows };
  return { ids, read: Number(last.probe_n), last: last.call_time };
}
