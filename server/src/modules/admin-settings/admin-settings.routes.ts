import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { adminSettingsEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { requestActor } from '../audit';
import { contentDisposition } from '../files/file.presenter';
import { listAuditLog, startAuditExport } from './audit-log.service';
import { createKey, listKeys, revokeKey } from './keys.service';
import { getSettings, saveSettings } from './settings.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Settings, integration keys and the audit log (issue 17); administrators only. */
export function adminSettingsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.getSettings, async () => ok(await getSettings(ctx)));
    route(app, ep.saveSettings, async (request) =>
      ok(
        await saveSettings(ctx, request.body, requestActor(request)),
        translate('ok', request.lang),
      ),
    );

    route(app, ep.listKeys, async () => ok(await listKeys(ctx)));
    route(app, ep.createKey, async (request) =>
      ok(
        await createKey(ctx, request.body.name, requestActor(request)),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.revokeKey, async (request) =>
      ok(
        await revokeKey(ctx, request.body.id, requestActor(request)),
        translate('ok', request.lang),
      ),
    );

    route(app, ep.listAudit, async (request) => ok(await listAuditLog(ctx, request.body)));
    route(app, ep.exportAudit, async (request, reply) => {
      const started = await startAuditExport(
        ctx,
        request.body,
        request.lang,
        requestActor(request),
      );
      const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
      // Errors after the first byte cannot become an envelope: the download is cut short.
      started.write(stream).then(
        () => stream.end(),
        (error: Error) => {
          request.log.warn({ err: error }, 'audit export failed');
          stream.destroy(error);
        },
      );
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(started.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-export-rows', String(started.rows))
        .send(stream);
    });
  };
}
