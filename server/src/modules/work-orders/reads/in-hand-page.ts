import { sql } from 'kysely';
import type { Db } from '../../../context';
import type { SortedPage } from './page-sort';
import type { OrdersWhere } from './queue-sql';
import { matchesOf, type Match } from './search-sql';

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
  return pageOf(ofTypes(inHand.matches, inHand.rest), page);
}

/**
 * The same for a unit's search over its own orders (a street's, town's or department's row
 * scope, `OrdersWhere.unit`, and types): which matches the unit hosts or co-hosts is one probe of
 * `order_units`' primary key (unit, call time, order; migration 044) per match, index-only,
 * where the page's statement fetched each whole order from `work_orders` to test the unit.
 * Null when `where` asks anything else.
 */
export async function unitInHandPage(
  db: Db,
  where: readonly OrdersWhere[],
  page: SortedPage,
): Promise<{ ids: number[]; count: number } | null> {
  if (page.sort !== 'call_time') return null;
  const inHand = matchesOf(where);
  const scope = inHand?.rest.find((w) => w.unit !== undefined);
  if (!inHand || !scope) return null;
  const others = inHand.rest.filter((w) => w !== scope);
  if (others.some((w) => w.types === undefined)) return null;
  const kept = ofTypes(inHand.matches, others);
  if (kept.length === 0) return { ids: [], count: 0 };
  const { rows } = await sql<{ id: string | number }>`
    SELECT m.id FROM unnest(${kept.map((m) => m.id)}::bigint[],
                            ${kept.map((m) => m.calledAt)}::bigint[]) AS m(id, at)
     WHERE EXISTS (SELECT 1 FROM order_units u
                    WHERE u.unit_id = ${scope.unit}
                      AND u.call_time = to_timestamp(0) + m.at * interval '1 microsecond'
                      AND u.order_id = m.id)`.execute(db);
  const unitIds = new Set(rows.map((r) => Number(r.id)));
  return pageOf(
    kept.filter((m) => unitIds.has(m.id)),
    page,
  );
}

/** The matches of the types every `types` clause of `where` asks for. */
function ofTypes(matches: readonly Match[], where: readonly OrdersWhere[]): Match[] {
  const typeSets = where.flatMap((w) => (w.types ? [new Set(w.types)] : []));
  return matches.filter((m) => typeSets.every((types) => types.has(m.typeId)));
}

/** The page of `kept` by call time (ties by id), and how many there are. */
function pageOf(kept: Match[], page: SortedPage): { ids: number[]; count: number } {
  const sign = page.direction === 'desc' ? -1 : 1;
  const byCallTime = (a: Match, b: Match) => sign * (a.calledAt - b.calledAt || a.id - b.id);
  const ids = kept
    .sort(byCallTime)
    .slice(page.offset, page.offset + page.limit)
    .map((m) => m.id);
  return { ids, count: kept.length };
}
