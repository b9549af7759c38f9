import type { FastifyInstance } from 'fastify';
import { listViewEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import * as service from './list-views.service';

/** Saved list views (我的查询): every signed-in user, their own only. */
export function listViewRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.listViews, async (request) =>
      ok(await service.listViews(ctx, caller(request).userId, request.body.key)),
    );
    route(app, ep.saveListView, async (request) =>
      ok(
        await service.saveView(ctx, caller(request).userId, request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.deleteListView, async (request) =>
      ok(
        await service.deleteView(ctx, caller(request).userId, request.body),
        translate('ok', request.lang),
      ),
    );
  };
}
