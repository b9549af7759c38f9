import { type EndpointData } from '@hotline/contract';
import { pushEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

/** Joins the socket `clientId` to the caller's queue rooms. */
export function bindPush(clientId: string): Promise<EndpointData<typeof pushEndpoints.bind>> {
  return call(pushEndpoints.bind, { clientId }, { noError: true });
}
