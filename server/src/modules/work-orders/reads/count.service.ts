import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../../context';
import { executePrepared } from '../../../db/prepared';
import type { Reader } from './list-access';
import { clockBuckets, clockOf, clockRange } from './count-clock';
import { recountQueues } from './count-recount';
import {
  condsTally,
  expressible,
  tallyScope,
  tallyScopeForQueue,
  tallyTypes,
  type TallyScope,
} from './count-tally';
import { hostOnly, queueConds, queueWhere } from './queue-sql';
import { scopeForQueue, scopeIsEmpty } from './scope-sql';

/**
 * The counts of a caller's queues (lists/counts, the menu's badges, a plain queue's list
 * total) from the tallies of migration 015, in one statement of one small sum per queue: work
 * that depends on the number of units, sources and states, not on the number of orders. A
 * clock-free queue sums queue_tallies; signed-today and the overdue warning sum their
 * queue_clock_tallies buckets, the overdue window's two partial hours counted on the orders
 * (count-clock.ts). The tallies are moved by a trigger in the writing transaction, so a count
 * is never stale and equals a recount of the orders (counts-*.test.ts).
 *
 * The statement is sent prepared: planning its thirty-odd sub-selects cost more than running
 * them. Its text depends only on the caller's queues, scope and sources (queue codes are
 * literals, the rest parameters), and any plan serves it: the tallies are small, and the
 * overdue window's edges repeat the partial index's predicate as literals.
 *
 * A queue the tallies cannot answer for this caller — the scope of an agent (orders it
 * created) or a condition outside their columns — is counted over the orders as before
 * (count-recount.ts), in a second statement alongside.
 */
export async function queueCounts(
  ctx: AppContext,
  reader: Reader,
  queueIds: readonly string[],
  typeIds: readonly number[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(queueIds.map((q) => [q, 0]));
  if (queueIds.length === 0 || scopeIsEmpty(reader.scope)) return counts;

  const tallied: { queueId: string; sum: RawBuilder<unknown> }[] = [];
  const rest: string[] = [];
  for (const q of queueIds) {
    const sum = tallySum(ctx, reader, q, typeIds);
    if (sum) tallied.push({ queueId: q, sum });
    else rest.push(q);
  }
  const [row, recounted] = await Promise.all([
    tallied.length === 0
      ? undefined
      : executePrepared(
          ctx.db,
          sql<Record<string, unknown>>`SELECT ${sql.join(
            tallied.map((t, i) => sql`${t.sum} AS ${sql.ref(`t${i}`)}`),
          )}`,
        ).then((rows) => rows[0]),
    rest.length === 0 ? {} : recountQueues(ctx, reader, rest, typeIds),
  ]);
  for (const [i, t] of tallied.entries()) counts[t.queueId] = Number(row?.[`t${i}`] ?? 0);
  return { ...counts, ...recounted };
}

/**
 * How many orders a caller's whole list holds — the all-orders list of these sources, no queue
 * and no filter — from the same tallies: the sum of the scope's rows (count-tally.ts
 * `tallyScope`, each order counted once). Counting the orders instead read them all: at ten
 * million orders 1.1–1.4 s for the district's 9.4 million, 11 s for the call-back staff's 9
 * million visited ones (their scope is a state, no index range). Null when the tallies cannot
 * answer for this caller (an agent's orders).
 */
export function scopeTotal(
  ctx: AppContext,
  reader: Reader,
  typeIds: readonly number[],
): (() => Promise<number>) | null {
  if (scopeIsEmpty(reader.scope)) return () => Promise.resolve(0);
  const scope = tallyScope(reader.scope, reader.queueCtx.viewerUnitId);
  if (!scope) return null;
  const t = 'queue_tallies';
  const query = sql<{
    n: string;
  }>`SELECT COALESCE(sum(n), 0) AS n FROM queue_tallies WHERE ${tallyTypes(t, typeIds)} AND ${scope(t)}`;
  return () => executePrepared(ctx.db, query).then((rows) => Number(rows[0]?.n ?? 0));
}

/** One queue's count from the tallies, or null when they cannot answer it for this caller. */
function tallySum(
  ctx: AppContext,
  reader: Reader,
  queueId: string,
  typeIds: readonly number[],
): RawBuilder<unknown> | null {
  const qctx = reader.queueCtx;
  const host = hostOnly(queueId);
  const scope: TallyScope | null = tallyScopeForQueue(reader.scope, qctx.viewerUnitId, host);
  if (!scope) return null;
  const conds = queueConds(queueId);
  if (conds.every((c) => expressible(c, 'queue_tallies'))) {
    const t = 'queue_tallies';
    return sql`(SELECT COALESCE(sum(n), 0) FROM queue_tallies WHERE ${tallyTypes(t, typeIds)} AND ${scope(t)} AND ${condsTally(t, conds, qctx)})`;
  }
  const clock = clockOf(conds);
  const t = 'queue_clock_tallies';
  if (!clock || !clock.rest.every((c) => expressible(c, t))) return null;
  const range = clockRange(clock.kind, qctx);
  const buckets = sql`(SELECT COALESCE(sum(n), 0) FROM queue_clock_tallies WHERE ${clockBuckets(clock.kind, range)} AND ${tallyTypes(t, typeIds)} AND ${scope(t)} AND ${condsTally(t, clock.rest, qctx)})`;
  if (range.edges.length === 0) return buckets;
  // The window's partial hours, on the orders. The literal status and host status repeat
  // the queue's conditions so that the partial index's predicate is provable in any plan.
  const orderScope = scopeForQueue(reader.scope, qctx.viewerUnitId, host);
  const edges = range.edges.map((edge) => {
    let q = ctx.db
      .selectFrom('work_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('work_orders.type_id', 'in', [...typeIds])
      .where(sql<boolean>`work_orders.status = 1 AND work_orders.main_org_status IN (0, 1)`)
      .where(queueWhere(queueId, qctx))
      .where('work_orders.deadline', '>=', edge.from)
      .where('work_orders.deadline', '<', edge.to);
    if (orderScope) q = q.where(orderScope);
    return sql`(${q})`;
  });
  return sql`(${buckets} + ${sql.join(edges, sql` + `)})`;
}
