import { roleEndpoints } from './roles';
import { authEndpoints } from './auth';
import { callEndpoints } from './calls-endpoints';
import { configEndpoints } from './config';
import type { EndpointShape } from './endpoint';
import { exportEndpoints } from './exports';
import { intakeEndpoints } from './intake';
import { menuEndpoints } from './menu';
import { miscEndpoints } from './misc';
import { notEnabledEndpoints } from './not-enabled';
import { pushEndpoints } from './push';
import { statsEndpoints } from './stats';
import { actionEndpoints } from './work-order-action-endpoints';
import { listEndpoints } from './work-order-reads-endpoints';
import { detailEndpoints } from './work-order-reads-detail-endpoints';

/**
 * Every endpoint the server answers, by area. The server's tests check that each is registered
 * and nothing else is; the spec's path list and docs/api.md are checked against it.
 */
export const ENDPOINT_GROUPS: Record<string, Record<string, EndpointShape>> = {
  auth: authEndpoints,
  config: configEndpoints,
  menu: menuEndpoints,
  roles: roleEndpoints,
  misc: miscEndpoints,
  push: pushEndpoints,
  lists: listEndpoints,
  detail: detailEndpoints,
  actions: actionEndpoints,
  intake: intakeEndpoints,
  exports: exportEndpoints,
  stats: statsEndpoints,
  calls: callEndpoints,
  notEnabled: notEnabledEndpoints,
};

/** All declared endpoints, each once. */
export function allEndpoints(): EndpointShape[] {
  return Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group));
}
