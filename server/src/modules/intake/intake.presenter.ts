import type { z } from 'zod';
import type { intakeOrder, similarOrder } from '@hotline/contract';
import type { WorkOrderRow } from '../../db/schema';
import type { SimilarRow } from './intake.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The created order as intake answers it (field names of the order summary, docs/api.md). */
export function presentIntakeOrder(row: WorkOrderRow): z.infer<typeof intakeOrder> {
  return {
    id: row.id,
    orderNum: row.order_num,
    districtCaseNum: row.district_case_num,
    typeId: row.type_id,
    title: row.title,
    status: row.status,
    mainOrgStatus: row.main_org_status,
    huifangState: row.huifang_state,
    needReviewStatus: row.need_review_status,
    categoryId: row.category_id,
    communityUnitId: row.community_unit_id,
    urgency: row.urgency,
    orderNature: row.order_nature,
    callTime: row.call_time.toISOString(),
    systemSignTime: iso(row.system_sign_time),
    refuseDeadline: iso(row.refuse_deadline),
    dispatcherId: row.dispatcher_id,
    mergedIntoId: row.merged_into_id,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentSimilar(row: SimilarRow): z.infer<typeof similarOrder> {
  return {
    id: row.id,
    orderNum: row.order_num,
    title: row.title,
    status: row.status,
    callTime: row.call_time.toISOString(),
    similarity: Math.round(row.similarity * 1000) / 1000,
  };
}
