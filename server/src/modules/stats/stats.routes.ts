import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { kanbanBody, kanbanResponse } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { contentDisposition } from '../files/file.presenter';
import { writeKanbanXlsx } from './kanban-xlsx';
import { kanban } from './stats.service';

/** The assessment board (spec section 7 `kanban`; docs/api.md "Exports and reports"). */
export function statsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/addons/jsjb/export/kanban', {
      schema: {
        tags: ['exports'],
        summary:
          'Assessment board: per host unit volumes, on-time rates, 10/50/40 score, two rankings',
        body: kanbanBody,
        response: { 200: kanbanResponse },
      },
      handler: async (request) =>
        ok(await kanban(ctx, caller(request), request.body), translate('ok', request.lang)),
    });
    r.post('/addons/jsjb/export/kanbanExcel', {
      schema: {
        tags: ['exports'],
        summary: 'The assessment ranking table of kanban (same body) as XLSX',
        body: kanbanBody,
      },
      handler: async (request, reply) => {
        const data = await kanban(ctx, caller(request), request.body);
        const stream = new PassThrough();
        writeKanbanXlsx(data, request.lang, stream).then(
          () => stream.end(),
          (error: Error) => stream.destroy(error),
        );
        const name = `${request.lang === 'en' ? 'assessment' : '考核排名'}-${data.period.label.replace(/ ~ /, '_')}.xlsx`;
        return reply
          .header(
            'content-type',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .header('content-disposition', contentDisposition(name))
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    });
  };
}
