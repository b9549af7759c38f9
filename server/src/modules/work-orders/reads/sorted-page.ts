import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../context';
import type { WorkOrdersTable } from '../../../db/schema';
import type { OrdersWhere } from './queue-sql';
import { inHandPage, unitInHandPage } from './in-hand-page';
import type { SortedPage } from './page-sort';
import { amongOf } from './search-sql';

/**
 * One page read by sorting every match — a keyword's few matches (search-page.ts
 * `keywordPlan`), a date range read through its own index (list.service `sortsRange`) — and,
 * with `count`, how many matched, from the same statement: the page reads every match anyway,
 * and `count(*) OVER ()` counts them on the way (a WindowAgg under the top-N sort), where the
 * list's total read them all a second time. `key + interval '0 s'` and `id + 0` order the same
 * as the columns but match no index: the planner reads the matches through the filters' own
 * indexes and sorts them. One statement for every key: `NULLS LAST` and an IN over several
 * values (a queue's `alternatives`) cost nothing in a sort. The same rows as list.repository.ts `pageOrderIds`.
 * `count` is undefined when a page past the first is empty (an offset past the last match leaves
 * no row to carry it); an empty first page is none. The window keeps every match before the
 * sort sees the first, so only a page whose matches are few should count them. A keyword's
 * matches in hand, by call time, of a list that asks only their type: no statement; of a unit's
 * own orders: one probe of `order_units` a match (in-hand-page.ts).
 */
export async function sortedPage(
  db: Db,
  where: readonly OrdersWhere[],
  page: SortedPage,
  withCount = false,
): Promise<{ ids: number[]; count?: number }> {
  const fromMatches = inHandPage(where, page) ?? (await unitInHandPage(db, where, page));
  if (fromMatches) return withCount ? fromMatches : { ids: fromMatches.ids };
  const rows = await sortedPageQuery(db, where, page, withCount).execute();
  const ids = rows.map((r) => r.id);
  if (!withCount) return { ids };
  const first = rows[0];
  if (!first) return { ids, count: page.offset === 0 ? 0 : undefined };
  return { ids, count: Number(first.n) };
}

/** `sortedPage`'s statement (a test reads its plan). */
export function sortedPageQuery(
  db: Db,
  where: readonly OrdersWhere[],
  page: SortedPage,
  withCount: boolean,
) {
  const among = amongOf(where);
  let query = (among ? db.selectFrom(inHand(among.ids)) : db.selectFrom('work_orders'))
    .select('work_orders.id')
    .$if(withCount, (q) => q.select(sql<string>`count(*) OVER ()`.as('n')));
  for (const w of among?.rest ?? where) query = query.where(w);
  const dir = page.direction === 'desc' ? sql`DESC` : sql`ASC`;
  const key = sql.ref(`work_orders.${page.sort}`);
  return query
    .orderBy(sql`(${key} + interval '0 s') ${dir} NULLS LAST`)
    .orderBy(sql`(${sql.ref('work_orders.id')} + 0) ${dir}`)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * The orders of a keyword's matches in hand, to be read first (search-in-hand.ts
 * `matchesInHand`: a list the planner takes for small), fetched by primary key before any other
 * clause is tested: `OFFSET 0` keeps the planner from pulling the sub-select up into the page's
 * statement, where it read a queue's whole index and tested each entry against the ids (the
 * queue's estimate is far below its size). Over all orders the planner fetches them by key
 * itself, and the sub-select's node cost 2 ms there (docs/performance.md, "Thirty-first session
 * at 10M"). No CTE: a materialized one copied every whole row.
 */
function inHand(ids: readonly number[]) {
  return sql<Selectable<WorkOrdersTable>>`(SELECT * FROM work_orders
     WHERE work_orders.id = ANY(${[...ids]}::bigint[]) OFFSET 0)`.as('work_orders');
}
