import { request } from '../../lib/request';

/** Clock-in payload (spec section 3). */
export interface ClockPayload {
  uid: number;
  userName: string;
  /** 1 on duty, 0 off duty. */
  clockStatus: 0 | 1;
  /** 1 call-back staff, 2 dispatcher. */
  clockType: 1 | 2;
}

/** POST /addons/jsjb/huifang/huifangClock; the caller shows the returned message. */
export function postClock(payload: ClockPayload): Promise<unknown> {
  return request<unknown>('/addons/jsjb/huifang/huifangClock', {
    method: 'POST',
    body: { ...payload },
    noError: true,
  });
}

/** Which clock types the rule strings allow (spec section 6). */
export function clockTypes(has: (rules: string) => boolean): (1 | 2)[] {
  const types: (1 | 2)[] = [];
  if (has('/jsjb/qu/call/bjdhf')) types.push(1);
  if (has('/jsjb/qu/dcl') || has('/jsjb/dw#/jsjb/case')) types.push(2);
  return types;
}
