import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { exportEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { requestActor } from '../audit';
import { contentDisposition } from '../files/file.presenter';
import { initCsv, openCsv } from './csv-job';
import { scheduleExportSweep } from './export-jobs';
import { presentRecord } from './export.presenter';
import * as repo from './export.repository';
import type { ExportGate, Release } from './export-gate';
import { startXlsx, writeXlsx } from './export.service';
import { printData, writeWord } from './word.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Exports, print data and the export history (docs/api.md "Exports and reports"). */
export function exportRoutes(ctx: AppContext, gate: ExportGate) {
  return async (app: FastifyInstance) => {
    scheduleExportSweep(
      ctx,
      {
        onReady: (fn) => app.addHook('onReady', fn),
        onClose: (fn) => app.addHook('onClose', fn),
      },
      app.log,
    );

    route(app, ep.exportExcel, async (request, reply) => {
      const auth = caller(request);
      // The client going away while it waits for a slot takes it out of the queue.
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      let release: Release = () => {};
      let started;
      try {
        started = await startXlsx(
          ctx,
          auth,
          request.body,
          request.lang,
          requestActor(request),
          async () => {
            release = await gate.enter(auth.userId, gone.signal);
          },
        );
      } catch (error) {
        release();
        throw error;
      }
      const { id, prepared, fileName } = started;
      // A 1 MiB buffer between the writer and the socket: with the default 16 KiB the writer
      // waits on the socket every few rows instead of overlapping with it.
      const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
      // Errors after the first byte cannot become an envelope: the download is cut short and
      // the history row says failed.
      writeXlsx(ctx, id, prepared, stream)
        .then(
          () => stream.end(),
          (error: Error) => {
            request.log.warn({ err: error, exportId: id }, 'xlsx export failed');
            stream.destroy(error);
          },
        )
        .finally(release);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .header('x-export-id', String(id))
        .header('x-export-rows', String(prepared.total))
        .header('x-export-masked', prepared.env.fullPhones ? '0' : '1')
        .send(stream);
    });

    route(app, ep.initCsv, async (request) => {
      const id = await initCsv(
        ctx,
        caller(request),
        request.body,
        request.lang,
        requestActor(request),
      );
      const row = await repo.findRecord(ctx.db, id);
      if (!row) throw new AppError(404, 'export.jobNotFound');
      return ok({ job: presentRecord(row) }, translate('ok', request.lang));
    });

    route(app, ep.exportCsv, async (request, reply) => {
      const { job, size, stream } = await openCsv(ctx, caller(request), request.query.jobId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-length', size)
        .header('content-disposition', contentDisposition(job.file_name ?? `export-${job.id}.csv`))
        .header('cache-control', 'private, no-store')
        .header('x-export-masked', job.masked ? '1' : '0')
        .send(stream);
    });

    route(app, ep.queryExportInfo, async (request) => {
      const auth = caller(request);
      const b = request.body;
      if (b.jobId !== undefined) {
        const row = await repo.findRecord(ctx.db, b.jobId);
        if (!row || (row.user_id !== auth.userId && !auth.acl.admin)) {
          throw new AppError(404, 'export.jobNotFound');
        }
        return ok({ job: presentRecord(row) }, translate('ok', request.lang));
      }
      const everyone = b.all === true && auth.acl.admin;
      const { rows, total } = await repo.listRecords(ctx.db, everyone ? null : auth.userId, {
        limit: b.pageSize,
        offset: (b.pageNo - 1) * b.pageSize,
      });
      return ok(
        { list: rows.map(presentRecord), totalCount: total },
        translate('ok', request.lang),
      );
    });

    route(app, ep.exportWord, async (request, reply) => {
      const ids = request.body.ids ?? [request.body.id!];
      const { buffer, fileName, masked } = await writeWord(
        ctx,
        caller(request),
        ids,
        request.lang,
        requestActor(request),
      );
      return reply
        .header('content-type', DOCX_TYPE)
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .header('x-export-masked', masked ? '1' : '0')
        .send(buffer);
    });

    route(app, ep.getOrder, async (request) =>
      ok(await printData(ctx, caller(request), request.body.id), translate('ok', request.lang)),
    );
  };
}
