import { SEAT_COUNT, decideSeatTake, offeredSeats } from '@hotline/domain';
import type { AppContext } from '../../context';
import { conflict } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { assertCallingOn, assertMayCall } from './call-access';
import { liveCallOf } from './call.repository';
import { callDb, isUniqueViolation } from './call.tables';
import { releaseSeatsOf, seatHoldings, seatOf, takeSeat } from './seat.repository';
import { telephonyOf } from './telephony-registry';

/** Callseat/getList and Callseat/update: the 12 seats, checking in and out of them. */

export const seatName = (seatNo: number) => `坐席${String(seatNo).padStart(2, '0')}`;

export async function listSeats(ctx: AppContext, auth: AuthContext) {
  await assertCallingOn(ctx);
  assertMayCall(auth);
  const offered = offeredSeats(await seatHoldings(callDb(ctx.db), ctx.now()), auth.userId);
  return {
    list: offered.map((s) => ({ ...s, name: seatName(s.seatNo) })),
    total: SEAT_COUNT,
    mySeat: offered.find((s) => s.mine)?.seatNo ?? null,
    simulated: telephonyOf(ctx).simulated,
  };
}

/** Check in to `seatNo` (leaving any other seat of yours) — one winner per seat. */
export async function takeSeatFor(ctx: AppContext, auth: AuthContext, seatNo: number) {
  await assertCallingOn(ctx);
  assertMayCall(auth);
  const now = ctx.now();
  const db = callDb(ctx.db);
  const released = await db.transaction().execute(async (trx) => {
    const current = await seatOf(trx, auth.userId);
    if (current !== null && current !== seatNo && (await liveCallOf(trx, auth.userId))) {
      throw conflict('call.busy');
    }
    const seats = await seatHoldings(trx, now);
    const seat = seats.find((s) => s.seatNo === seatNo);
    if (!seat || decideSeatTake(seat, auth.userId) === 'taken') {
      throw conflict('call.seatTaken', { seat: seatNo });
    }
    const left = await releaseSeatsOf(trx, auth.userId, seatNo);
    let won: boolean;
    try {
      won = await takeSeat(trx, seatNo, auth.userId, now);
    } catch (error) {
      // The same agent taking two seats at once: the unique holder index lets one through.
      if (isUniqueViolation(error)) throw conflict('call.seatTaken', { seat: seatNo });
      throw error;
    }
    if (!won) throw conflict('call.seatTaken', { seat: seatNo });
    return left;
  });
  const telephony = telephonyOf(ctx);
  for (const n of released) await telephony.seatLogout({ seatNo: n, agentId: auth.userId });
  await telephony.seatLogin({ seatNo, agentId: auth.userId });
  return { mySeat: seatNo };
}

/** Check out of `seatNo`; refused while a call is in progress. */
export async function releaseSeatFor(ctx: AppContext, auth: AuthContext, seatNo: number) {
  await assertCallingOn(ctx);
  assertMayCall(auth);
  const db = callDb(ctx.db);
  await db.transaction().execute(async (trx) => {
    if ((await seatOf(trx, auth.userId)) !== seatNo) {
      throw conflict('call.seatNotHeld', { seat: seatNo });
    }
    if (await liveCallOf(trx, auth.userId)) throw conflict('call.busy');
    await releaseSeatsOf(trx, auth.userId);
  });
  await telephonyOf(ctx).seatLogout({ seatNo, agentId: auth.userId });
  return { mySeat: null };
}
