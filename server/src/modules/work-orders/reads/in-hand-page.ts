import type { OrdersWhere } from './queue-sql';
import { matchesOf, type Match } from './search-sql';
import type { SortedPage } from './page-sort';

/**
 * A page by call time of a keyword's matches in hand (search-in-hand.ts), when the list asks
 * nothing else of an order than its type — a district's search over all orders: sorted and
 * counted from what the collection returned (each match's call time and type, migration 045),
 * with no statement. The page's statement fetched every match from `work_orders` by primary key
 * to test its type and sort it: at ten million orders 22 ms for 3,998 matches, as long as the
 * collection. The same rows, in the same order (ties by id), as `sortedPage`'s statement, and
 * every match counted (exact, also past the last page). Null when `where` asks anything else.
 */
export function inHandPage(
  where: readonly OrdersWhere[],
  page: SortedPage,
): { ids: number[]; count: number } | null {
  if (page.sort !== 'call_time') return null;
  const inHand = matchesOf(where);
  if (!inHand || inHand.rest.some((w) => w.types === undefined && !w.everyOrder)) return null;
  const typeSets = inHand.rest.flatMap((w) => (w.types ? [new Set(w.types)] : []));
  const kept = inHand.matches.filter((m) => typeSets.every((types) => types.has(m.typeId)));
  const sign = page.direction === 'desc' ? -1 : 1;
  const byCallTime = (a: Match, b: Match) => sign * (a.calledAt - b.calledAt || a.id - b.id);
  const ids = kept
    .sort(byCallTime)
    .slice(page.offset, page.offset + page.limit)
    .map((m) => m.id);
  return { ids, count: kept.length };
}
