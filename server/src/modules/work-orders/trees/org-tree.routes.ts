import type { FastifyInstance } from 'fastify';
import { detailEndpoints, listEndpoints } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { gridTree, hostTree, unitChildren } from './org-tree.service';

export function orgTreeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, listEndpoints.hostTree, async (request) =>
    ok({ list: await hostTree(ctx.db, request.lang) }, translate('ok', request.lang)),
  );
  route(app, detailEndpoints.transferTargets, async (request) => {
    const groups = await hostTree(ctx.db, request.lang);
    const list = groups.flatMap((g) =>
      g.children.map((u) => ({ id: u.id, name: u.name, kind: u.kind })),
    );
    return ok({ list }, translate('ok', request.lang));
  });
  route(app, listEndpoints.unitChildren, async (request) =>
    ok({ list: await unitChildren(ctx.db, request.body.id) }, translate('ok', request.lang)),
  );
  route(app, detailEndpoints.gridTree, async (request) =>
    ok({ list: await gridTree(ctx.db, request.body.id) }, translate('ok', request.lang)),
  );
}
