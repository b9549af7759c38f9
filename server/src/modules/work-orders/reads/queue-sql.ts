import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import {
  QUEUE_FILTERS,
  queueStatuses,
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
export type OrdersWhere = ((eb: OrdersEb) => Expression<SqlBool>) & {
  /**
   * The same rows as disjoint parts, each one ordered index range (`status IN (11, 12)` →
   * `status = 11`, `status = 12`): a page reads each part in its order and merges them
   * (list.repository.ts `pageOrderIds`), where the IN as a whole has no index in the page's
   * order and every match would be sorted. Everything else reads the clause itself.
   */
  readonly alternatives?: readonly OrdersWhere[];
  /**
   * A queue of deadlines in the warning window (超期预警): the clause as the rest of the queue
   * and the window, for a page by call time that walks the rest testing the window
   * (clock-walk.ts).
   */
  readonly walk?: ClockWalk;
  /**
   * The orders this unit hosts or co-hosts (a unit's row scope, scope-sql.ts): a page by call
   * time of that and types alone reads the unit's range of `order_units` (unit-page.ts).
   */
  readonly unit?: number;
  /**
   * The orders of these types (`typesWhere`): a clause `order_units` and `order_search` can
   * answer too.
   */
  readonly types?: readonly number[];
  /** Every order (a district-wide row scope): the clause asks nothing of an order. */
  readonly everyOrder?: true;
};

/** The orders of the given types, marked as such (`OrdersWhere.types`). */
export function typesWhere(types: readonly number[]): OrdersWhere {
  const clause = (eb: OrdersEb) => eb('work_orders.type_id', 'in', [...types]);
  return Object.assign(clause, { types });
}

/** A warning-window queue's clause as the rest of the queue and the window (clock-walk.ts). */
export interface ClockWalk {
  /** The queue's clause without the window, split like any queue (`alternatives`). */
  readonly rest: OrdersWhere;
  /** The window alone, on a column the walk reads (`deadline`). */
  readonly test: OrdersWhere;
}

/** `where`, which `alternatives` — disjoint, their union exactly `where` — also express. */
export function withAlternatives(
  where: (eb: OrdersEb) => Expression<SqlBool>,
  alternatives: readonly OrdersWhere[],
): OrdersWhere {
  return alternatives.length > 1 ? Object.assign(where, { alternatives }) : where;
}

/**
 * The WHERE lists a list is read in, in order: one per alternative of its first clause that
 * has them (each with the other clauses), else `where` alone. Disjoint, so a merge of their
 * ordered rows is the list's order (list.repository.ts `orderedIds`, probe-sql.ts `newestRows`).
 */
export function readParts(where: readonly OrdersWhere[]): (readonly OrdersWhere[])[] {
  const split = where.find((w) => w.alternatives !== undefined);
  if (!split?.alternatives) return [where];
  const others = where.filter((w) => w !== split);
  return split.alternatives.map((a) => [...others, a]);
}

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
    case 'replyRejected':
      return eb('work_orders.reply_rejected', '=', true);
    case 'hostIsViewer':
      return eb('work_orders.host_unit_id', '=', ctx.viewerUnitId);
    case 'createdByViewer':
      return eb('work_orders.created_by', '=', ctx.viewerUserId);
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

/** The code values a condition takes one at a time (an IN over a code column), if it is one. */
function codeValues(cond: Cond, ctx: QueueContext) {
  if (cond.kind === 'in') return { column: COLUMN[cond.field], values: cond.values };
  if (cond.kind === 'visitPending') {
    return { column: 'huifang_state' as const, values: visitPendingStates(ctx.huifangMode) };
  }
  return null;
}

/**
 * WHERE clause of one queue. A queue with an IN over several codes (the review queue's `status IN (11, 12)`,
 * the call-back queues' huifang states) also offers one part per code, the first such
 * condition split: each part is one range of an index in the page's order.
 *
 * Not a queue of deadlines in the warning window (超期预警): read through the deadline index,
 * its rows are that one range, sorted, and each part read the whole range again — at ten million
 * orders 12,238 entries twice, 18–24 ms a statement in EXPLAIN against 10–12 read once. Its
 * clause offers instead the rest of the queue, split, and the window (`walk`): a page by call
 * time walks the rest newest first testing the window (clock-walk.ts).
 */
export function queueWhere(queueId: string, ctx: QueueContext): OrdersWhere {
  const conds = queueConds(queueId);
  const window = conds.find((c) => c.kind === 'deadlineWindow');
  if (!window) return splitWhere(conds, ctx);
  const where = (eb: OrdersEb) => eb.and(conds.map((c) => condSql(eb, c, ctx)));
  const rest = splitWhere(
    conds.filter((c) => c !== window),
    ctx,
  );
  const test = (eb: OrdersEb) => condSql(eb, window, ctx);
  return Object.assign(where, { walk: { rest, test } });
}

/** `conds` as one clause, with one part per code of its first IN over several codes. */
function splitWhere(conds: readonly Cond[], ctx: QueueContext): OrdersWhere {
  const where = (eb: OrdersEb) => eb.and(conds.map((c) => condSql(eb, c, ctx)));
  const at = conds.findIndex((c) => (codeValues(c, ctx)?.values.length ?? 0) > 1);
  const split = at < 0 ? null : codeValues(conds[at] as Cond, ctx);
  if (!split) return where;
  const others = conds.filter((_, i) => i !== at);
  return withAlternatives(
    where,
    split.values.map(
      (value) => (eb: OrdersEb) =>
        eb.and([
          ...others.map((c) => condSql(eb, c, ctx)),
          eb(`work_orders.${split.column}`, '=', value),
        ]),
    ),
  );
}

/** The queue keeps to the viewer's own hosted orders (a top-level hostIsViewer condition). */
export function hostOnly(queueId: string): boolean {
  return queueConds(queueId).some((c) => c.kind === 'hostIsViewer');
}

/**
 * The statuses a queue's rows can have, when a top-level condition pins them (null: any): the
 * domain's `queueStatuses`. The count statement uses it to aggregate the open-order queues in
 * one pass over the partial open-order index, and to count the others each by its own index.
 */
export const statusBound = (queueId: string): readonly number[] | null => queueStatuses(queueId);
