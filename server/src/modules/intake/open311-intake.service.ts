import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { addHours } from '@hotline/domain';
import type { AppContext } from '../../context';
import type { NewWorkOrder, WorkOrderRow } from '../../db/schema';
import { loadWorkflowConfig } from '../work-orders/lifecycle-settings';
import { newOrderChange } from '../push/index';
import { notifyCitizenSafely } from '../citizen-sms/index';
import type { Integration } from './integration-keys';
import * as repo from './intake.repository';
import { nextNumber } from './order-numbers';

/**
 * A service request made through Open311 (`POST /open311/v2/requests`): it enters intake like
 * the city centre's push — typeId 1, unsigned (status 0), a `QY` case number, a refusal
 * deadline, event `intake` — with an order number of its own series (`WS` + date + sequence)
 * and `source_ref` `open311:<key name>`. What the order has no column for (e-mail, device,
 * account, media URL, attributes) is kept in `open311_requests`.
 *
 * Open311 has no request number of the client's, so duplicates are recognised by content: the
 * same request (service, description, position, contact) from the same key within
 * DUPLICATE_WINDOW_MS — a retry after a lost answer — returns the first order and creates
 * nothing, also when the two race (an advisory lock on the content's hash).
 */

export const DUPLICATE_WINDOW_MS = 10 * 60_000;

export interface Open311Intake {
  service: { code: string; name: string; categoryId: number };
  description: string;
  lat: number | null;
  long: number | null;
  address: string;
  callerName: string;
  phone: string;
  email: string | null;
  deviceId: string | null;
  accountId: string | null;
  mediaUrl: string | null;
  urgency: string;
  orderNature: string;
  /** 七有五性 (attribute `seven_five`), or null. */
  sevenFive: string | null;
  attributes: Record<string, string>;
}

export interface Open311IntakeResult {
  order: WorkOrderRow;
  duplicate: boolean;
}

/** The title handlers see in their lists: the service, then the start of the description. */
function titleOf(input: Open311Intake): string {
  const text = input.description.replace(/\s+/g, ' ').trim();
  const head = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `${input.service.name}：${head}`.slice(0, 200);
}

function fingerprintOf(integration: Integration, input: Open311Intake): string {
  const content = [
    integration.id,
    input.service.code,
    input.description.replace(/\s+/g, ' ').trim(),
    input.lat,
    input.long,
    input.address,
    input.phone,
    input.email,
    input.deviceId,
    input.accountId,
  ];
  return createHash('sha256').update(JSON.stringify(content), 'utf8').digest('hex');
}

export async function receiveOpen311Request(
  ctx: AppContext,
  integration: Integration,
  input: Open311Intake,
): Promise<Open311IntakeResult> {
  const now = ctx.now();
  const config = await loadWorkflowConfig(ctx.db);
  const fingerprint = fingerprintOf(integration, input);
  const result = await ctx.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`open311:${fingerprint}`}))`.execute(trx);
    const earlier = await trx
      .selectFrom('open311_requests')
      .innerJoin('work_orders', 'work_orders.id', 'open311_requests.order_id')
      .selectAll('work_orders')
      .where('open311_requests.integration_id', '=', integration.id)
      .where('open311_requests.fingerprint', '=', fingerprint)
      .where('open311_requests.created_at', '>', new Date(now.getTime() - DUPLICATE_WINDOW_MS))
      .orderBy('open311_requests.created_at', 'desc')
      .executeTakeFirst();
    if (earlier) return { order: earlier, duplicate: true };
    const values: NewWorkOrder = {
      order_num: await nextNumber(trx, 'WS', now),
      district_case_num: await nextNumber(trx, 'QY', now),
      type_id: 1,
      title: titleOf(input),
      major_content: input.description,
      caller_name: input.callerName,
      caller_phone: input.phone,
      address: input.address,
      lat: input.lat,
      long: input.long,
      category_id: input.service.categoryId,
      urgency: input.urgency,
      order_nature: input.orderNature,
      seven_five_category: input.sevenFive,
      status: 0,
      call_time: now,
      refuse_deadline: addHours(now, config.limits.refuseSignHours),
      source_ref: `open311:${integration.name}`,
      created_at: now,
      updated_at: now,
    };
    const order = await repo.insertOrder(trx, values);
    await trx
      .insertInto('open311_requests')
      .values({
        order_id: order.id,
        integration_id: integration.id,
        fingerprint,
        service_code: input.service.code,
        device_id: input.deviceId,
        account_id: input.accountId,
        email: input.email,
        media_url: input.mediaUrl,
        attributes: JSON.stringify(input.attributes),
        created_at: now,
      })
      .execute();
    await repo.insertEvent(trx, {
      orderId: order.id,
      action: 'intake',
      actorId: null,
      actorUnitId: null,
      from: null,
      to: repo.stateCodes(order),
      comment: 'open311',
      at: now,
    });
    return { order, duplicate: false };
  });
  if (!result.duplicate) {
    await ctx.push?.orderChanged(newOrderChange(result.order, now));
    await notifyCitizenSafely(ctx, result.order.id, 'accepted');
  }
  return result;
}
