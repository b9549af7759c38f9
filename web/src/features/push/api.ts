import { listEndpoints, pushEndpoints, type EndpointData } from '@hotline/contract';
import { call } from '../../lib/api-client';

/** Joins the socket `clientId` to the caller's queue rooms. */
export function bindPush(clientId: string): Promise<EndpointData<typeof pushEndpoints.bind>> {
  return call(pushEndpoints.bind, { clientId }, { noError: true });
}

/** lists/counts: every queue count of the caller's menu in one call (re-read on (re)connect). */
export async function fetchCounts(): Promise<Record<string, number>> {
  const data = await call(listEndpoints.counts, {}, { noError: true });
  return data.counts;
}
