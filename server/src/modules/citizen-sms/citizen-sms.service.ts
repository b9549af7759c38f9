import {
  DEFAULT_SMS_TEMPLATES,
  TRACK_URL_FALLBACK,
  isMobileNumber,
  maskPhone,
  renderSms,
  SMS_EVENT_NAMES,
  smsEventOf,
  smsTemplateKey,
  type SmsEvent,
} from '@hotline/domain';
import type { AppContext } from '../../context';
import type { AfterCommit } from '../../ports';
import { configValues } from '../config/config-cache';
import { chinaDateCode } from '../intake/order-numbers';
import * as repo from './citizen-sms.repository';

/**
 * Text messages to the citizen at the steps of their order (accepted, dispatched, answered,
 * closed, a visit that did not reach them), through the node's SMS port — the SIMULATOR unless
 * a gateway is configured (docs/api.md "Citizen text messages"). Sent after the step committed,
 * never inside its transaction; a failure is logged and changes nothing. Not sent when the
 * order is opted out, the number is not a mobile number, texts are switched off
 * (`sms_citizen_enabled`) or the number has had `sms_daily_cap` texts today. Each text sent is
 * written on the order's timeline (event `sms`, number masked).
 */

export const DEFAULT_DAILY_CAP = 5;

export type SmsOutcome = 'sent' | 'off' | 'optedOut' | 'notMobile' | 'capped' | 'noOrder';

export async function notifyCitizen(
  ctx: AppContext,
  orderId: number,
  event: SmsEvent,
): Promise<SmsOutcome> {
  const values = await configValues(ctx, 'jsjb');
  if (values.sms_citizen_enabled === '0') return 'off';
  const order = await repo.findSmsOrder(ctx.db, orderId);
  if (!order || order.merged_into_id !== null) return 'noOrder';
  if (order.sms_opt_out) return 'optedOut';
  const phone = order.caller_phone.replace(/[\s-]/g, '');
  if (!isMobileNumber(phone)) return 'notMobile';
  const now = ctx.now();
  const day = chinaDateCode(now);
  const capValue = Number(values.sms_daily_cap);
  const cap = Number.isInteger(capValue) && capValue > 0 ? capValue : DEFAULT_DAILY_CAP;
  if ((await repo.countMessage(ctx.db, phone, day)) > cap) return 'capped';
  const template = values[smsTemplateKey(event)]?.trim() || DEFAULT_SMS_TEMPLATES[event];
  const text = renderSms(template, {
    orderNum: order.order_num,
    category: order.category ?? '',
    reply: order.reply_content?.trim() ?? '',
    trackUrl: values.sms_track_url?.trim() || TRACK_URL_FALLBACK,
    date: day,
  });
  await ctx.sms.send(phone, text);
  await repo.insertSmsEvent(ctx.db, {
    orderId: order.id,
    comment: `${SMS_EVENT_NAMES[event].zh} → ${maskPhone(phone)}：${text}`,
    at: now,
  });
  return 'sent';
}

/** notifyCitizen that never throws: the step it follows has already happened. */
export async function notifyCitizenSafely(
  ctx: AppContext,
  orderId: number,
  event: SmsEvent,
  log: (error: unknown) => void = (error) => console.error('citizen text message failed', error),
): Promise<void> {
  try {
    await notifyCitizen(ctx, orderId, event);
  } catch (error) {
    log?.(error);
  }
}

/** The action hook: the text a committed step sends, if any. */
export function citizenSmsAfterCommit(
  ctx: () => AppContext,
  log: (error: unknown) => void,
): AfterCommit {
  return async (outcome) => {
    const event = smsEventOf(outcome.event.action, outcome.after);
    if (event) await notifyCitizenSafely(ctx(), outcome.row.id, event, log);
  };
}
