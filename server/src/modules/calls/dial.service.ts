import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { readableOrder } from '../work-orders/order-access';
import { assertCallingOn, assertMayCall } from './call-access';
import { callById, callsOf, insertCall, liveCallOf, type CallView } from './call.repository';
import { presentCall } from './call.presenter';
import { callDb, isUniqueViolation } from './call.tables';
import { seatOf } from './seat.repository';
import { telephonyOf } from './telephony-registry';

/**
 * index/dialout, index/hangup, index/getList: placing and ending calls through the telephony
 * adapter. The number dialled is the order's caller phone as stored — never one the console
 * sends — so the bar can only call the citizen of an order the agent may read.
 */

const present = (ctx: AppContext, row: CallView) =>
  presentCall(row, ctx.now(), telephonyOf(ctx).simulated);

export async function dialOut(ctx: AppContext, auth: AuthContext, orderId: number) {
  await assertCallingOn(ctx);
  assertMayCall(auth);
  const { row: order } = await readableOrder(ctx.db, auth, orderId);
  const phone = order.caller_phone?.trim() ?? '';
  if (!phone) throw badRequest('call.noPhone');
  const db = callDb(ctx.db);
  const id = randomUUID();
  const seatNo = await db.transaction().execute(async (trx) => {
    const seat = await seatOf(trx, auth.userId);
    if (seat === null) throw conflict('call.seatRequired');
    if (await liveCallOf(trx, auth.userId)) throw conflict('call.busy');
    try {
      await insertCall(trx, {
        id,
        userId: auth.userId,
        seatNo: seat,
        orderId,
        phone,
        at: ctx.now(),
      });
    } catch (error) {
      // Two dials at once: the one-live-call-per-agent index lets exactly one through.
      if (isUniqueViolation(error)) throw conflict('call.busy');
      throw error;
    }
    return seat;
  });
  await telephonyOf(ctx).dial({ callId: id, seatNo, agentId: auth.userId, phone });
  const row = await callById(db, id);
  if (!row) throw notFound('call.notFound');
  return present(ctx, row);
}

async function ownCall(ctx: AppContext, auth: AuthContext, id: string): Promise<CallView> {
  const row = await callById(callDb(ctx.db), id);
  if (!row || row.user_id !== auth.userId) throw notFound('call.notFound');
  return row;
}

export async function hangUp(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await ownCall(ctx, auth, id);
  if (row.state !== 'ended') await telephonyOf(ctx).hangUp(id);
  return present(ctx, await ownCall(ctx, auth, id));
}

export async function listCalls(
  ctx: AppContext,
  auth: AuthContext,
  body: { callOutId?: string | undefined; pageNo: number; pageSize: number },
) {
  const { rows, total } = await callsOf(callDb(ctx.db), auth.userId, {
    id: body.callOutId,
    offset: (body.pageNo - 1) * body.pageSize,
    limit: body.pageSize,
  });
  return { list: rows.map((r) => present(ctx, r)), totalCount: total };
}
