import type { FastifyInstance } from 'fastify';
import { miscEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { storeErrorReport } from './error-report.service';

export function miscRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.search, async (request) => {
      const keyword = request.query.keyword;
      let query = ctx.db
        .selectFrom('search_links')
        .select(['title', 'url'])
        .orderBy('sort')
        .orderBy('id')
        .limit(20);
      if (keyword !== '') {
        const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([eb('title', 'ilike', pattern), eb('keywords', 'ilike', pattern)]),
        );
      }
      return ok({ list: await query.execute() });
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
