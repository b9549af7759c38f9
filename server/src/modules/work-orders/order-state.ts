import type { OrderState, PendingRequest, Urgency, VisitResult } from '@hotline/domain';
import type { Db } from '../../context';
import type { WorkOrderRow, WorkOrdersTable } from '../../db/schema';
import type { Updateable } from 'kysely';

/**
 * The bridge between the work_orders row (plus its lock and pending request) and the
 * domain's OrderState. Services load an order for a caller through the guard in
 * order-access.ts (read check, row lock FOR UPDATE), never with loadOrderState directly.
 */
export interface LoadedOrder {
  row: WorkOrderRow;
  state: OrderState;
}

export async function loadOrderState(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedOrder | undefined> {
  let query = db.selectFrom('work_orders').selectAll().where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const [lock, request] = await Promise.all([
    db
      .selectFrom('order_locks as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.user_id', 'u.realname', 'l.expires_at'])
      .where('l.order_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('order_requests')
      .select(['kind', 'hours', 'tichu_type', 'requested_by'])
      .where('order_id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst(),
  ]);
  const pending: PendingRequest | null = request
    ? {
        kind: request.kind,
        requestedBy: request.requested_by,
        ...(request.hours !== null ? { hours: request.hours } : {}),
        ...(request.tichu_type !== null ? { tichuType: request.tichu_type } : {}),
      }
    : null;
  const lockState = lock
    ? { userId: lock.user_id, userName: lock.realname, expiresAt: lock.expires_at }
    : null;
  return { row, state: toOrderState(row, lockState, pending) };
}

/** The id of the order with this number (the caller's read check comes after). */
export async function orderIdByNum(db: Db, orderNum: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('work_orders')
    .select('id')
    .where('order_num', '=', orderNum)
    .executeTakeFirst();
  return row?.id;
}

/** The order an order or case number names (as typed: any case), if any. */
export async function orderByNumber(
  db: Db,
  number: string,
): Promise<{ id: number; orderNum: string; title: string } | undefined> {
  const upper = number.toUpperCase();
  const row = await db
    .selectFrom('work_orders')
    .select(['id', 'order_num', 'title'])
    .where((eb) => eb.or([eb('order_num', '=', upper), eb('district_case_num', '=', upper)]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && { id: row.id, orderNum: row.order_num, title: row.title };
}

export function toOrderState(
  row: WorkOrderRow,
  lock: OrderState['lock'],
  pendingRequest: PendingRequest | null,
): OrderState {
  return {
    id: row.id,
    typeId: row.type_id,
    urgency: row.urgency as Urgency,
    status: row.status,
    mainOrgStatus: row.main_org_status,
    huifangState: row.huifang_state,
    needReviewStatus: row.need_review_status,
    replyRejected: row.reply_rejected,
    hostUnitId: row.host_unit_id,
    coHostUnitIds: row.co_host_unit_ids,
    dispatcherId: row.dispatcher_id,
    createdBy: row.created_by,
    assignedStaff: row.assigned_staff,
    callTime: row.call_time,
    systemSignTime: row.system_sign_time,
    dispatchTime: row.dispatch_time,
    hostSignTime: row.host_sign_time,
    refuseDeadline: row.refuse_deadline,
    handlingLimitHours: row.handling_limit_hours,
    deadline: row.deadline,
    replyTime: row.reply_time,
    replyContent: row.reply_content,
    replyContacted: row.reply_contacted,
    replyResolved: row.reply_resolved,
    cityReplyTime: row.city_reply_time,
    closedTime: row.closed_time,
    visitCount: row.visit_count,
    visitTime: row.visit_time,
    visitResult: row.visit_result as VisitResult | null,
    visitContacted: row.visit_contacted,
    visitHostContacted: row.visit_host_contacted,
    visitResolved: row.visit_resolved,
    visitRemark: row.visit_remark,
    isKeyAppeal: row.is_key_appeal,
    smsOptOut: row.sms_opt_out,
    isSupervised: row.is_supervised,
    superviseCount: row.supervise_count,
    mergedIntoId: row.merged_into_id,
    isSecondVisit: row.is_second_visit,
    tichuType: row.tichu_type,
    lock,
    pendingRequest,
  };
}

/** OrderState field → work_orders column, for the fields an action may change. */
const COLUMNS: { [K in keyof OrderState]?: keyof Updateable<WorkOrdersTable> } = {
  status: 'status',
  mainOrgStatus: 'main_org_status',
  huifangState: 'huifang_state',
  needReviewStatus: 'need_review_status',
  replyRejected: 'reply_rejected',
  hostUnitId: 'host_unit_id',
  coHostUnitIds: 'co_host_unit_ids',
  dispatcherId: 'dispatcher_id',
  assignedStaff: 'assigned_staff',
  systemSignTime: 'system_sign_time',
  dispatchTime: 'dispatch_time',
  hostSignTime: 'host_sign_time',
  refuseDeadline: 'refuse_deadline',
  handlingLimitHours: 'handling_limit_hours',
  deadline: 'deadline',
  replyTime: 'reply_time',
  replyContent: 'reply_content',
  replyContacted: 'reply_contacted',
  replyResolved: 'reply_resolved',
  cityReplyTime: 'city_reply_time',
  closedTime: 'closed_time',
  visitCount: 'visit_count',
  visitTime: 'visit_time',
  visitResult: 'visit_result',
  visitContacted: 'visit_contacted',
  visitHostContacted: 'visit_host_contacted',
  visitResolved: 'visit_resolved',
  visitRemark: 'visit_remark',
  isKeyAppeal: 'is_key_appeal',
  smsOptOut: 'sms_opt_out',
  isSupervised: 'is_supervised',
  superviseCount: 'supervise_count',
  mergedIntoId: 'merged_into_id',
  isSecondVisit: 'is_second_visit',
  tichuType: 'tichu_type',
};

/** The column updates that turn `before` into `after` (lock and request live elsewhere). */
export function columnChanges(before: OrderState, after: OrderState): Updateable<WorkOrdersTable> {
  const changes: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof OrderState, string][]) {
    const a = before[field];
    const b = after[field];
    const same =
      a instanceof Date && b instanceof Date
        ? a.getTime() === b.getTime()
        : JSON.stringify(a) === JSON.stringify(b);
    if (!same) changes[column] = b;
  }
  return changes as Updateable<WorkOrdersTable>;
}
