import { OPEN_STATUSES } from '@hotline/domain';
import type { AppContext } from '../../../context';
import type { Reader } from './list-access';
import { hostOnly, queueWhere, statusBound, type OrdersWhere } from './queue-sql';
import { scopeForQueue, scopeWhere } from './scope-sql';

/**
 * Queue counts over the orders themselves, in one statement: for the queues the tallies cannot
 * answer for this caller (count.service.ts) — today the scopes of call-centre agents, whose
 * orders are those they created. Queues whose conditions pin the status to open ones (0, 1,
 * 11, 12) are `count(*) FILTER (WHERE …)` columns of one pass over the caller's open orders
 * (the covering partial index of migration 011); any other queue is a scalar sub-select
 * counted by its own index.
 */
export async function recountQueues(
  ctx: AppContext,
  reader: Reader,
  queueIds: readonly string[],
  typeIds: readonly number[],
): Promise<Record<string, number>> {
  const open: readonly number[] = OPEN_STATUSES;
  const isOpenQueue = (q: string) => statusBound(q)?.every((s) => open.includes(s)) ?? false;
  const shared = queueIds.filter(isOpenQueue);
  const separate = queueIds.filter((q) => !isOpenQueue(q));
  const types: OrdersWhere = (eb) => eb('work_orders.type_id', 'in', [...typeIds]);
  let query = ctx.db
    .selectFrom('work_orders')
    .where('work_orders.status', 'in', [...open])
    .where(scopeWhere(reader.scope))
    .where(types)
    .select((eb) => eb.fn.countAll<number>().as('open_total'));
  for (const [i, q] of shared.entries()) {
    const filter = queueWhere(q, reader.queueCtx);
    query = query.select((eb) => eb.fn.countAll<number>().filterWhere(filter).as(`s${i}`));
  }
  for (const [i, q] of separate.entries()) {
    const scope = scopeForQueue(reader.scope, reader.queueCtx.viewerUnitId, hostOnly(q));
    const where = [types, queueWhere(q, reader.queueCtx), ...(scope ? [scope] : [])];
    query = query.select((eb) => {
      let sub = eb.selectFrom('work_orders').select((sb) => sb.fn.countAll<number>().as('n'));
      for (const w of where) sub = sub.where(w);
      return sub.as(`x${i}`);
    });
  }
  const row = (await query.executeTakeFirst()) as Record<string, unknown> | undefined;
  const counts: Record<string, number> = {};
  for (const [i, q] of shared.entries()) counts[q] = Number(row?.[`s${i}`] ?? 0);
  for (const [i, q] of separate.entries()) counts[q] = Number(row?.[`x${i}`] ?? 0);
  return counts;
}
