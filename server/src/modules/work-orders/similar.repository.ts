import { sql } from 'kysely';
import type { Db } from '../../context';
import { scopeWhere, type RowScope } from './scope-sql';

/**
 * Similar orders by trigram similarity of the title (pg_trgm). `title % $1` is what the GIN
 * index on title serves (pg_trgm's threshold, 0.3 unless a session changed it); the explicit
 * `similarity(...) > 0.3` pins the threshold whatever the session says. When a content text
 * is given it refines the ranking of those candidates: the score is the mean of title and
 * content similarity (content has no trigram index — long texts would make it huge).
 */
export const SIMILARITY_THRESHOLD = 0.3;

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
  query: { title: string; content?: string | undefined; excludeId?: number; limit: number },
): Promise<SimilarRow[]> {
  const titleSim = sql<number>`similarity(work_orders.title, ${query.title})`;
  const score =
    query.content !== undefined
      ? sql<number>`((${titleSim} + similarity(work_orders.major_content, ${query.content})) / 2)`
      : titleSim;
  let q = db
    .selectFrom('work_orders')
    .select(['id', 'order_num', 'title', 'status', 'call_time', score.as('score')])
    .where(sql<boolean>`work_orders.title % ${query.title}`)
    .where(sql<boolean>`${titleSim} > ${sql.lit(SIMILARITY_THRESHOLD)}`)
    .where(scopeWhere(scope));
  if (query.excludeId !== undefined) q = q.where('work_orders.id', '<>', query.excludeId);
  return q
    .orderBy(sql`score`, 'desc')
    .orderBy('work_orders.id', 'desc')
    .limit(query.limit)
    .execute();
}
