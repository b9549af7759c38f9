import type { FastifyInstance } from 'fastify';
import { workCalendarEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { requestActor } from '../audit';
import * as service from './calendar.service';

/** The working-day calendar (工作日历, issue 21); administrators only. */
export function workCalendarRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.listCalendarYears, async () => ok(await service.listYears(ctx)));
    route(app, ep.getCalendarYear, async (request) =>
      ok(await service.getYear(ctx, request.body.year)),
    );
    route(app, ep.setCalendarDay, async (request) =>
      ok(
        await service.setDay(ctx, request.body, requestActor(request)),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.setCalendarProvisional, async (request) =>
      ok(
        await service.setProvisional(ctx, request.body, requestActor(request)),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.importCalendarYear, async (request) =>
      ok(
        await service.importYear(ctx, request.body, requestActor(request)),
        translate('ok', request.lang),
      ),
    );
  };
}
