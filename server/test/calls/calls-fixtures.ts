import { sql } from 'kysely';
import type { TelephonyCall } from '@hotline/contract';
import { simulatorOf } from '../../src/modules/calls/telephony-registry';
import { post } from '../support/api';
import type { TestApp } from '../support/test-app';

/** Shared steps of the calling tests (calls-*.test.ts). */

export const SEAT_LIST = '/api/addons/call/Callseat/getList';
export const SEAT_UPDATE = '/api/addons/call/Callseat/update';
export const DIAL = '/api/addons/call/index/dialout';
export const HANGUP = '/api/addons/call/index/hangup';
export const CALLS = '/api/addons/call/index/getList';
export const INSERT = '/api/addons/jsjb/Callout/insertCallOut';
export const RECORDS = '/api/addons/jsjb/Callout/callOutList';
export const RESULT = '/api/addons/jsjb/Callout/saveResult';
export const CLOCK = '/api/addons/jsjb/huifang/huifangClock';
export const CLOCK_STATE = '/api/addons/jsjb/huifang/clockState';
export const MONITOR = '/api/common/interface';

export interface SeatList {
  list: { seatNo: number; name: string; mine: boolean }[];
  total: number;
  mySeat: number | null;
  simulated: boolean;
}

export const takeSeat = (t: TestApp, token: string, seatNo: number) =>
  post<{ mySeat: number | null }>(t, SEAT_UPDATE, { seatNo, status: 1 }, { token });

export const seatsOf = async (t: TestApp, token: string) =>
  (await post<SeatList>(t, SEAT_LIST, {}, { token })).data;

/** Fast simulator timings for tests. */
export function fastSimulator(t: TestApp, answerAfterMs: number | null = 40) {
  simulatorOf(t.ctx).configure({
    ringAfterMs: 10,
    answerAfterMs,
    ringTimeoutMs: answerAfterMs === null ? 150 : 10_000,
    customerHangupAfterMs: null,
  });
}

/** Polls the call until `state` (the console does the same). */
export async function waitForState(
  t: TestApp,
  token: string,
  callOutId: string,
  state: TelephonyCall['state'],
): Promise<TelephonyCall> {
  for (let i = 0; i < 100; i++) {
    const res = await post<{ list: TelephonyCall[] }>(t, CALLS, { callOutId }, { token });
    const call = res.data.list[0];
    if (call?.state === state) return call;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`call ${callOutId} never reached ${state}`);
}

/** An order with a caller phone that the street user `street1` may not read. */
export async function orderOutsideStreet1(t: TestApp): Promise<{ id: number; orderNum: string }> {
  const { rows } = await sql<{ id: number; order_num: string }>`
    SELECT w.id, w.order_num FROM work_orders w
     WHERE w.caller_phone <> ''
       AND (w.host_unit_id IS NULL OR w.host_unit_id <> (SELECT unit_id FROM users WHERE username = 'street1'))
       AND NOT ((SELECT unit_id FROM users WHERE username = 'street1') = ANY (w.co_host_unit_ids))
     ORDER BY w.id LIMIT 1`.execute(t.ctx.db);
  const row = rows[0];
  if (!row) throw new Error('no suitable demo order');
  return { id: Number(row.id), orderNum: row.order_num };
}
