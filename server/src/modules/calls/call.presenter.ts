import { callEndpoints, fillPath, type CallRecord, type TelephonyCall } from '@hotline/contract';
import { API_PREFIX } from '../../http/route';
import { HANGUP_PARTIES, type CallState, type HangupParty } from '@hotline/domain';
import type { CallRecordRow } from './call.tables';
import type { CallView } from './call.repository';

/** Shapes of the calling replies; the recording is named by its download URL. */

export const recordingUrl = (callOutId: string) =>
  API_PREFIX + fillPath(callEndpoints.recording.paths[0], { callOutId });

const party = (v: string | null): HangupParty | null =>
  (HANGUP_PARTIES as readonly string[]).includes(v ?? '') ? (v as HangupParty) : null;

export function talkSeconds(row: CallView, now: Date): number {
  if (!row.answered_at) return 0;
  const end = row.ended_at ?? now;
  return Math.max(0, Math.floor((end.getTime() - row.answered_at.getTime()) / 1000));
}

export function presentCall(row: CallView, now: Date, simulated: boolean): TelephonyCall {
  return {
    callOutId: row.id,
    orderId: row.order_id,
    orderNum: row.order_num,
    seatNo: row.seat_no,
    phone: row.phone,
    state: row.state as CallState,
    dialedAt: row.dialed_at.toISOString(),
    answeredAt: row.answered_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    hangupBy: party(row.hangup_by),
    hangupReason: row.hangup_reason,
    duration: talkSeconds(row, now),
    file: row.recording_path ? recordingUrl(row.id) : '',
    simulated,
  };
}

export function presentRecord(row: CallRecordRow): CallRecord {
  return {
    id: row.id,
    callOutId: row.call_out_id,
    handleId: row.handle_id,
    orderId: row.order_id,
    orderNum: row.order_num,
    callPerson: row.call_person,
    callTelphone: row.call_telphone,
    callTime: row.call_time.toISOString(),
    hangUpTime: row.hang_up_time.toISOString(),
    isConnect: row.is_connect ? 1 : 0,
    hangUpPerson: party(row.hang_up_person) ?? 'system',
    hangUpReason: row.hang_up_reason,
    callDuration: row.call_duration,
    file: row.recording_path ? recordingUrl(row.call_out_id) : '',
    result: row.result,
  };
}
