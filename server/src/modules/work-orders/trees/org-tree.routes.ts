import type { FastifyInstance } from 'fastify';
import { detailEndpoints, listEndpoints, pickerTreeBody } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { parseOrThrow } from '../../../http/validation';
import { gridTree, hostTree, unitChildren } from './org-tree.service';

export function orgTreeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, listEndpoints.hostTree, async (request) => {
    // `all: 1` (the list filter): disabled units too. Parsed here as well as by the route, so
    // the flag works whether or not the declaration names the body.
    const body = parseOrThrow(pickerTreeBody, request.body);
    const list = await hostTree(ctx.db, request.lang, { withDisabled: body?.all === true });
    return ok({ list }, translate('ok', request.lang));
  });
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
