import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportTokenBody, reportTokenResponse } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { AppError, badRequest } from '../../http/app-error';
import { ok } from '../../http/reply';
import { REPORT_TEMPLATES, TEMPLATE_NAMES } from './report-templates';
import { issueReportToken, REPORT_TOKEN_TTL_MS, verifyReportToken } from './report-token';

const tags = ['exports'];
const templateParams = z.object({ name: z.string().max(40) });
const templateQuery = z.object({ token: z.string().min(1).max(400) });

/** POST /report/gentoken and GET /report/template/:name (docs/api.md "Exports and reports"). */
export function reportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/report/gentoken', {
      schema: {
        tags,
        summary: 'A 5-minute token for the report templates',
        body: reportTokenBody,
        response: { 200: reportTokenResponse },
      },
      handler: async (request) => {
        const template = request.body.template ?? null;
        if (template !== null && !TEMPLATE_NAMES.includes(template)) {
          throw badRequest('report.unknownTemplate', { name: template });
        }
        const expiresAt = ctx.now().getTime() + REPORT_TOKEN_TTL_MS;
        const token = await issueReportToken(ctx.db, {
          userId: caller(request).userId,
          template,
          expiresAt,
        });
        return ok(
          {
            token,
            expiresAt: new Date(expiresAt).toISOString(),
            templates: template ? [template] : TEMPLATE_NAMES,
          },
          translate('ok', request.lang),
        );
      },
    });
    r.get('/report/template/:name', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A print or export template; `token` from report/gentoken',
        params: templateParams,
        querystring: templateQuery,
      },
      handler: async (request, reply) => {
        const claims = await verifyReportToken(ctx.db, request.query.token, ctx.now());
        if (!claims) throw new AppError(401, 'report.badToken');
        const template = REPORT_TEMPLATES.find((t) => t.name === request.params.name);
        if (!template || (claims.template !== null && claims.template !== template.name)) {
          throw new AppError(404, 'report.unknownTemplate', { name: request.params.name });
        }
        return reply
          .header('content-type', template.contentType)
          .header('cache-control', 'private, no-store')
          .send(template.body());
      },
    });
  };
}
