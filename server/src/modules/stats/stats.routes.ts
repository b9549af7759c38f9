import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { statsEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { requestActor } from '../audit';
import { auditExportStart } from '../exports/export-audit';
import { contentDisposition } from '../files/file.presenter';
import { writeKanbanXlsx } from './kanban-xlsx';
import { kanban } from './stats.service';

/** The assessment board (spec section 7 `kanban`; docs/api.md "Exports and reports"). */
export function statsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.kanban, async (request) =>
      ok(await kanban(ctx, caller(request), request.body), translate('ok', request.lang)),
    );
    route(app, ep.kanbanExcel, async (request, reply) => {
      const data = await kanban(ctx, caller(request), request.body);
      const name = `${request.lang === 'en' ? 'assessment' : '考核排名'}-${data.period.label.replace(/ ~ /, '_')}.xlsx`;
      await auditExportStart(ctx.db, requestActor(request), {
        export: 'kanban',
        format: 'xlsx',
        rows: data.units.length,
        fileName: name,
        filter: { ...request.body },
      });
      const stream = new PassThrough();
      writeKanbanXlsx(data, request.lang, stream).then(
        () => stream.end(),
        (error: Error) => stream.destroy(error),
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'private, no-store')
        .send(stream);
    });
  };
}
