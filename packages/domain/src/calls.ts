import type { Lang } from './codes';
import { hasRule } from './permission';
import { RULES } from './org';
import { CALLOUT_RULE } from './admin/permissions';

/**
 * Outbound calling (spec sections 2, 3, 6 and 9): seats, who sees the call bar and the
 * clock-in types, the telephony call states, and the rules a call record must satisfy.
 * Pure: the server and the console apply the same rules.
 */

/** Spec section 9: the call agent list has 12 seats. */
export const SEAT_COUNT = 12;
export const SEAT_NUMBERS: readonly number[] = Array.from({ length: SEAT_COUNT }, (_, i) => i + 1);

export const isSeatNo = (n: number) => Number.isInteger(n) && n >= 1 && n <= SEAT_COUNT;

/** One seat as the server knows it: who holds it and whether that agent is still logged in. */
export interface SeatHolding {
  seatNo: number;
  holderId: number | null;
  /** The holder has a live session; a seat held by a logged-out agent counts as free. */
  holderLoggedIn: boolean;
}

export type SeatOwnership = 'free' | 'mine' | 'taken';

export function seatOwnership(seat: SeatHolding, userId: number): SeatOwnership {
  if (seat.holderId === null || !seat.holderLoggedIn) return 'free';
  return seat.holderId === userId ? 'mine' : 'taken';
}

/**
 * Callseat/getList: the seats offered to this agent — the free ones and the agent's own;
 * seats taken by other logged-in agents are not offered (spec section 9). In seat order.
 */
export function offeredSeats(
  seats: readonly SeatHolding[],
  userId: number,
): { seatNo: number; mine: boolean }[] {
  return [...seats]
    .filter((s) => isSeatNo(s.seatNo) && seatOwnership(s, userId) !== 'taken')
    .sort((a, b) => a.seatNo - b.seatNo)
    .map((s) => ({ seatNo: s.seatNo, mine: seatOwnership(s, userId) === 'mine' }));
}

/** The outcome of asking for a seat; the database applies it atomically (one winner). */
export type SeatTakeResult = 'take' | 'already-mine' | 'taken';

export function decideSeatTake(seat: SeatHolding, userId: number): SeatTakeResult {
  const own = seatOwnership(seat, userId);
  if (own === 'mine') return 'already-mine';
  return own === 'free' ? 'take' : 'taken';
}

/** Web config switches that turn outbound calling on (either one). */
export const callingEnabled = (config: Readonly<Record<string, string | undefined>>) =>
  config.is_waihu === '1' || config.is_heyi_waihu === '1';

/** The rule the call bar needs (spec section 6). */
export const CALL_BAR_RULE = `${RULES.districtQuery}#${RULES.case}#${CALLOUT_RULE}`;

export interface CallerRights {
  admin: boolean;
  rules: readonly string[];
}

/** Who may take a seat and dial: the call-bar rule (admins hold everything). */
export const mayCall = (who: CallerRights) => who.admin || hasRule(who.rules, CALL_BAR_RULE);

/** Clock-in types: 1 call-back staff, 2 dispatcher (spec sections 3 and 6). */
export type ClockType = 1 | 2;

export function clockTypesOf(who: CallerRights): ClockType[] {
  const types: ClockType[] = [];
  if (who.admin || hasRule(who.rules, RULES.callbackClock)) types.push(1);
  if (who.admin || hasRule(who.rules, `${RULES.dispatcherClock}#${CALL_BAR_RULE}`)) types.push(2);
  return types;
}

/** Telephony call states and the events that move them. */
export const CALL_STATES = ['dialing', 'ringing', 'answered', 'ended'] as const;
export type CallState = (typeof CALL_STATES)[number];
export type CallEvent = 'ring' | 'answer' | 'hangup';

/** Who ended a call. */
export const HANGUP_PARTIES = ['agent', 'customer', 'system'] as const;
export type HangupParty = (typeof HANGUP_PARTIES)[number];

/** The next state, or null when the event does not apply (a late timer after a hang-up). */
export function nextCallState(state: CallState, event: CallEvent): CallState | null {
  if (state === 'ended') return null;
  if (event === 'hangup') return 'ended';
  if (event === 'ring') return state === 'dialing' ? 'ringing' : null;
  return state === 'ringing' ? 'answered' : null;
}

/** Mainland mobile or a fixed line with area code (the intake form's rule). */
export const CALL_PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

/** A call record as the console sends it (Callout/insertCallOut), already typed. */
export interface CallRecordInput {
  callTelphone: string;
  callTime: Date;
  hangUpTime: Date;
  isConnect: 0 | 1;
  hangUpPerson: HangupParty;
  hangUpReason: string;
  /** Talk time in whole seconds (0 when not connected). */
  callDuration: number;
  /** The recording's reference ('' when there is none). */
  file: string;
}

export type CallRecordProblem =
  | 'call.phoneInvalid'
  | 'call.hangUpBeforeCall'
  | 'call.inFuture'
  | 'call.durationTooLong'
  | 'call.notConnectedDuration'
  | 'call.notConnectedFile';

/** Clock tolerance between the console and the server, for "not in the future". */
export const CALL_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The rules of a call record: a dialable number, the hang-up not before the call, neither in
 * the future, a talk time that fits between the two, and no talk time or recording for a
 * call that never connected. Returns the problems by field (empty when the record is sound).
 */
export function callRecordProblems(
  r: CallRecordInput,
  now: Date,
): { field: keyof CallRecordInput; problem: CallRecordProblem }[] {
  const out: { field: keyof CallRecordInput; problem: CallRecordProblem }[] = [];
  if (!CALL_PHONE_PATTERN.test(r.callTelphone)) {
    out.push({ field: 'callTelphone', problem: 'call.phoneInvalid' });
  }
  const latest = now.getTime() + CALL_CLOCK_SKEW_MS;
  if (r.callTime.getTime() > latest) out.push({ field: 'callTime', problem: 'call.inFuture' });
  if (r.hangUpTime.getTime() > latest) out.push({ field: 'hangUpTime', problem: 'call.inFuture' });
  const spanMs = r.hangUpTime.getTime() - r.callTime.getTime();
  if (spanMs < 0) out.push({ field: 'hangUpTime', problem: 'call.hangUpBeforeCall' });
  else if (r.callDuration * 1000 > spanMs + 1000) {
    out.push({ field: 'callDuration', problem: 'call.durationTooLong' });
  }
  if (r.isConnect === 0 && r.callDuration > 0) {
    out.push({ field: 'callDuration', problem: 'call.notConnectedDuration' });
  }
  if (r.isConnect === 0 && r.file !== '') {
    out.push({ field: 'file', problem: 'call.notConnectedFile' });
  }
  return out;
}

/** The outbound-call result form: the handling result is required (spec section 5). */
export const callResultMissing = (text: string | null | undefined) => (text ?? '').trim() === '';

/** Talk time as m:ss or h:mm:ss (call bar, record lists). */
export function formatCallDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Server messages of the calling feature, in both languages. */
export const CALL_MESSAGES = {
  'call.disabled': {
    zh: '外呼功能未启用',
    en: 'outbound calling is not enabled',
  },
  'call.notAllowed': { zh: '您没有外呼权限', en: 'you may not make outbound calls' },
  'call.seatTaken': {
    zh: '坐席 {seat} 已被其他话务员占用',
    en: 'seat {seat} is taken by another agent',
  },
  'call.seatNotHeld': { zh: '您未占用坐席 {seat}', en: 'you do not hold seat {seat}' },
  'call.seatRequired': { zh: '请先签入坐席', en: 'check in to a seat first' },
  'call.seatTakenOk': { zh: '已签入坐席 {seat}', en: 'checked in to seat {seat}' },
  'call.seatReleasedOk': { zh: '已签出坐席 {seat}', en: 'checked out of seat {seat}' },
  'call.busy': {
    zh: '当前已有通话，请先挂断',
    en: 'a call is already in progress; hang up first',
  },
  'call.noPhone': { zh: '该工单没有来电号码', en: 'this order has no caller phone' },
  'call.notFound': { zh: '通话不存在', en: 'no such call' },
  'call.alreadyLogged': { zh: '该通话已记录', en: 'this call is already recorded' },
  'call.orderMismatch': {
    zh: '通话记录与拨号时的工单不一致',
    en: 'the record names another order than the call was made for',
  },
  'call.fileMismatch': {
    zh: '录音文件与通话不一致',
    en: 'the recording does not belong to this call',
  },
  'call.phoneMismatch': {
    zh: '号码与拨出的号码不一致',
    en: 'the number differs from the number dialled',
  },
  'call.phoneInvalid': { zh: '电话号码格式不正确', en: 'not a valid phone number' },
  'call.hangUpBeforeCall': {
    zh: '挂断时间不能早于呼叫时间',
    en: 'the hang-up cannot be before the call',
  },
  'call.inFuture': { zh: '时间不能晚于当前时间', en: 'the time cannot be in the future' },
  'call.durationTooLong': {
    zh: '通话时长超过呼叫到挂断的时间',
    en: 'the talk time is longer than the call',
  },
  'call.notConnectedDuration': {
    zh: '未接通的通话不能有通话时长',
    en: 'a call that did not connect has no talk time',
  },
  'call.notConnectedFile': {
    zh: '未接通的通话没有录音',
    en: 'a call that did not connect has no recording',
  },
  'call.resultRequired': { zh: '请填写处理结果', en: 'please fill in the handling result' },
  'call.logged': { zh: '通话记录已保存', en: 'call record saved' },
  'call.resultSaved': { zh: '处理结果已保存', en: 'handling result saved' },
  'call.noRecording': { zh: '该通话没有录音', en: 'this call has no recording' },
  'call.hungUp': { zh: '已挂断', en: 'hung up' },
  'call.dialling': { zh: '正在呼叫 {phone}', en: 'calling {phone}' },
  'clock.typeNotAllowed': {
    zh: '您没有该类型的签到权限',
    en: 'you may not clock in as this type',
  },
  'clock.notYou': { zh: '只能为自己签到签退', en: 'you can only clock yourself in or out' },
  'clock.onDuty': { zh: '签到成功，当前在岗', en: 'clocked in: you are on duty' },
  'clock.offDuty': { zh: '签退成功，当前离岗', en: 'clocked out: you are off duty' },
  'clock.alreadyOn': { zh: '您已在岗', en: 'you are already on duty' },
  'clock.alreadyOff': { zh: '您当前不在岗', en: 'you are already off duty' },
  'monitor.notAllowed': {
    zh: '您没有坐席监控权限',
    en: 'you may not view the agent monitor',
  },
} as const satisfies Record<string, Record<Lang, string>>;
