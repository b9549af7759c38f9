import { QUEUES, inQueue, type Lang, type QueueDef, type QueueFacts } from '@hotline/domain';
import type { AppContext } from '../../../context';
import type { AuthContext } from '../../auth/auth-context';
import { readerFor, typeIdsFor } from './list-access';
import { scopeIsEmpty, scopeWhere } from './scope-sql';

/**
 * notice/list: the caller's recent notices — orders that entered one of the caller's queues
 * (those with a notice text) in the last 7 days, newest first, at most one per order and
 * queue. Read from the audit trail: an event put its order into a queue when the order's
 * facts after the event satisfy the queue and the facts before it did not. Facts the event
 * does not record (host, flags, deadline) are the order's current ones; the clock is the
 * event's time.
 */

const WINDOW_MS = 7 * 24 * 3_600_000;
/** Newest events examined: bounds the work for a busy district. */
const EVENTS_EXAMINED = 2000;

export interface NoticeItem {
  msg: string;
  orderNum: string;
  assignId: number;
  menuId: string;
  time: string;
}

type Codes = Partial<
  Pick<QueueFacts, 'status' | 'mainOrgStatus' | 'huifangState' | 'needReviewStatus'>
>;

function codesOf(value: unknown): Codes {
  if (!value || typeof value !== 'object') return {};
  const v = value as Record<string, unknown>;
  const out: Codes = {};
  if (typeof v.status === 'number') out.status = v.status;
  if (typeof v.mainOrgStatus === 'number') out.mainOrgStatus = v.mainOrgStatus;
  if (typeof v.huifangState === 'number') out.huifangState = v.huifangState;
  if (typeof v.needReviewStatus === 'number' || v.needReviewStatus === null) {
    out.needReviewStatus = v.needReviewStatus;
  }
  return out;
}

export async function noticeList(
  ctx: AppContext,
  auth: AuthContext,
  limit: number,
  lang: Lang,
): Promise<NoticeItem[]> {
  const reader = await readerFor(ctx, auth);
  const queues = QUEUES.filter((q): q is QueueDef & { notice: NonNullable<QueueDef['notice']> } =>
    Boolean(q.notice && reader.queues.includes(q.id)),
  );
  if (queues.length === 0 || scopeIsEmpty(reader.scope)) return [];
  const types = typeIdsFor(reader, undefined, 'queue');

  let orders = ctx.db
    .selectFrom('work_orders')
    .select('work_orders.id')
    .where('work_orders.type_id', 'in', types);
  orders = orders.where(scopeWhere(reader.scope));
  const events = await ctx.db
    .selectFrom('order_events as e')
    .innerJoin('work_orders as o', 'o.id', 'e.order_id')
    .select([
      'e.id',
      'e.action',
      'e.from_state',
      'e.to_state',
      'e.created_at',
      'o.id as order_id',
      'o.order_num',
      'o.status',
      'o.main_org_status',
      'o.huifang_state',
      'o.need_review_status',
      'o.reply_rejected',
      'o.host_unit_id',
      'o.dispatcher_id',
      'o.created_by',
      'o.is_key_appeal',
      'o.system_sign_time',
      'o.deadline',
    ])
    .where('e.created_at', '>=', new Date(reader.now.getTime() - WINDOW_MS))
    .where('e.created_at', '<=', reader.now)
    .where('e.order_id', 'in', orders)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(EVENTS_EXAMINED)
    .execute();

  const seen = new Set<string>();
  const out: NoticeItem[] = [];
  for (const e of events) {
    const current: QueueFacts = {
      status: e.status,
      mainOrgStatus: e.main_org_status,
      huifangState: e.huifang_state,
      needReviewStatus: e.need_review_status,
      replyRejected: e.reply_rejected,
      hostUnitId: e.host_unit_id,
      dispatcherId: e.dispatcher_id,
      createdBy: e.created_by,
      isKeyAppeal: e.is_key_appeal,
      systemSignTime: e.system_sign_time,
      deadline: e.deadline,
    };
    // The key-appeal flag is not among the recorded codes: its event turned it on when it is on.
    const keyToggle = e.action === 'key_appeal';
    const before = {
      ...current,
      ...codesOf(e.from_state),
      ...(keyToggle ? { isKeyAppeal: false } : {}),
    };
    const after = { ...current, ...codesOf(e.to_state) };
    const at = { ...reader.queueCtx, now: e.created_at };
    for (const q of queues) {
      const key = `${e.order_id}:${q.id}`;
      if (seen.has(key)) continue;
      if (inQueue(q.id, after, at) && !inQueue(q.id, before, at)) {
        seen.add(key);
        out.push({
          msg: q.notice[lang],
          orderNum: e.order_num,
          assignId: e.order_id,
          menuId: q.id,
          time: e.created_at.toISOString(),
        });
        if (out.length >= limit) return out;
      }
    }
  }
  return out;
}
