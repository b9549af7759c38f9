import type { IntakeBody } from '@hotline/contract';
import { addHours, isDispatcher, isIntakeAgent, isOpen, type Actor } from '@hotline/domain';
import type { AppContext, Db } from '../../context';
import type { WorkOrderRow } from '../../db/schema';
import { forbidden } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { actorFrom } from '../work-orders/actor';
import { loadWorkflowConfig } from '../work-orders/lifecycle-settings';
import { findOrderSeenAtIntake } from '../work-orders/order-access';
import { newOrderChange } from '../push/index';
import { notifyCitizenSafely } from '../citizen-sms/index';
import { fieldError } from './field-error';
import * as repo from './intake.repository';
import { syncDeadlineJobs } from '../deadlines/deadline-sync';
import { nextNumber } from './order-numbers';

/** A call time a little ahead of the server clock is a skewed PC clock, not a mistake. */
export const CLOCK_SKEW_MS = 5 * 60_000;
const SIMILAR_LIMIT = 5;

export interface IntakeResult {
  order: WorkOrderRow;
  similar: repo.SimilarRow[];
  /** The order number of the open order the appeal was merged into. */
  mergedInto: string | null;
}

/**
 * The self-built order form (WORKFLOW section 5, "intake"): an agent's order waits unsigned
 * (status 0); a dispatcher's is signed on the spot (status 1). With `mergeIntoId` the appeal is
 * recorded closed as merged into an open order instead of opening a duplicate.
 */
export async function createSelfBuiltOrder(
  ctx: AppContext,
  auth: AuthContext,
  body: IntakeBody,
): Promise<IntakeResult> {
  const actor = actorFrom(auth);
  const dispatcher = isDispatcher(actor);
  if (!dispatcher && !isIntakeAgent(actor)) throw forbidden('intake.forbidden');
  if (body.typeId === 7 && !dispatcher) throw forbidden('intake.directDispatchOnly');

  const now = ctx.now();
  const callTime = body.callTime ?? now;
  if (callTime.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw fieldError('callTime', 'intake.callTimeFuture', callTime.toISOString());
  }
  if ((body.lat === undefined) !== (body.long === undefined)) {
    throw fieldError(body.lat === undefined ? 'lat' : 'long', 'intake.positionHalf', '');
  }
  const config = await loadWorkflowConfig(ctx.db);

  const result = await ctx.db.transaction().execute(async (trx) => {
    await checkReferences(trx, body);
    const target = body.mergeIntoId ? await lockMergeTarget(trx, actor, body.mergeIntoId) : null;

    const status = dispatcher ? 1 : 0;
    const order = await repo.insertOrder(trx, {
      order_num: await nextNumber(trx, 'ZJ', now),
      district_case_num: await nextNumber(trx, 'QY', now),
      type_id: body.typeId,
      title: body.title,
      major_content: body.majorContent,
      caller_name: body.callerName,
      caller_phone: body.callerPhone,
      caller_count: body.callerCount,
      caller_subject: body.callerSubject,
      address: body.address,
      lat: body.lat ?? null,
      long: body.long ?? null,
      sms_opt_out: body.smsOptOut ?? false,
      community_unit_id: body.communityUnitId ?? null,
      category_id: body.categoryId,
      labels: body.labels ?? [],
      seven_five_category: body.sevenFiveCategory ?? null,
      urgency: body.urgency,
      order_nature: body.orderNature,
      status: target ? 92 : status,
      system_sign_time: dispatcher ? now : null,
      dispatcher_id: dispatcher ? actor.userId : null,
      call_time: callTime,
      refuse_deadline: addHours(now, config.limits.refuseSignHours),
      merged_into_id: target?.id ?? null,
      closed_time: target ? now : null,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    });
    const opened = { ...repo.stateCodes(order), status };
    const who = { actorId: actor.userId, actorUnitId: actor.unitId, at: now };
    await repo.insertEvent(trx, {
      ...who,
      orderId: order.id,
      action: 'intake',
      from: null,
      to: opened,
      comment: '',
    });
    // The sign limit's reminder and escalation (issue 21), with the order.
    await syncDeadlineJobs(trx, order.id);
    if (target) {
      await repo.insertMerge(trx, {
        orderId: order.id,
        intoId: target.id,
        by: actor.userId,
        at: now,
      });
      await repo.insertEvent(trx, {
        ...who,
        orderId: order.id,
        action: 'merge',
        from: opened,
        to: repo.stateCodes(order),
        comment: target.order_num,
      });
    }
    return { order, mergedInto: target?.order_num ?? null };
  });
  await ctx.push?.orderChanged(newOrderChange(result.order, now));
  await notifyCitizenSafely(ctx, result.order.id, 'accepted');

  // After commit: a read, and a slow one must not hold the counter rows.
  const similar = await repo.findSimilarOpen(ctx.db, actor, body.title, {
    excludeId: result.order.id,
    limit: SIMILAR_LIMIT,
  });
  return { ...result, similar };
}

async function checkReferences(trx: Db, body: IntakeBody): Promise<void> {
  const category = await repo.findCategory(trx, { id: body.categoryId });
  if (!category) throw fieldError('categoryId', 'intake.categoryUnknown', body.categoryId);
  if (category.level !== 3)
    throw fieldError('categoryId', 'intake.categoryNotLeaf', body.categoryId);
  if (category.disabled) throw fieldError('categoryId', 'intake.categoryDisabled', body.categoryId);
  if (body.communityUnitId !== undefined) {
    const unit = await repo.findUnitRef(trx, body.communityUnitId);
    if (unit?.kind !== 'community' && unit?.kind !== 'village') {
      throw fieldError('communityUnitId', 'intake.communityInvalid', body.communityUnitId);
    }
    if (unit.disabled) {
      throw fieldError('communityUnitId', 'intake.communityDisabled', body.communityUnitId);
    }
  }
}

/**
 * The open order an appeal merges into, locked so it cannot close while we write: any order
 * intake shows the caller (`canSeeAtIntake` — an agent merges into the district's). Unknown and
 * out-of-sight targets answer alike.
 */
async function lockMergeTarget(trx: Db, actor: Actor, id: number): Promise<WorkOrderRow> {
  const loaded = await findOrderSeenAtIntake(trx, actor, id, { forUpdate: true });
  if (!loaded) {
    throw fieldError('mergeIntoId', 'intake.mergeTargetNotFound', id);
  }
  if (!isOpen(loaded.state)) throw fieldError('mergeIntoId', 'intake.mergeTargetClosed', id);
  return loaded.row;
}
