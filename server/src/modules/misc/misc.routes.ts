import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReportBody, messageResponse, searchQuery, searchResponse } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/reply';

/** Error reports one session (or one address, before login) may send per minute. */
export const ERROR_REPORTS_PER_MINUTE = 20;

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
        const since = new Date(ctx.now().getTime() - 60_000);
        const sessionId = request.auth?.sessionId ?? null;
        let recent = ctx.db
          .selectFrom('error_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('created_at', '>', since);
        recent = sessionId
          ? recent.where('session_id', '=', sessionId)
          : recent.where('session_id', 'is', null).where('ip', '=', request.ip);
        const { n } = await recent.executeTakeFirstOrThrow();
        if (Number(n) >= ERROR_REPORTS_PER_MINUTE) throw new AppError(429, 'errorLog.tooMany');
        const body = request.body;
        await ctx.db
          .insertInto('error_logs')
          .values({
            session_id: sessionId,
            user_id: request.auth?.userId ?? null,
            town: body.town,
            html_url: body.html_url,
            java_url: body.java_url,
            code: String(body.code),
            msg: body.msg,
            ip: request.ip,
            user_agent: String(request.headers['user-agent'] ?? '').slice(0, 500),
            created_at: ctx.now(),
          })
          .execute();
        return ok({}, translate('ok', request.lang));
      },
    });
  };
}
