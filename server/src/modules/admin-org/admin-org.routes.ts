import type { FastifyInstance } from 'fastify';
import { adminOrgEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { requestActor } from '../audit';
import * as categories from './category.service';
import * as units from './unit.service';

/** The unit tree and the problem categories (issue 17); administrators only. */
export function adminOrgRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.listUnits, async (request) =>
      ok({ list: await units.listUnits(ctx.db) }, translate('ok', request.lang)),
    );
    route(app, ep.createUnit, async (request) =>
      ok(
        await units.createUnit(ctx, requestActor(request), request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.updateUnit, async (request) =>
      ok(
        await units.updateUnit(ctx, requestActor(request), request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.moveUnit, async (request) =>
      ok(
        await units.moveUnit(ctx, requestActor(request), request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.disableUnit, async (request) =>
      ok(
        await units.disableUnit(ctx, requestActor(request), request.body.id),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.enableUnit, async (request) =>
      ok(
        await units.enableUnit(ctx, requestActor(request), request.body.id),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.deleteUnit, async (request) => {
      await units.deleteUnit(ctx, requestActor(request), request.body.id);
      return ok({ id: request.body.id }, translate('ok', request.lang));
    });

    route(app, ep.listCategories, async (request) =>
      ok({ list: await categories.listCategories(ctx.db) }, translate('ok', request.lang)),
    );
    route(app, ep.createCategory, async (request) =>
      ok(
        await categories.createCategory(ctx, requestActor(request), request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.updateCategory, async (request) =>
      ok(
        await categories.updateCategory(ctx, requestActor(request), request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.moveCategory, async (request) =>
      ok(
        await categories.moveCategory(ctx, requestActor(request), request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.disableCategory, async (request) =>
      ok(
        await categories.disableCategory(ctx, requestActor(request), request.body.id),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.enableCategory, async (request) =>
      ok(
        await categories.enableCategory(ctx, requestActor(request), request.body.id),
        translate('ok', request.lang),
      ),
    );
  };
}
