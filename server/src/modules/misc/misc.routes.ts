import type { FastifyInstance } from 'fastify';
import { miscEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { storeErrorReport } from './error-report.service';
import { searchSuggestions } from './search.service';
import { caller } from '../../http/access';

export function miscRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.search, async (request) => {
      const list = await searchSuggestions(
        ctx,
        caller(request),
        request.query.keyword,
        request.lang,
      );
      return ok({ list });
    });

    route(app, ep.errorReport, async (request) => {
      await storeErrorReport(ctx, {
        ...request.body,
        sessionId: request.auth?.sessionId ?? null,
        userId: request.auth?.userId ?? null,
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      return ok({}, translate('ok', request.lang));
    });
  };
}
