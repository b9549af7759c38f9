import type { InsertCallOutBody } from '@hotline/contract';
import { callRecordProblems, callResultMissing, isDistrictReader } from '@hotline/domain';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { fileStoreOf } from '../files/file-store';
import { actorFrom } from '../work-orders/actor';
import { findReadableOrder, readableOrder } from '../work-orders/order-access';
import { orderIdByNum } from '../work-orders/order-state';
import { callById } from './call.repository';
import { presentRecord, recordingUrl } from './call.presenter';
import { callDb, isUniqueViolation } from './call.tables';
import { insertRecord, recordsOf, saveResult } from './record.repository';

/**
 * Callout/insertCallOut, Callout/saveResult, Callout/callOutList and the recording download.
 * A record must name a call this agent placed, for the order it was placed for, with the
 * number dialled; its times and talk time follow the domain's rules (400 naming the field).
 */

export async function insertCallOut(ctx: AppContext, auth: AuthContext, body: InsertCallOutBody) {
  const db = callDb(ctx.db);
  const call = await callById(db, body.callOutId);
  if (!call || call.user_id !== auth.userId) throw notFound('call.notFound');
  if (call.state !== 'ended') throw conflict('call.busy');
  if (body.orderId !== call.order_id || body.orderNum !== call.order_num) {
    throw badRequest('call.orderMismatch');
  }
  if (body.callTelphone !== call.phone) throw badRequest('call.phoneMismatch');
  const [problem] = callRecordProblems(body, ctx.now());
  if (problem) throw badRequest(problem.problem);
  if (body.file !== '' && body.file !== recordingUrl(call.id))
    throw badRequest('call.fileMismatch');
  if (body.file !== '' && !call.recording_path) throw badRequest('call.fileMismatch');
  await readableOrder(ctx.db, auth, call.order_id);
  try {
    const row = await insertRecord(db, {
      call_out_id: call.id,
      handle_id: body.handleId ?? null,
      order_id: call.order_id,
      order_num: call.order_num,
      user_id: auth.userId,
      call_person: auth.realname,
      call_telphone: call.phone,
      call_time: body.callTime,
      hang_up_time: body.hangUpTime,
      is_connect: body.isConnect === 1,
      hang_up_person: body.hangUpPerson,
      hang_up_reason: body.hangUpReason,
      call_duration: body.callDuration,
      recording_path: body.isConnect === 1 ? call.recording_path : null,
      result: body.result && !callResultMissing(body.result) ? body.result : null,
      result_at: body.result && !callResultMissing(body.result) ? ctx.now() : null,
    });
    return presentRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('call.alreadyLogged');
    throw error;
  }
}

export async function saveCallResult(
  ctx: AppContext,
  auth: AuthContext,
  body: { callOutId: string; result: string },
) {
  if (callResultMissing(body.result)) throw badRequest('call.resultRequired');
  const row = await saveResult(callDb(ctx.db), body.callOutId, auth.userId, body.result, ctx.now());
  if (!row) throw notFound('call.notFound');
  return presentRecord(row);
}

/** By order number (the order must be readable), or without: the records this user may see. */
export async function callOutList(
  ctx: AppContext,
  auth: AuthContext,
  body: { orderNum?: string | undefined; pageNo: number; pageSize: number },
) {
  const db = callDb(ctx.db);
  const paging = { offset: (body.pageNo - 1) * body.pageSize, limit: body.pageSize };
  if (body.orderNum !== undefined) {
    const orderId = await orderIdByNum(ctx.db, body.orderNum);
    if (orderId === undefined) throw notFound('order.notFound');
    await readableOrder(ctx.db, auth, orderId);
    const { rows, total } = await recordsOf(db, { orderNum: body.orderNum, ...paging });
    return { list: rows.map(presentRecord), totalCount: total };
  }
  // District readers (a leader only in a district unit) and administrators see every record;
  // everyone else, a street's leader too, sees their own calls.
  const everyone = isDistrictReader(actorFrom(auth));
  const { rows, total } = await recordsOf(db, {
    ...(everyone ? {} : { userId: auth.userId }),
    ...paging,
  });
  return { list: rows.map(presentRecord), totalCount: total };
}

/** The recording of a call: its agent, or whoever may read its order; 404 otherwise. */
export async function openRecording(ctx: AppContext, auth: AuthContext, callOutId: string) {
  const db = callDb(ctx.db);
  const call = await callById(db, callOutId);
  if (!call?.recording_path) throw notFound('call.noRecording');
  if (call.user_id !== auth.userId) {
    const readable = await findReadableOrder(ctx.db, auth, call.order_id);
    if (!readable) throw notFound('call.noRecording');
  }
  const stored = await fileStoreOf(ctx).open(call.recording_path);
  if (!stored) throw notFound('call.noRecording');
  return { size: stored.size, stream: stored.stream, name: `${call.order_num}-${call.id}.wav` };
}
