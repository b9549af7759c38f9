import type { OrderDetail, OrderSummary } from '@hotline/contract';
import { isStreetFlag } from '@hotline/domain';
import type { WorkOrderRow } from '../../db/schema';
import type { AuthContext } from '../auth/auth-context';
import { presentNextDeadline, type DeadlineView } from '../deadlines/deadline-view';

/**
 * The order as lists and the detail show it (field names of the brief, times as ISO text).
 * Names come from joined units and categories (`OrderExtras`, loaded by
 * `hydrateOrders` in list.repository.ts). Street and town users get no lock fields (spec
 * section 6: "street users get no locking-person column").
 */
// reply_rejected is a queue fact (the "rejected back to me" queue), not shown.
export type PresentableOrder = Omit<WorkOrderRow, 'reply_rejected'>;

export interface OrderLockView {
  userId: number;
  userName: string;
  expiresAt: Date;
}

export interface OrderExtras {
  organizerName: string | null;
  subordinateName: string | null;
  communityName: string | null;
  categoryPath: string | null;
  /** The lock that binds now (expired locks are left out by the loader). */
  lock: OrderLockView | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** isStreet ≠ 0 (street, town and their communities) hides the locking person. */
export function seesLocks(auth: AuthContext): boolean {
  return isStreetFlag(auth.unit.kind, auth.unit.parentKind ?? undefined) === 0;
}

export function presentOrder(
  row: PresentableOrder,
  extras: OrderExtras,
  auth: AuthContext,
  deadlines: DeadlineView,
): OrderSummary {
  const summary: OrderSummary = {
    id: row.id,
    orderNum: row.order_num,
    districtCaseNum: row.district_case_num,
    handleCode: row.handle_code,
    typeId: row.type_id,
    title: row.title,
    majorContent: row.major_content,
    callerName: row.caller_name,
    callerPhone: row.caller_phone,
    callerCount: row.caller_count,
    callerSubject: row.caller_subject,
    address: row.address,
    lat: row.lat,
    long: row.long,
    smsOptOut: row.sms_opt_out,
    communityUnitId: row.community_unit_id,
    communityName: extras.communityName,
    categoryId: row.category_id,
    categoryPath: extras.categoryPath ?? '',
    labels: row.labels,
    sevenFiveCategory: row.seven_five_category,
    orderNature: row.order_nature,
    urgency: row.urgency,
    riskLevel: row.risk_level,
    status: row.status,
    mainOrgStatus: row.main_org_status,
    huifangState: row.huifang_state,
    needReviewStatus: row.need_review_status,
    hostUnitId: row.host_unit_id,
    organizerName: extras.organizerName ?? '',
    subordinateName: extras.subordinateName ?? '',
    coHostUnitIds: row.co_host_unit_ids,
    dispatchType: row.dispatch_type,
    dispatcherId: row.dispatcher_id,
    assignedStaff: row.assigned_staff,
    callTime: row.call_time.toISOString(),
    systemSignTime: iso(row.system_sign_time),
    dispatchTime: iso(row.dispatch_time),
    hostSignTime: iso(row.host_sign_time),
    refuseDeadline: iso(row.refuse_deadline),
    handlingLimitHours: row.handling_limit_hours,
    deadline: iso(row.deadline),
    replyTime: iso(row.reply_time),
    replyContent: row.reply_content,
    replyContacted: row.reply_contacted,
    replyResolved: row.reply_resolved,
    cityReplyTime: iso(row.city_reply_time),
    closedTime: iso(row.closed_time),
    visitCount: row.visit_count,
    visitTime: iso(row.visit_time),
    visitResult: row.visit_result,
    visitRemark: row.visit_remark,
    assessmentType: row.assessment_type,
    tichuType: row.tichu_type,
    isKeyAppeal: row.is_key_appeal,
    isSupervised: row.is_supervised,
    superviseCount: row.supervise_count,
    escalationLevel: row.escalation_level,
    escalatedAt: iso(row.escalated_at),
    nextDeadline: presentNextDeadline(row, deadlines),
    mergedIntoId: row.merged_into_id,
    isSecondVisit: row.is_second_visit,
    remarks: row.remarks,
    createdAt: row.created_at.toISOString(),
  };
  if (seesLocks(auth)) {
    summary.lockUserId = extras.lock?.userId ?? null;
    summary.lockUserName = extras.lock?.userName ?? null;
    summary.lockExpiresAt = iso(extras.lock?.expiresAt ?? null);
  }
  return summary;
}

/** The detail's order: the summary plus the visit facts and bookkeeping fields. */
export function presentOrderDetail(
  row: PresentableOrder,
  extras: OrderExtras,
  auth: AuthContext,
  deadlines: DeadlineView,
): OrderDetail['order'] {
  return {
    ...presentOrder(row, extras, auth, deadlines),
    visitContacted: row.visit_contacted,
    visitHostContacted: row.visit_host_contacted,
    visitResolved: row.visit_resolved,
    createdBy: row.created_by,
    updatedAt: row.updated_at.toISOString(),
  };
}
