import type { OrderState } from '@hotline/domain';
import type { NewWorkOrder } from '../db/schema';

/**
 * The work_orders columns that hold the domain's state (the inverse of the server's
 * `toOrderState`; the lock and a pending request live in their own tables). Every one of them
 * comes from the domain: the seed never writes a lifecycle column itself.
 */
export function stateColumns(s: OrderState) {
  return {
    type_id: s.typeId,
    urgency: s.urgency,
    status: s.status,
    main_org_status: s.mainOrgStatus,
    huifang_state: s.huifangState,
    need_review_status: s.needReviewStatus,
    reply_rejected: s.replyRejected,
    sms_opt_out: s.smsOptOut,
    host_unit_id: s.hostUnitId,
    co_host_unit_ids: s.coHostUnitIds,
    dispatcher_id: s.dispatcherId,
    created_by: s.createdBy,
    assigned_staff: s.assignedStaff,
    call_time: s.callTime,
    system_sign_time: s.systemSignTime,
    dispatch_time: s.dispatchTime,
    host_sign_time: s.hostSignTime,
    refuse_deadline: s.refuseDeadline,
    handling_limit_hours: s.handlingLimitHours,
    deadline: s.deadline,
    reply_time: s.replyTime,
    reply_content: s.replyContent,
    reply_contacted: s.replyContacted,
    reply_resolved: s.replyResolved,
    city_reply_time: s.cityReplyTime,
    closed_time: s.closedTime,
    visit_count: s.visitCount,
    visit_time: s.visitTime,
    visit_result: s.visitResult,
    visit_contacted: s.visitContacted,
    visit_host_contacted: s.visitHostContacted,
    visit_resolved: s.visitResolved,
    visit_remark: s.visitRemark,
    is_key_appeal: s.isKeyAppeal,
    is_supervised: s.isSupervised,
    supervise_count: s.superviseCount,
    merged_into_id: s.mergedIntoId,
    is_second_visit: s.isSecondVisit,
    tichu_type: s.tichuType,
  } satisfies Partial<NewWorkOrder>;
}
