import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { editRoutes } from './action-routes-edit';
import { flagRoutes } from './action-routes-flags';
import { handlingRoutes } from './action-routes-handling';
import { actionQueryRoutes } from './action-routes-queries';
import { reviewRoutes } from './action-routes-review';
import { lockRoutes } from './lock.routes';

/** The work-order action paths of spec section 7 under /addons/jsjb/ (table in docs/api.md). */
export function workOrderActionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    handlingRoutes(app, ctx);
    reviewRoutes(app, ctx);
    flagRoutes(app, ctx);
    editRoutes(app, ctx);
    actionQueryRoutes(app, ctx);
    lockRoutes(app, ctx);
  };
}
