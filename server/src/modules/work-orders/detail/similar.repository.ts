import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../context';
import { planRows } from '../../../db/plan-rows';
import type { OrdersWhere } from '../reads/queue-sql';
import { scopePartsOf, scopeWhere, type RowScope } from '../reads/scope-sql';
import { isQueryCanceled, withStatementTimeout } from '../reads/statement-timeout';

/**
 * Similar orders of the last SIMILAR_WINDOW_DAYS by trigram similarity of the title (pg_trgm),
 * bounded work at any size, one of two ways (migration 039):
 *
 * - **nearest first** for a common title: the GiST index on (lower(title), call_time) hands out
 *   the caller's recent orders nearest in title first (`<->`, k-NN, the call-time bound tested
 *   inside the index), and only the first CANDIDATES of them are ranked. The window keeps what
 *   is read among recent rows (over all of history each candidate was a random read of an old
 *   page, 225 ms per detail at ten million orders). Among orders with the very same title (a
 *   common complaint repeats hundreds of times) which 50 are read is the index's order. A unit
 *   handler's scope is tested inside the index too (migration 040, `walkParts`).
 * - **every match** for a rare title (the planner expects fewer than SIMILAR_RARE_ROWS matches in
 *   the window): the GIN trigram index finds them, the CANDIDATES nearest are ranked. The
 *   nearest-first walk has no early stop there — it read most of the GiST index, 0.2–1.0 s at
 *   ten million orders for a title nothing resembles, against 0.1–20 ms this way. The estimate
 *   can be far too low (a title common enough to matter but outside the statistics' most common
 *   values): past SIMILAR_RARE_ROWS matches or SIMILAR_EVERY_MS this read stops and the walk
 *   answers instead.
 *
 * The two statements differ in one word so that each fits one index only: the walk tests
 * `lower(title)` (the GiST index's expression; pg_trgm lower-cases what it cuts into trigrams,
 * so the similarity is the same), the other `title` (the GIN index's).
 * `%` keeps each index scan inside pg_trgm's threshold (0.3 unless a session changed it); the
 * explicit `similarity(...) > 0.3` pins the threshold whatever the session says. When a content
 * text is given it refines the ranking of the candidates: the score is the mean of title and
 * content similarity (content has no trigram index — long texts would make it huge). The final
 * ranking puts equal scores newest first.
 */
export const SIMILARITY_THRESHOLD = 0.3;
/** Nearest titles read per query; the page shows a handful of them. */
export const SIMILAR_CANDIDATES = 50;
/** How far back similar orders are looked for (a repeat complaint, a merge: recent orders). */
export const SIMILAR_WINDOW_DAYS = 365;
/**
 * Below this many expected matches in the window every match is read through the GIN index;
 * a read that finds more stops there and the nearest-first walk answers.
 */
export const SIMILAR_RARE_ROWS = 1_000;
/**
 * The time the read of every match may take (PostgreSQL): past it the walk answers. A title
 * the estimate got wrong can have hundreds of thousands of trigram matches, read in the
 * table's order, the window tested on each row (4.6 s for "北庄村突然停暖" at ten million orders,
 * estimated at 103); a rare one takes 0.1–12 ms.
 */
export const SIMILAR_EVERY_MS = 100;
const DAY_MS = 86_400_000;

export interface SimilarRow {
  id: number;
  order_num: string;
  title: string;
  status: number;
  call_time: Date;
  score: number;
}

export type SimilarPath = 'nearest' | 'every';

export async function similarOrders(
  db: Db,
  scope: RowScope,
  query: SimilarQuery,
): Promise<SimilarRow[]> {
  const since = new Date(query.now.getTime() - SIMILAR_WINDOW_DAYS * DAY_MS);
  const path = query.path ?? (await choosePath(db, query.title, since));
  if (path === 'every') {
    try {
      // Forced by a test: no time budget (PGlite has none anyway).
      const rows =
        query.path === 'every'
          ? await rankCandidates(db, scope, query, since, 'every')
          : await withStatementTimeout(db, SIMILAR_EVERY_MS, (trx) =>
              rankCandidates(trx, scope, query, since, 'every'),
            );
      // More matches than the estimate said: the nearest-first walk, which stops early, answers.
      if (!rows.some((r) => Number(r.n) > SIMILAR_RARE_ROWS)) return rows.map(withoutCount);
    } catch (error) {
      if (!isQueryCanceled(error)) throw error;
    }
  }
  return (await rankCandidates(db, scope, query, since, 'nearest')).map(withoutCount);
}

const withoutCount = ({ n: _n, ...row }: SimilarRow & { n: number }): SimilarRow => row;

interface SimilarQuery {
  title: string;
  content?: string | undefined;
  excludeId?: number;
  limit: number;
  now: Date;
  /** Tests force one way; otherwise the planner's estimate of the matches chooses. */
  path?: SimilarPath;
}

/** The ranked answer one way, each row with `n`: the matches read (every match), else 0. */
function rankCandidates(
  db: Db,
  scope: RowScope,
  query: SimilarQuery,
  since: Date,
  path: SimilarPath,
) {
  const title: RawBuilder<string> =
    path === 'nearest' ? sql`lower(work_orders.title)` : sql`work_orders.title`;
  const inScope = scopeWhere(scope);
  const matchesWhere = (where: OrdersWhere) => {
    let matches = db
      .selectFrom('work_orders')
      .select(['id', 'order_num', 'title', 'status', 'call_time', 'major_content'])
      .select(sql<number>`similarity(${title}, ${query.title})`.as('title_sim'))
      .where(sql<boolean>`${title} % ${query.title}`)
      .where('work_orders.call_time', '>=', since)
      .where(where);
    if (query.excludeId !== undefined)
      matches = matches.where('work_orders.id', '<>', query.excludeId);
    return matches;
  };
  // Every match: one read, the scope's OR tested on the rows (few: a rare title).
  const matches = matchesWhere(inScope);
  const wanted = Math.max(SIMILAR_CANDIDATES, query.limit);
  // The walk of one part of the scope: its `wanted` nearest titles.
  const walk = (where: OrdersWhere) =>
    matchesWhere(where)
      .orderBy(sql`${title} <-> ${query.title}`)
      .limit(wanted);
  // The walk is read part by part of the scope (see walkParts), and the nearest of the union
  // kept.
  const nearest = db
    .selectFrom(
      walkParts(scope)
        .map((part) => db.selectFrom(walk(part).as('p')).selectAll('p'))
        .reduce((all, part) => all.union(part))
        .as('u'),
    )
    .selectAll('u')
    .orderBy('u.title_sim', 'desc')
    .orderBy('u.id', 'desc')
    .limit(wanted);
  // The same candidates either way: the `wanted` nearest titles (ties: the index's order, or
  // newest first). Reading every match stops past SIMILAR_RARE_ROWS of them and says so (`n`).
  const candidates =
    path === 'nearest'
      ? db
          .selectFrom(nearest.as('m'))
          .selectAll('m')
          .select(sql<number>`0`.as('n'))
      : db
          .selectFrom(matches.limit(SIMILAR_RARE_ROWS + 1).as('m'))
          .selectAll('m')
          .select(sql<number>`count(*) OVER ()`.as('n'))
          .orderBy('m.title_sim', 'desc')
          .orderBy('m.id', 'desc')
          .limit(wanted);
  const score =
    query.content !== undefined
      ? sql<number>`((c.title_sim + similarity(c.major_content, ${query.content})) / 2)`
      : sql<number>`c.title_sim`;
  return db
    .selectFrom(candidates.as('c'))
    .select(['c.id', 'c.order_num', 'c.title', 'c.status', 'c.call_time', 'c.n'])
    .select(score.as('score'))
    .where(sql<boolean>`c.title_sim > ${sql.lit(SIMILARITY_THRESHOLD)}`)
    .orderBy(sql`score`, 'desc')
    .orderBy('c.id', 'desc')
    .limit(query.limit)
    .execute();
}

/**
 * The scope as the walk reads it: one walk per part, each able to stop at its own 50th. A unit
 * handler's part (host or co-host) is one condition the walk's index holds (migration 040: the
 * units that see the order, containment through intarray's operator), so other units' entries
 * are skipped inside the index; one walk testing the scope's OR on each row handed out read
 * other units' orders from the table first (at ten million orders, street1: 11–33 ms → 5–10 ms
 * for common titles, 0.65–1.04 s → 0.2–0.3 s for titles mostly other units handle; decision
 * 0014). The other parts (call-back staff, an agent's own orders) are tested on the rows.
 */
function walkParts(scope: RowScope): OrdersWhere[] {
  if (scope.all) return [() => sql<boolean>`true`];
  const parts: OrdersWhere[] = [];
  const { unitId } = scope;
  if (unitId !== null)
    parts.push(
      () =>
        sql<boolean>`array_prepend(coalesce(work_orders.host_unit_id, 0), work_orders.co_host_unit_ids) OPERATOR(intarray_ext.@>) ARRAY[${unitId}]::int[]`,
    );
  const others = scopeWhere({ ...scope, unitId: null });
  if (scope.visitor || scope.createdBy !== null) parts.push(...(scopePartsOf(others) ?? [others]));
  return parts.length > 0 ? parts : [() => sql<boolean>`false`];
}

/** Nearest first unless the planner expects few matches of the title in the window. */
export async function choosePath(db: Db, title: string, since: Date): Promise<SimilarPath> {
  const rows = await planRows(
    db,
    db
      .selectFrom('work_orders')
      .select(sql`1`.as('one'))
      .where(sql<boolean>`work_orders.title % ${title}`)
      .where('work_orders.call_time', '>=', since),
  );
  return rows < SIMILAR_RARE_ROWS ? 'every' : 'nearest';
}
