import { sql } from 'kysely';
import type { Db } from '../../../context';
import { scopeWhere, type RowScope } from '../reads/scope-sql';

/**
 * Similar orders of the last SIMILAR_WINDOW_DAYS by trigram similarity of the title (pg_trgm),
 * bounded work at any size: the GiST index on (title, call_time) (migration 035) hands out the
 * caller's recent orders nearest in title first (`title <-> $1`, k-NN, the call-time bound
 * tested inside the index), and only the first CANDIDATES of them are ranked. The window keeps
 * what is read among recent rows (the pages a busy table keeps in memory): over all of history
 * each candidate was a random read of an old page, 225 ms per detail at ten million orders.
 * `title % $1` keeps the index walk inside pg_trgm's threshold (0.3 unless a session changed
 * it); the explicit `similarity(...) > 0.3` pins the threshold whatever the session says. When a content text
 * is given it refines the ranking of those candidates: the score is the mean of title and
 * content similarity (content has no trigram index — long texts would make it huge).
 * Ordering the candidates by distance alone keeps the walk an index scan; among orders with
 * the very same title (a common complaint repeats hundreds of times) which 50 are read is the
 * index's order, and the final ranking puts equal scores newest first.
 */
export const SIMILARITY_THRESHOLD = 0.3;
/** Nearest titles read per query; the page shows a handful of them. */
export const SIMILAR_CANDIDATES = 50;
/** How far back similar orders are looked for (a repeat complaint, a merge: recent orders). */
export const SIMILAR_WINDOW_DAYS = 365;
const DAY_MS = 86_400_000;

export interface SimilarRow {
  id: number;
  order_num: string;
  title: string;
  status: number;
  call_time: Date;
  score: number;
}

export async function similarOrders(
  db: Db,
  scope: RowScope,
  query: {
    title: string;
    content?: string | undefined;
    excludeId?: number;
    limit: number;
    now: Date;
  },
): Promise<SimilarRow[]> {
  const since = new Date(query.now.getTime() - SIMILAR_WINDOW_DAYS * DAY_MS);
  let nearest = db
    .selectFrom('work_orders')
    .select(['id', 'order_num', 'title', 'status', 'call_time', 'major_content'])
    .select(sql<number>`similarity(work_orders.title, ${query.title})`.as('title_sim'))
    .where(sql<boolean>`work_orders.title % ${query.title}`)
    .where('work_orders.call_time', '>=', since)
    .where(scopeWhere(scope));
  if (query.excludeId !== undefined)
    nearest = nearest.where('work_orders.id', '<>', query.excludeId);
  const candidates = nearest
    .orderBy(sql`work_orders.title <-> ${query.title}`)
    .limit(Math.max(SIMILAR_CANDIDATES, query.limit));
  const score =
    query.content !== undefined
      ? sql<number>`((c.title_sim + similarity(c.major_content, ${query.content})) / 2)`
      : sql<number>`c.title_sim`;
  return db
    .selectFrom(candidates.as('c'))
    .select(['c.id', 'c.order_num', 'c.title', 'c.status', 'c.call_time', score.as('score')])
    .where(sql<boolean>`c.title_sim > ${sql.lit(SIMILARITY_THRESHOLD)}`)
    .orderBy(sql`score`, 'desc')
    .orderBy('c.id', 'desc')
    .limit(query.limit)
    .execute();
}
