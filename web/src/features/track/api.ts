import type { EndpointData } from '@hotline/contract';
import { trackEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

export type TrackedOrder = EndpointData<typeof trackEndpoints.track>;

/** The citizens' lookup; errors come back to the page (no toast: it shows its own). */
export function trackOrder(orderNum: string, phoneTail: string) {
  return call(trackEndpoints.track, { orderNum, phoneTail }, { noError: true });
}
