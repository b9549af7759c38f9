import type { FastifyInstance } from 'fastify';
import { trackEndpoints as ep } from '@hotline/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { trackOrder } from './track.service';

/** POST /api/public/track (docs/api.md "Status lookup"). */
export function trackRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.track, async (request) => ok(await trackOrder(ctx, request.body, request.lang)));
  };
}
