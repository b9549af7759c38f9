import { queryOptions } from '@tanstack/react-query';
import type { EndpointData } from '@hotline/contract';
import { callerHistoryEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

export type CallerHistory = EndpointData<typeof callerHistoryEndpoints.callerHistory>;

/** A number worth asking about: 5 to 30 of the characters a phone number may hold. */
export const askablePhone = (phone: string | undefined | null) =>
  !!phone && /^[0-9+\- ()]{5,30}$/.test(phone.trim());

export function callerHistoryQuery(phone: string, excludeId?: number) {
  const body = { phone: phone.trim(), ...(excludeId ? { excludeId } : {}) };
  return queryOptions({
    queryKey: ['caller-history', body],
    queryFn: ({ signal }) =>
      call(callerHistoryEndpoints.callerHistory, body, { signal, noError: true }),
    enabled: askablePhone(phone),
    staleTime: 30_000,
  });
}
