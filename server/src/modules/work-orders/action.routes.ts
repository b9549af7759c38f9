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
    await app.register(
      async (jsjb) => {
        handlingRoutes(jsjb, ctx);
        reviewRoutes(jsjb, ctx);
        flagRoutes(jsjb, ctx);
        editRoutes(jsjb, ctx);
        actionQueryRoutes(jsjb, ctx);
        lockRoutes(jsjb, ctx);
      },
      { prefix: '/addons/jsjb' },
    );
  };
}
