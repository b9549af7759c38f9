import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { editRoutes } from './edit.routes';
import { flagRoutes } from './flags.routes';
import { handlingRoutes } from './handling.routes';
import { actionQueryRoutes } from './queries.routes';
import { reviewRoutes } from './review.routes';

/** The work-order action paths of spec section 7 under /addons/jsjb/ (table in docs/api.md). */
export function actionRoutes(app: FastifyInstance, ctx: AppContext): void {
  handlingRoutes(app, ctx);
  reviewRoutes(app, ctx);
  flagRoutes(app, ctx);
  editRoutes(app, ctx);
  actionQueryRoutes(app, ctx);
}
