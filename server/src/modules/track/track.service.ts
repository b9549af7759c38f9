import type { TrackBody, TrackedOrder } from '@hotline/contract';
import {
  isPublicOpen,
  publicStage,
  milestonesOf,
  publicStatusText,
  publishedReply,
  type Lang,
} from '@hotline/domain';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/app-error';
import { countLookup, giveBackLookup, findTrackedOrder } from './track.repository';

/**
 * The citizens' status lookup. The order number and the last four digits of the caller's
 * phone must both match; a wrong pair and an unknown number answer the same 404. Each number
 * may be looked up with a wrong pair LOOKUPS_PER_HOUR times an hour from all addresses together
 * (the per-address throttle is the `lookup` class): each attempt is counted before the check,
 * so parallel guesses cannot pass the cap, and a right pair gives its attempt back — the
 * citizen looking again and again never locks the number. Past the cap every pair waits,
 * the right one too (else the cap would stop no guessing).
 */

export const LOOKUPS_PER_HOUR = 20;
const HOUR = 3_600_000;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The last four digits of a phone number as stored (blanks, dashes and + ignored). */
export const phoneTail = (phone: string) => phone.replace(/\D/g, '').slice(-4);

export async function trackOrder(
  ctx: AppContext,
  body: TrackBody,
  lang: Lang,
): Promise<TrackedOrder> {
  const now = ctx.now();
  const windowStart = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  const n = await countLookup(ctx.db, body.orderNum, windowStart, now);
  if (n > LOOKUPS_PER_HOUR) {
    const minutes = Math.max(1, Math.ceil((windowStart.getTime() + HOUR - now.getTime()) / 60_000));
    throw new AppError(429, 'track.tooMany', { minutes });
  }
  const row = await findTrackedOrder(ctx.db, body.orderNum);
  const digits = row ? phoneTail(row.caller_phone) : '';
  if (!row || digits.length < 4 || digits !== body.phoneTail) throw notFound('track.notFound');
  await giveBackLookup(ctx.db, body.orderNum, windowStart);
  const order = {
    status: row.status,
    mainOrgStatus: row.main_org_status,
    huifangState: row.huifang_state,
    mergedIntoId: row.merged_into_id,
    replyContent: row.reply_content,
    callTime: row.call_time,
    dispatchTime: row.dispatch_time,
    replyTime: row.reply_time,
    visitTime: row.visit_time,
    closedTime: row.closed_time,
  };
  const open = isPublicOpen(order);
  return {
    orderNum: row.order_num,
    open,
    stage: publicStage(order),
    statusText: publicStatusText(order, lang),
    categoryName: row.category_name,
    milestones: milestonesOf(order).map((m) => ({ key: m.key, at: iso(m.at) })),
    expectedAt: open ? iso(row.deadline) : null,
    reply: publishedReply(order),
  };
}
