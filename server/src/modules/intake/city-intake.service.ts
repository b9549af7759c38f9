import type { CityOrderBody } from '@hotline/contract';
import { addHours } from '@hotline/domain';
import type { AppContext } from '../../context';
import type { NewWorkOrder, WorkOrderRow } from '../../db/schema';
import { loadWorkflowConfig } from '../work-orders/lifecycle-settings';
import { newOrderChange } from '../push/index';
import { notifyCitizenSafely } from '../citizen-sms/index';
import { fieldError } from './field-error';
import { CLOCK_SKEW_MS } from './intake.service';
import type { Integration } from './integration-keys';
import * as repo from './intake.repository';
import { syncDeadlineJobs } from '../deadlines/deadline-sync';
import { nextNumber } from './order-numbers';

/** Our own series: a city number shaped like them would collide with the counters. */
const OWN_NUMBER = /^(ZJ|QY|WS)\d{8}/i;

/** Thrown inside the transaction to roll back the case number a lost race consumed. */
class AlreadyReceived extends Error {}

export interface CityIntakeResult {
  order: WorkOrderRow;
  duplicate: boolean;
}

/**
 * An order pushed by the city centre (typeId 1, unsigned). Idempotent on the city's number:
 * a second push of the same number, even in parallel with the first, returns the order made
 * by the first and changes nothing.
 */
export async function receiveCityOrder(
  ctx: AppContext,
  integration: Integration,
  body: CityOrderBody,
): Promise<CityIntakeResult> {
  if (OWN_NUMBER.test(body.cityOrderNum)) {
    throw fieldError('cityOrderNum', 'city.orderNumReserved', body.cityOrderNum);
  }
  const existing = await repo.findOrderByNum(ctx.db, body.cityOrderNum);
  if (existing) return { order: existing, duplicate: true };

  let categoryId: number | null = null;
  if (body.categoryCode !== undefined) {
    const category = await repo.findCategory(ctx.db, { code: body.categoryCode });
    if (!category) throw fieldError('categoryCode', 'intake.categoryUnknown', body.categoryCode);
    // A disabled category is kept, not refused: it is the city's classification of an appeal
    // already made there, and refusing the push would lose the appeal.
    categoryId = category.id;
  }
  const now = ctx.now();
  if (body.callTime.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw fieldError('callTime', 'intake.callTimeFuture', body.callTime.toISOString());
  }
  if (body.refuseDeadline && body.refuseDeadline <= body.callTime) {
    throw fieldError(
      'refuseDeadline',
      'intake.refuseDeadlineBeforeCall',
      body.refuseDeadline.toISOString(),
    );
  }
  const config = await loadWorkflowConfig(ctx.db);
  const cityUnitId = await repo.findCityUnitId(ctx.db);

  try {
    const order = await ctx.db.transaction().execute(async (trx) => {
      const values: NewWorkOrder = {
        order_num: body.cityOrderNum,
        district_case_num: await nextNumber(trx, 'QY', now),
        type_id: 1,
        title: body.title,
        major_content: body.majorContent,
        caller_name: body.callerName,
        caller_phone: body.callerPhone,
        address: body.address,
        category_id: categoryId,
        urgency: body.urgency,
        order_nature: body.orderNature,
        status: 0,
        call_time: body.callTime,
        refuse_deadline: body.refuseDeadline ?? addHours(now, config.limits.refuseSignHours),
        // Which integration key pushed it: if a key leaks, its orders can be found.
        source_ref: `integration:${integration.name}`,
        created_at: now,
        updated_at: now,
      };
      const created = await repo.insertOrderIfNew(trx, values);
      if (!created) throw new AlreadyReceived();
      await repo.insertEvent(trx, {
        orderId: created.id,
        action: 'intake',
        actorId: null,
        actorUnitId: cityUnitId,
        from: null,
        to: repo.stateCodes(created),
        comment: 'city',
        at: now,
      });
      // The sign limit's reminder and escalation (issue 21), with the order.
      await syncDeadlineJobs(trx, created.id);
      return created;
    });
    await ctx.push?.orderChanged(newOrderChange(order, now));
    await notifyCitizenSafely(ctx, order.id, 'accepted');
    return { order, duplicate: false };
  } catch (error) {
    if (!(error instanceof AlreadyReceived)) throw error;
    const winner = await repo.findOrderByNum(ctx.db, body.cityOrderNum);
    if (!winner) throw new Error(`city order ${body.cityOrderNum} conflicted but is not there`);
    return { order: winner, duplicate: true };
  }
}
