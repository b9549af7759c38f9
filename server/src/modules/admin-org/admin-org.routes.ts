import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** The unit tree and the problem categories (issue 17); administrators only. */
export function adminOrgRoutes(_ctx: AppContext) {
  return async (_app: FastifyInstance) => {};
}
