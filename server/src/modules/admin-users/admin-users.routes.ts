import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Users, one-time passwords, sessions, import (issue 17); administrators only. */
export function adminUserRoutes(_ctx: AppContext) {
  return async (_app: FastifyInstance) => {};
}
