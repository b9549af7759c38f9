import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import {
  QUEUE_FILTERS,
  overdueWindow,
  startOfDayCst,
  visitPendingStates,
  type CodeField,
  type Cond,
  type QueueContext,
} from '@hotline/domain';
import type { Database } from '../../../db/schema';

/**
 * The domain's queue conditions (packages/domain/src/lifecycle/queue-filters.ts) as SQL over
 * work_orders. Each case mirrors `holds()` exactly — NULL columns never match, as there — so
 * a queue's rows in SQL are the orders `inQueue` accepts (server/test/reads-queues.test.ts
 * checks this over every queue, several viewers, modes and times).
 */
export type OrdersEb = ExpressionBuilder<Database, 'work_orders'>;
export type OrdersWhere = (eb: OrdersEb) => Expression<SqlBool>;

const COLUMN: Record<
  CodeField,
  'status' | 'main_org_status' | 'huifang_state' | 'need_review_status'
> = {
  status: 'status',
  mainOrgStatus: 'main_org_status',
  huifangState: 'huifang_state',
  needReviewStatus: 'need_review_status',
};

export function condSql(eb: OrdersEb, cond: Cond, ctx: QueueContext): Expression<SqlBool> {
  switch (cond.kind) {
    case 'in':
      return eb(`work_orders.${COLUMN[cond.field]}`, 'in', [...cond.values]);
    case 'keyAppeal':
      return eb('work_orders.is_key_appeal', '=', true);
    case 'unclaimed':
      return eb('work_orders.dispatcher_id', 'is', null);
    case 'hostIsViewer':
      return eb('work_orders.host_unit_id', '=', ctx.viewerUnitId);
    case 'signedToday':
      return eb('work_orders.system_sign_time', '>=', startOfDayCst(ctx.now));
    case 'deadlineWindow': {
      const { from, to } = overdueWindow(ctx.overdueMode, ctx.now);
      return eb.and([eb('work_orders.deadline', '>=', from), eb('work_orders.deadline', '<', to)]);
    }
    case 'visitPending':
      return eb('work_orders.huifang_state', 'in', [...visitPendingStates(ctx.huifangMode)]);
    case 'any':
      return eb.or(cond.of.map((c) => condSql(eb, c, ctx)));
  }
}

export function queueConds(queueId: string): readonly Cond[] {
  const conds = QUEUE_FILTERS[queueId];
  if (!conds) throw new Error(`unknown queue ${queueId}`);
  return conds;
}

/** WHERE clause of one queue. */
export function queueWhere(queueId: string, ctx: QueueContext): OrdersWhere {
  const conds = queueConds(queueId);
  return (eb) => eb.and(conds.map((c) => condSql(eb, c, ctx)));
}

/** The queue keeps to the viewer's own hosted orders (a top-level hostIsViewer condition). */
export function hostOnly(queueId: string): boolean {
  return queueConds(queueId).some((c) => c.kind === 'hostIsViewer');
}

/**
 * The statuses a queue's rows can have, when a top-level condition pins them (null: any).
 * The count statement uses it to aggregate the open-order queues in one pass over the
 * partial open-order index, and to count the others each by its own index.
 */
export function statusBound(queueId: string): readonly number[] | null {
  let bound: readonly number[] | null = null;
  for (const cond of queueConds(queueId)) {
    if (cond.kind !== 'in' || cond.field !== 'status') continue;
    bound = bound === null ? cond.values : bound.filter((s) => cond.values.includes(s));
  }
  return bound;
}
