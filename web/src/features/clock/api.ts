import { queryOptions } from '@tanstack/react-query';
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

export interface DutyState {
  clockType: 1 | 2;
  onDuty: boolean;
  since: string | null;
}

/** POST /addons/jsjb/huifang/huifangClock; the caller shows the returned message (`msg`). */
export function postClock(payload: ClockPayload): Promise<DutyState & { msg: string }> {
  return request<DutyState & { msg: string }>('/addons/jsjb/huifang/huifangClock', {
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

/** The caller's duty state per clock type (huifang/clockState). */
export const clockStateQuery = () =>
  queryOptions({
    queryKey: ['clock', 'state'],
    queryFn: () =>
      request<{ list: DutyState[] }>('/addons/jsjb/huifang/clockState', {
        method: 'POST',
        body: {},
        noError: true,
      }),
  });
