import type { CallerHistory, CallerHistoryBody } from '@hotline/contract';
import type { AppContext } from '../../../context';
import type { AuthContext } from '../../auth/auth-context';
import { configValues } from '../../config/config-cache';
import { countByPhone, latestByPhone } from './caller-history.repository';
import { readerFor, typeIdsFor } from './list-access';
import type { OrdersWhere } from './queue-sql';
import { readableIds } from './readable-ids';
import { intakeScope, scopeIsEmpty, scopeWhere } from './scope-sql';

/**
 * A caller's earlier orders, for the intake form and the detail: how many, how many in the
 * last 30 days (a repeat caller from `repeat_caller_threshold` on, 3 by default) and the five
 * latest — over what intake looks through (`intakeScope`: the row scope, the district for an
 * intake agent; sources as in the lists), each marked whether the caller may open it.
 */

const DAYS_30 = 30 * 86_400_000;
export const DEFAULT_REPEAT_THRESHOLD = 3;
const RECENT = 5;

export async function callerHistory(
  ctx: AppContext,
  auth: AuthContext,
  body: CallerHistoryBody,
): Promise<CallerHistory> {
  const [reader, values] = await Promise.all([readerFor(ctx, auth), configValues(ctx, 'jsjb')]);
  const n = Number(values.repeat_caller_threshold);
  const threshold = Number.isInteger(n) && n > 0 ? n : DEFAULT_REPEAT_THRESHOLD;
  const scope = intakeScope(reader.actor, reader.scope);
  if (scopeIsEmpty(scope)) {
    return { total: 0, last30Days: 0, repeat: false, threshold, recent: [] };
  }
  const where: OrdersWhere[] = [
    (eb) => eb('work_orders.caller_phone', '=', body.phone),
    (eb) => eb('work_orders.type_id', 'in', typeIdsFor(reader, undefined, 'whole')),
    scopeWhere(scope),
  ];
  const { excludeId } = body;
  if (excludeId !== undefined) where.push((eb) => eb('work_orders.id', '<>', excludeId));
  const since = new Date(reader.now.getTime() - DAYS_30);
  const [counts, latest] = await Promise.all([
    countByPhone(ctx.db, where, since),
    latestByPhone(ctx.db, where, RECENT),
  ]);
  const opens = await readableIds(
    ctx.db,
    reader.scope,
    scope,
    latest.map((o) => o.id),
  );
  return {
    total: counts.total,
    last30Days: counts.since,
    repeat: counts.since >= threshold,
    threshold,
    recent: latest.map((o) => ({
      id: o.id,
      orderNum: o.order_num,
      title: o.title,
      status: o.status,
      callTime: o.call_time.toISOString(),
      readable: opens.has(o.id),
    })),
  };
}
