import type { FastifyInstance } from 'fastify';
import { statsEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { AppError, badRequest } from '../../http/app-error';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { REPORT_TEMPLATES, TEMPLATE_NAMES } from './report-templates';
import { issueReportToken, REPORT_TOKEN_TTL_MS, verifyReportToken } from './report-token';

/** POST /report/gentoken and GET /report/template/:name (docs/api.md "Exports and reports"). */
export function reportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.reportToken, async (request) => {
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
    });
    route(app, ep.reportTemplate, async (request, reply) => {
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
    });
  };
}
