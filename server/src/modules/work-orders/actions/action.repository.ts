import type { OrderLock, StateCodes } from '@hotline/domain';
import type { Db } from '../../../context';
import type { WorkOrderRow, WorkOrderUpdate } from '../../../db/schema';

/** SQL of the action service. Every function runs on the caller's transaction. */

export async function updateOrder(
  trx: Db,
  id: number,
  changes: WorkOrderUpdate,
  now: Date,
): Promise<WorkOrderRow> {
  return trx
    .updateTable('work_orders')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Makes the order_locks row say what the domain decided (`null` = no lock). */
export async function syncLock(
  trx: Db,
  orderId: number,
  before: OrderLock | null,
  after: OrderLock | null,
  now: Date,
): Promise<void> {
  if (!after) {
    if (before) await trx.deleteFrom('order_locks').where('order_id', '=', orderId).execute();
    return;
  }
  if (!before) {
    await trx
      .insertInto('order_locks')
      .values({
        order_id: orderId,
        user_id: after.userId,
        locked_at: now,
        expires_at: after.expiresAt,
      })
      .execute();
    return;
  }
  if (before.userId === after.userId && before.expiresAt.getTime() === after.expiresAt.getTime())
    return;
  await trx
    .updateTable('order_locks')
    .set({
      user_id: after.userId,
      expires_at: after.expiresAt,
      // A new holder starts a new lock; the same holder only pushes the expiry on.
      ...(before.userId !== after.userId ? { locked_at: now } : {}),
    })
    .where('order_id', '=', orderId)
    .execute();
}

export interface NewEvent {
  orderId: number;
  action: string;
  actorId: number;
  actorUnitId: number;
  from: StateCodes;
  to: StateCodes;
  comment: string;
  at: Date;
}

export async function insertEvent(trx: Db, e: NewEvent): Promise<{ id: number }> {
  return trx
    .insertInto('order_events')
    .values({
      order_id: e.orderId,
      action: e.action,
      actor_id: e.actorId,
      actor_unit_id: e.actorUnitId,
      from_state: JSON.stringify(e.from),
      to_state: JSON.stringify(e.to),
      comment: e.comment,
      created_at: e.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * The units an action would name (host, co-hosts, community): enabled ones only — a disabled
 * unit takes no new orders, so it answers like an unknown one. Share-locked, so an
 * administrator cannot disable one of them until this action commits (and then sees its
 * open order).
 */
export async function unitsByIds(trx: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('units')
    .select(['id', 'name', 'kind', 'parent_id'])
    .where('id', 'in', [...ids])
    .where('disabled', '=', false)
    .forShare()
    .execute();
}

/**
 * Which of `ids` are disabled units, with their names — for the refusal that names the field
 * ("hostUnitId: the unit 望湖街道 is disabled …", message `unit.targetDisabled`).
 */
export async function disabledUnits(trx: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('units')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .where('disabled', '=', true)
    .orderBy('id')
    .execute();
}

/** An enabled category's level (a disabled one is kept on old orders, never newly set). */
export async function categoryLevel(trx: Db, id: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('problem_categories')
    .select('level')
    .where('id', '=', id)
    .where('disabled', '=', false)
    .executeTakeFirst();
  return row?.level;
}

/** A new host (and co-hosts): earlier assignments stay as history, inactive. */
export async function replaceAssignments(
  trx: Db,
  orderId: number,
  hostUnitId: number,
  coHostUnitIds: readonly number[],
  now: Date,
): Promise<void> {
  await trx
    .updateTable('order_assignments')
    .set({ active: false })
    .where('order_id', '=', orderId)
    .where('active', '=', true)
    .execute();
  const rows = [
    { unitId: hostUnitId, role: 'host' as const },
    ...coHostUnitIds.map((unitId) => ({ unitId, role: 'cohost' as const })),
  ];
  await trx
    .insertInto('order_assignments')
    .values(
      rows.map((r) => ({
        order_id: orderId,
        unit_id: r.unitId,
        role: r.role,
        status: 0,
        active: true,
        assigned_at: now,
      })),
    )
    .execute();
}

/**
 * The active assignments follow the host status (as the demo seed records them): signing and
 * replying stamp their times, a reply sent back clears the reply time, an approved return ends
 * the assignment, a re-handle starts it over.
 */
export async function followHostStatus(
  trx: Db,
  orderId: number,
  from: number,
  to: number,
  now: Date,
): Promise<void> {
  const stamps =
    to === 1 && from === 0
      ? { signed_at: now }
      : to === 1 && from === 11
        ? { replied_at: null }
        : to === 11
          ? { replied_at: now }
          : to === 71
            ? { active: false }
            : to === 0
              ? { signed_at: null, replied_at: null }
              : {};
  await trx
    .updateTable('order_assignments')
    .set({ status: to, ...stamps })
    .where('order_id', '=', orderId)
    .where('active', '=', true)
    .execute();
}

export async function openRequest(
  trx: Db,
  r: {
    orderId: number;
    kind: 'extension' | 'exclusion';
    hours: number | null;
    tichuType: string | null;
    reason: string;
    userId: number;
    unitId: number;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('order_requests')
    .values({
      order_id: r.orderId,
      kind: r.kind,
      status: 1,
      hours: r.hours,
      tichu_type: r.tichuType,
      reason: r.reason,
      requested_by: r.userId,
      requested_unit_id: r.unitId,
      created_at: r.at,
    })
    .execute();
}

export async function closeRequest(
  trx: Db,
  r: { orderId: number; approved: boolean; userId: number; comment: string; at: Date },
): Promise<void> {
  const { numUpdatedRows } = await trx
    .updateTable('order_requests')
    .set({
      status: r.approved ? 2 : 3,
      decided_by: r.userId,
      decided_at: r.at,
      decision_comment: r.comment,
    })
    .where('order_id', '=', r.orderId)
    .where('status', '=', 1)
    .executeTakeFirst();
  // The domain only decides a request it loaded as pending, under the row lock.
  if (numUpdatedRows !== 1n) throw new Error(`order ${r.orderId}: no pending request to close`);
}

export async function insertVisit(
  trx: Db,
  v: {
    orderId: number;
    attempt: number;
    reached: boolean;
    hostContacted: boolean | null;
    resolved: boolean | null;
    satisfaction: string | null;
    remark: string;
    visitorId: number;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('order_visits')
    .values({
      order_id: v.orderId,
      attempt: v.attempt,
      reached: v.reached,
      host_contacted: v.hostContacted,
      resolved: v.resolved,
      satisfaction: v.satisfaction,
      remark: v.remark,
      visitor_id: v.visitorId,
      created_at: v.at,
    })
    .execute();
}

export async function insertMerge(
  trx: Db,
  m: { orderId: number; intoId: number; userId: number; reason: string; at: Date },
): Promise<void> {
  await trx
    .insertInto('order_merges')
    .values({
      order_id: m.orderId,
      into_order_id: m.intoId,
      merged_by: m.userId,
      reason: m.reason,
      created_at: m.at,
    })
    .execute();
}
