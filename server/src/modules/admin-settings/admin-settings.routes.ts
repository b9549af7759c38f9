import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Settings, integration keys and the audit log (issue 17); administrators only. */
export function adminSettingsRoutes(_ctx: AppContext) {
  return async (_app: FastifyInstance) => {};
}
