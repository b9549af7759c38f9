import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReportBody, messageResponse, searchQuery, searchResponse } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { storeErrorReport } from './error-report.service';

export function miscRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/search/getList', {
      schema: {
        tags: ['config'],
        summary: 'Search suggestions',
        querystring: searchQuery,
        response: { 200: searchResponse },
      },
      handler: async (request) => {
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
      },
    });

    r.post('/addons/jsjb/view/index', {
      config: { access: 'optional' },
      schema: {
        tags: ['error log'],
        summary: 'Store a client error report',
        body: errorReportBody,
        response: { 200: messageResponse },
      },
      handler: async (request) => {
        await storeErrorReport(ctx, {
          ...request.body,
          sessionId: request.auth?.sessionId ?? null,
          userId: request.auth?.userId ?? null,
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        });
        return ok({}, translate('ok', request.lang));
      },
    });
  };
}
