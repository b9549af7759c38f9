import type { FastifyInstance } from 'fastify';
import { configEndpoints as ep } from '@hotline/contract';
import { translate, type Lang } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { route, type EndpointRequest } from '../../http/route';
import { requestActor } from '../audit';
import * as repo from './config.repository';
import { presentConfigEntry } from './config.presenter';
import * as service from './config.service';

type ListEndpoint = typeof ep.list | typeof ep.webList;

export function configRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // getConfig/getConfigList: signed-in users; non-admins see the public (web) entries only.
    // getWebConfig/getWebConfigList: public entries, no login needed (the login page reads them).
    const list = (webOnly: boolean) => async (request: EndpointRequest<ListEndpoint>) => {
      const { group, pageNo, pageSize } = request.body;
      const publicOnly = webOnly || !request.auth?.acl.admin;
      const { rows, total } = await repo.listEntries(ctx.db, {
        group,
        publicOnly,
        offset: (pageNo - 1) * pageSize,
        limit: pageSize,
      });
      return ok({ lists: rows.map(presentConfigEntry), total, pageNo, pageSize });
    };
    route(app, ep.list, list(false));
    route(app, ep.webList, list(true));

    const done = (lang: Lang) => translate('ok', lang);

    route(app, ep.groups, async () => {
      const groups = await repo.listGroups(ctx.db);
      return ok({ list: groups.map((g) => ({ ...g, entries: Number(g.entries ?? 0) })) });
    });
    route(app, ep.addGroup, async (request) => {
      await service.addGroup(ctx, request.body);
      return ok({}, done(request.lang));
    });
    route(app, ep.saveGroup, async (request) => {
      await service.saveGroup(ctx, request.body);
      return ok({}, done(request.lang));
    });
    route(app, ep.deleteGroup, async (request) => {
      await service.deleteGroup(ctx, request.body.name);
      return ok({}, done(request.lang));
    });
    route(app, ep.addEntry, async (request) =>
      ok(
        presentConfigEntry(await service.addEntry(ctx, request.body, requestActor(request))),
        done(request.lang),
      ),
    );
    route(app, ep.saveEntry, async (request) =>
      ok(
        presentConfigEntry(await service.saveEntry(ctx, request.body, requestActor(request))),
        done(request.lang),
      ),
    );
    route(app, ep.deleteEntry, async (request) => {
      await service.deleteEntry(ctx, request.body.id, requestActor(request));
      return ok({}, done(request.lang));
    });
  };
}
