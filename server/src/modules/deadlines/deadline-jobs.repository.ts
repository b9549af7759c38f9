import type { DeadlineJobKind, PlannedJob } from '@hotline/domain';
import type { Db } from '../../context';

/** The due-job table (migration 024) and the order facts a plan reads. */

export interface JobRow {
  id: number;
  order_id: number;
  kind: DeadlineJobKind;
  offset_key: string;
  due_at: Date;
}

export interface PlanOrderRow {
  id: number;
  order_num: string;
  title: string;
  status: number;
  main_org_status: number;
  merged_into_id: number | null;
  refuse_deadline: Date | null;
  deadline: Date | null;
  dispatch_time: Date | null;
  created_at: Date;
  host_unit_id: number | null;
  escalation_level: number;
}

/** What planning an order's deadline jobs reads of it (PlanOrderRow). */
export const PLAN_ORDER_COLUMNS = [
  'id',
  'order_num',
  'title',
  'status',
  'main_org_status',
  'merged_into_id',
  'refuse_deadline',
  'deadline',
  'dispatch_time',
  'created_at',
  'host_unit_id',
  'escalation_level',
] as const;

export function planOrders(
  db: Db,
  ids: readonly number[],
  lock: 'none' | 'skipLocked' = 'none',
): Promise<PlanOrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const q = db
    .selectFrom('work_orders')
    .select(PLAN_ORDER_COLUMNS)
    .where('id', 'in', [...ids]);
  return (lock === 'skipLocked' ? q.forUpdate().skipLocked() : q).execute() as Promise<
    PlanOrderRow[]
  >;
}

/**
 * Makes the order's pending jobs equal to the plan: removes pending jobs no longer planned,
 * moves those whose time changed, adds new ones. A job already done stays done (each order,
 * kind and offset fires once per limit) — except a sign job whose limit is a new one (another
 * holder's), which is armed again.
 */
export async function syncJobs(db: Db, orderId: number, plan: readonly PlannedJob[]) {
  const existing = await db
    .selectFrom('deadline_jobs')
    .select(['id', 'kind', 'offset_key', 'due_at', 'done_at'])
    .where('order_id', '=', orderId)
    .execute();
  const key = (kind: string, offset: string) => `${kind}|${offset}`;
  const planned = new Map(plan.map((p) => [key(p.kind, p.offsetKey), p]));
  const stale = existing.filter(
    (e) => e.done_at === null && !planned.has(key(e.kind, e.offset_key)),
  );
  if (stale.length > 0) {
    await db
      .deleteFrom('deadline_jobs')
      .where(
        'id',
        'in',
        stale.map((e) => e.id),
      )
      .where('done_at', 'is', null)
      .execute();
  }
  const byKey = new Map(existing.map((e) => [key(e.kind, e.offset_key), e]));
  const fresh: PlannedJob[] = [];
  for (const p of plan) {
    const row = byKey.get(key(p.kind, p.offsetKey));
    if (!row) fresh.push(p);
    else if (row.done_at === null && row.due_at.getTime() !== p.dueAt.getTime()) {
      await db
        .updateTable('deadline_jobs')
        .set({ due_at: p.dueAt })
        .where('id', '=', row.id)
        .where('done_at', 'is', null)
        .execute();
    } else if (
      row.done_at !== null &&
      p.limit === 'sign' &&
      row.due_at.getTime() !== p.dueAt.getTime()
    ) {
      // A sign limit is set anew for each holder (the district, then the host, a re-dispatched
      // host): a job done for an earlier holder's limit is armed again for this one. A moved
      // handling limit (an extension) keeps what was sent.
      await db
        .updateTable('deadline_jobs')
        .set({ due_at: p.dueAt, done_at: null, attempts: 0 })
        .where('id', '=', row.id)
        .execute();
    }
  }
  if (fresh.length > 0) {
    await db
      .insertInto('deadline_jobs')
      .values(
        fresh.map((p) => ({
          order_id: orderId,
          kind: p.kind,
          offset_key: p.offsetKey,
          due_at: p.dueAt,
        })),
      )
      .onConflict((oc) => oc.columns(['order_id', 'kind', 'offset_key']).doNothing())
      .execute();
  }
}

/**
 * Claims up to `limit` due jobs, oldest first, skipping rows another node holds: the claim
 * lasts as long as the caller's transaction. Reads the partial index deadline_jobs_due_idx.
 */
export function claimDue(db: Db, now: Date, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('deadline_jobs')
    .select(['id', 'order_id', 'kind', 'offset_key', 'due_at'])
    .where('done_at', 'is', null)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute() as Promise<JobRow[]>;
}

export async function markDone(db: Db, ids: readonly number[], now: Date) {
  if (ids.length === 0) return;
  await db
    .updateTable('deadline_jobs')
    .set((eb) => ({ done_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', [...ids])
    .execute();
}

export async function moveJob(db: Db, id: number, dueAt: Date) {
  await db.updateTable('deadline_jobs').set({ due_at: dueAt }).where('id', '=', id).execute();
}

/**
 * An escalation as a fact for the board (migration 029): the unit that held the order when it
 * missed the limit, or null for the district.
 */
export async function recordEscalation(
  db: Db,
  e: {
    orderId: number;
    level: number;
    limit: 'sign' | 'handling';
    unitId: number | null;
    at: Date;
  },
) {
  await db
    .insertInto('deadline_escalations')
    .values({
      order_id: e.orderId,
      level: e.level,
      limit_kind: e.limit,
      unit_id: e.unitId,
      escalated_at: e.at,
    })
    .execute();
}

export async function escalateOrder(db: Db, orderId: number, level: number, now: Date) {
  await db
    .updateTable('work_orders')
    .set((eb) => ({
      escalation_level: eb.fn('greatest', [eb.ref('escalation_level'), eb.val(level)]),
      escalated_at: eb.fn.coalesce('escalated_at', eb.val(now)),
    }))
    .where('id', '=', orderId)
    .execute();
}
