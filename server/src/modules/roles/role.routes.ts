import type { FastifyInstance } from 'fastify';
import { roleEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { requestActor } from '../audit';
import * as service from './role.service';

/** Roles and their rule strings (spec "Auth admin"); administrators only. */
export function roleRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.listGroups, async (request) => {
      const { pageNo, pageSize } = request.body;
      return ok(await service.listGroups(ctx.db, (pageNo - 1) * pageSize, pageSize));
    });
    route(app, ep.createGroup, async (request) =>
      ok(
        await service.createGroup(ctx, requestActor(request), request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.updateGroup, async (request) =>
      ok(
        await service.updateGroup(ctx, requestActor(request), request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.deleteGroup, async (request) => {
      await service.deleteGroup(ctx, requestActor(request), request.body.id);
      return ok({}, translate('ok', request.lang));
    });
    route(app, ep.setUserGroups, async (request) => {
      const { userIds, groupIds } = request.body;
      const updated = await service.setUserGroups(ctx, requestActor(request), userIds, groupIds);
      return ok({ updated }, translate('ok', request.lang));
    });
  };
}
