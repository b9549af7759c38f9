import { type EndpointData } from '@hotline/contract';
import { authEndpoints, pushEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';
import { RequestError, sessionEnded } from '../../lib/request';

/** Joins the socket `clientId` to the caller's queue rooms. */
export function bindPush(clientId: string): Promise<EndpointData<typeof pushEndpoints.bind>> {
  return call(pushEndpoints.bind, { clientId }, { noError: true });
}

/**
 * After the server closed the push socket for an ended session: asks whether this console's
 * session still lives (one userInfo). If the server says it does not (401: disabled, ended,
 * logged out elsewhere), the console leaves for the login page at once with the server's reason
 * ("账号已停用"). An expired access token is refreshed by the request layer; a
 * failed refresh takes the same way out.
 */
export async function checkSession(): Promise<void> {
  try {
    await call(authEndpoints.userInfo, undefined, { noError: true });
  } catch (error) {
    if (error instanceof RequestError && error.code === 401 && !error.notified) {
      sessionEnded(error.message);
    }
  }
}
