import type { AppContext } from '../../../context';
import { OPEN_STATUSES } from '@hotline/domain';
import type { Reader } from './list-access';
import { talliable, tallyWhere } from './count-tally';
import { hostOnly, queueWhere, statusBound, type OrdersWhere } from './queue-sql';
import { scopeForQueue, scopeIsEmpty, scopeWhere } from './scope-sql';

/**
 * The counts of all of a caller's queues in ONE SQL statement (lists/counts and the menu's
 * badges). Queues whose conditions pin the status to open ones (0, 1, 11, 12) are counted
 * together with `count(*) FILTER (WHERE …)` in a single pass over the caller's open orders —
 * the partial open-order indexes of migration 002. A queue that can hold closed history
 * (completed, returned, visits, signed today) gets a scalar sub-select in the same statement,
 * so it is counted on its own instead of turning the shared pass into a scan of every order
 * ever received: from the trigger-kept tally (count-tally.ts) when its conditions allow and the
 * caller's scope is everything or implied by the queue, else by its own index. Same scope, sources and queue definitions as the lists, so a count
 * equals the list's totalCount.
 */
export async function queueCounts(
  ctx: AppContext,
  reader: Reader,
  queueIds: readonly string[],
  typeIds: readonly number[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(queueIds.map((q) => [q, 0]));
  if (queueIds.length === 0 || scopeIsEmpty(reader.scope)) return counts;

  const open: readonly number[] = OPEN_STATUSES;
  const isOpenQueue = (q: string) => statusBound(q)?.every((s) => open.includes(s)) ?? false;
  const shared = queueIds.filter(isOpenQueue);
  const separate = queueIds.filter((q) => !isOpenQueue(q));
  const types: OrdersWhere = (eb) => eb('work_orders.type_id', 'in', [...typeIds]);
  const base: OrdersWhere[] = [scopeWhere(reader.scope), types];

  let query = ctx.db
    .selectFrom('work_orders')
    .where('work_orders.status', 'in', [...open])
    .select((eb) => eb.fn.countAll<number>().as('open_total'));
  for (const w of base) query = query.where(w);
  for (const [i, q] of shared.entries()) {
    const filter = queueWhere(q, reader.queueCtx);
    query = query.select((eb) => eb.fn.countAll<number>().filterWhere(filter).as(`s${i}`));
  }
  for (const [i, q] of separate.entries()) {
    const scope = scopeForQueue(reader.scope, reader.queueCtx.viewerUnitId, hostOnly(q));
    if (talliable(q) && (reader.scope.all || scope === null)) {
      const where = tallyWhere(q, reader.queueCtx);
      query = query.select((eb) =>
        eb
          .selectFrom('work_order_tallies')
          .select((sb) =>
            sb.fn.coalesce(sb.fn.sum<number>('work_order_tallies.n'), sb.lit(0)).as('n'),
          )
          .where('work_order_tallies.type_id', 'in', [...typeIds])
          .where(where)
          .as(`x${i}`),
      );
      continue;
    }
    const where = [types, queueWhere(q, reader.queueCtx), ...(scope ? [scope] : [])];
    query = query.select((eb) => {
      let sub = eb.selectFrom('work_orders').select((sb) => sb.fn.countAll<number>().as('n'));
      for (const w of where) sub = sub.where(w);
      return sub.as(`x${i}`);
    });
  }
  const row = (await query.executeTakeFirst()) as Record<string, unknown> | undefined;
  for (const [i, q] of shared.entries()) counts[q] = Number(row?.[`s${i}`] ?? 0);
  for (const [i, q] of separate.entries()) counts[q] = Number(row?.[`x${i}`] ?? 0);
  return counts;
}
