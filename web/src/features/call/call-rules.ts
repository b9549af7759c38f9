import type { CallRecordInput } from '@hotline/domain';
import type { callEndpoints, EndpointInput, TelephonyCall } from '@hotline/contract';

/** Pure rules of the call bar (unit-tested in web/test/call-rules.test.ts). */

/** Spec section 2: the sign-in button reappears 5 s after sign-out. */
export const SIGN_IN_DELAY_MS = 5_000;

/** Whole seconds until the sign-in button shows again (0: it shows). */
export function signInWait(signedOutAt: number | null, now: number): number {
  if (signedOutAt === null) return 0;
  const left = signedOutAt + SIGN_IN_DELAY_MS - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

export const isLive = (call: Pick<TelephonyCall, 'state'> | null | undefined) =>
  !!call && call.state !== 'ended';

/** Talk time shown live: from the answer to now while in call, the final figure once ended. */
export function liveSeconds(call: TelephonyCall, now: number): number {
  if (!call.answeredAt) return 0;
  if (call.state === 'ended') return call.duration;
  return Math.max(0, Math.floor((now - Date.parse(call.answeredAt)) / 1000));
}

/** The Callout/insertCallOut body for a call that ended (spec section 3, call record). */
export function callRecordBody(
  call: TelephonyCall,
  agent: { realname: string },
  handleId?: number,
): EndpointInput<typeof callEndpoints.insertCallOut> &
  Partial<Omit<CallRecordInput, 'callTime' | 'hangUpTime'>> {
  return {
    callOutId: call.callOutId,
    ...(handleId !== undefined ? { handleId } : {}),
    orderId: call.orderId,
    orderNum: call.orderNum,
    callPerson: agent.realname,
    callTelphone: call.phone,
    callTime: call.dialedAt,
    hangUpTime: call.endedAt ?? new Date().toISOString(),
    isConnect: call.answeredAt ? 1 : 0,
    hangUpPerson: call.hangupBy ?? 'system',
    hangUpReason: call.hangupReason ?? '',
    callDuration: call.answeredAt ? call.duration : 0,
    file: call.answeredAt ? call.file : '',
  };
}

/** Message types between the console and the call-window frame. */
export const WINDOW_LOADED = 'hotline:call-window:loaded';
export const WINDOW_INIT = 'hotline:call-window:init';
export const WINDOW_READY = 'hotline:call-window:ready';

/**
 * A message from the call-window frame is trusted only when it comes from our own origin and
 * from that frame's window (not another frame or a popup on the same origin).
 */
export function isFrameMessage(
  event: { origin: string; source: unknown; data: unknown },
  ownOrigin: string,
  frameWindow: unknown,
  type: string,
): boolean {
  if (event.origin !== ownOrigin || !frameWindow || event.source !== frameWindow) return false;
  const data = event.data as { type?: unknown } | null;
  return typeof data === 'object' && data !== null && data.type === type;
}
