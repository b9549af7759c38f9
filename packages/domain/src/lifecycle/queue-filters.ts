import { QUEUES } from '../queues';
import { overdueWindow, startOfDayCst, type OverdueMode } from '../time';
import type { OrderState } from './types';

/**
 * Queues of WORKFLOW section 6 as data: each a conjunction of conditions. The same definition
 * answers "is this order in the queue?" here and becomes a SQL WHERE clause on the server
 * (server/src/modules/work-orders/queue-sql.ts), so the two cannot drift.
 */
export type CodeField = 'status' | 'mainOrgStatus' | 'huifangState' | 'needReviewStatus';

export type Cond =
  | { kind: 'in'; field: CodeField; values: readonly number[] }
  | { kind: 'keyAppeal' }
  | { kind: 'unclaimed' }
  | { kind: 'replyRejected' }
  | { kind: 'hostIsViewer' }
  | { kind: 'createdByViewer' }
  | { kind: 'signedToday' }
  | { kind: 'deadlineWindow' }
  | { kind: 'visitPending' }
  | { kind: 'any'; of: readonly Cond[] };

export interface QueueContext {
  now: Date;
  /** The viewer's host unit (street, town or department). */
  viewerUnitId: number;
  /** The viewer (the creator of its personal list's orders). */
  viewerUserId: number;
  overdueMode: OverdueMode;
  /** Web config huifang_state_mode: 1 → pending visit is 11,12; else 2,11,12,13. */
  huifangMode: 0 | 1;
}

const codes = (field: CodeField, ...values: number[]): Cond => ({ kind: 'in', field, values });
const HOST = { kind: 'hostIsViewer' } as const;

function unitQueues(prefix: 'jd' | 'bm'): Record<string, readonly Cond[]> {
  return {
    [`${prefix}_dqs`]: [HOST, codes('status', 1), codes('mainOrgStatus', 0)],
    [`${prefix}_blz`]: [HOST, codes('status', 1), codes('mainOrgStatus', 1)],
    [`${prefix}_dfsh`]: [HOST, codes('mainOrgStatus', 11)],
    [`${prefix}_thsh`]: [HOST, codes('mainOrgStatus', 12)],
    // A rejected reply, not a rejected extension or exclusion request (both leave
    // needReviewStatus 3): those orders stay in the host's in-process queue.
    [`${prefix}_bh`]: [
      HOST,
      codes('status', 1),
      codes('mainOrgStatus', 1),
      { kind: 'replyRejected' },
    ],
    [`${prefix}_yjyj`]: [
      HOST,
      codes('status', 1),
      codes('mainOrgStatus', 0, 1),
      { kind: 'deadlineWindow' },
    ],
    [`${prefix}_ybj`]: [HOST, codes('mainOrgStatus', 72)],
  };
}

export const QUEUE_FILTERS: Readonly<Record<string, readonly Cond[]>> = {
  qu_dqs: [codes('status', 0)],
  qu_yqs: [{ kind: 'signedToday' }],
  qu_blz: [codes('status', 1)],
  qu_shz: [codes('status', 11, 12)],
  qu_dhf: [codes('status', 91), { kind: 'visitPending' }],
  qu_yjyj: [codes('status', 1), codes('mainOrgStatus', 0, 1), { kind: 'deadlineWindow' }],
  qu_yth: [{ kind: 'any', of: [codes('status', 71, 72), codes('mainOrgStatus', 71)] }],
  qu_ybj: [codes('status', 92)],
  qu_zdsq: [codes('status', 0, 1, 11, 12), { kind: 'keyAppeal' }],
  qu_dfp: [codes('status', 1), codes('mainOrgStatus', -1, 71)],
  qu_dlq: [codes('status', 1), codes('mainOrgStatus', -1), { kind: 'unclaimed' }],
  ...unitQueues('jd'),
  ...unitQueues('bm'),
  hf_dhf: [codes('status', 91), { kind: 'visitPending' }],
  hf_cf: [codes('status', 91), codes('huifangState', 11, 12)],
  lr_wlr: [{ kind: 'createdByViewer' }],
};

/**
 * The statuses a queue's rows can have, when a top-level condition pins them (null: any). The
 * count statement groups the open-order queues by it; the console offers only these in the
 * queue's status filter.
 */
export function queueStatuses(queueId: string): readonly number[] | null {
  const conds = QUEUE_FILTERS[queueId];
  if (!conds) throw new Error(`unknown queue ${queueId}`);
  let bound: readonly number[] | null = null;
  for (const cond of conds) {
    if (cond.kind !== 'in' || cond.field !== 'status') continue;
    bound = bound === null ? cond.values : bound.filter((s) => cond.values.includes(s));
  }
  return bound;
}

export function visitPendingStates(mode: 0 | 1): readonly number[] {
  return mode === 1 ? [11, 12] : [2, 11, 12, 13];
}

export type QueueFacts = Pick<
  OrderState,
  | 'status'
  | 'mainOrgStatus'
  | 'huifangState'
  | 'needReviewStatus'
  | 'replyRejected'
  | 'hostUnitId'
  | 'dispatcherId'
  | 'createdBy'
  | 'isKeyAppeal'
  | 'systemSignTime'
  | 'deadline'
>;

export function holds(cond: Cond, o: QueueFacts, ctx: QueueContext): boolean {
  switch (cond.kind) {
    case 'in':
      return o[cond.field] !== null && cond.values.includes(o[cond.field] as number);
    case 'keyAppeal':
      return o.isKeyAppeal;
    case 'unclaimed':
      return o.dispatcherId === null;
    case 'replyRejected':
      return o.replyRejected;
    case 'hostIsViewer':
      return o.hostUnitId === ctx.viewerUnitId;
    case 'createdByViewer':
      return o.createdBy === ctx.viewerUserId;
    case 'signedToday':
      return o.systemSignTime !== null && o.systemSignTime >= startOfDayCst(ctx.now);
    case 'deadlineWindow': {
      const { from, to } = overdueWindow(ctx.overdueMode, ctx.now);
      return o.deadline !== null && o.deadline >= from && o.deadline < to;
    }
    case 'visitPending':
      return visitPendingStates(ctx.huifangMode).includes(o.huifangState);
    case 'any':
      return cond.of.some((c) => holds(c, o, ctx));
  }
}

/**
 * A personal list: a top-level `createdByViewer` condition, so every viewer has a list of its
 * own. Nobody counts it (no badge, no push audience); it is read as a list only.
 */
export function isPersonalQueue(queueId: string): boolean {
  const conds = QUEUE_FILTERS[queueId];
  if (!conds) throw new Error(`unknown queue ${queueId}`);
  return conds.some((c) => c.kind === 'createdByViewer');
}

export function inQueue(queueId: string, o: QueueFacts, ctx: QueueContext): boolean {
  const conds = QUEUE_FILTERS[queueId];
  if (!conds) throw new Error(`unknown queue ${queueId}`);
  return conds.every((c) => holds(c, o, ctx));
}

/** Every queue in the catalogue has a filter, and every filter a queue. */
export function queueFiltersComplete(): boolean {
  const ids = new Set(QUEUES.map((q) => q.id));
  return (
    ids.size === Object.keys(QUEUE_FILTERS).length && [...ids].every((id) => id in QUEUE_FILTERS)
  );
}
