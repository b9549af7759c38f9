import { queryOptions } from '@tanstack/react-query';
import { type EndpointBody, type EndpointData } from '@hotline/contract';
import { CALL_BAR_RULE, RULES } from '@hotline/domain';
import { callEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

/**
 * Clock-in payload (spec section 3): clockStatus 1 on / 0 off duty; clockType 1 call-back
 * staff, 2 dispatcher. The validated body's type, which the console sends as it is.
 */
export type ClockPayload = EndpointBody<typeof callEndpoints.clock>;

/** One clock type's duty state. */
export type DutyState = EndpointData<typeof callEndpoints.clockState>['list'][number];

/** huifang/huifangClock; the caller shows the returned message (`msg`). */
export const postClock = (payload: ClockPayload) =>
  call(callEndpoints.clock, { ...payload }, { noError: true });

/** Which clock types the rule strings allow (spec section 6). */
export function clockTypes(has: (rules: string) => boolean): (1 | 2)[] {
  const types: (1 | 2)[] = [];
  if (has(RULES.callbackClock)) types.push(1);
  if (has(RULES.dispatcherClock) || has(CALL_BAR_RULE)) types.push(2);
  return types;
}

/** The caller's duty state per clock type (huifang/clockState). */
export const clockStateQuery = () =>
  queryOptions({
    queryKey: ['clock', 'state'],
    queryFn: () => call(callEndpoints.clockState, undefined, { noError: true }),
  });
