import { frameableBySelf } from '../../http/security-headers';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { intakeEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { appendFiles } from './attach.service';
import { appendFilesToCityOrder } from './city-attach.service';
import { openDownload } from './download.service';
import { contentDisposition, presentFile } from './file.presenter';
import { scheduleStorageUpkeep } from './storage-upkeep';
import { storeUpload } from './upload.service';

/** Uploads, attaching and downloads (docs/api.md "Intake and files"). */
export function fileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    scheduleStorageUpkeep(ctx, app);
    // Multipart parsing for this module's routes only; limits are set per request. An
    // oversized file is cut at the limit and refused by the service (413), not mid-stream.
    await app.register(multipart, { throwFileSizeLimit: false });

    for (const [upload, forCenter] of [
      [ep.upload, false],
      [ep.uploadForCenter, true],
    ] as const) {
      route(app, upload, async (request) => {
        const row = await storeUpload(ctx, caller(request), request, { forCenter });
        return ok(presentFile(row), translate('upload.done', request.lang));
      });
    }

    route(app, ep.fileAppend, async (request) => {
      const { id, fileIds } = request.body;
      const rows = await appendFiles(ctx, caller(request), id, fileIds);
      return ok(
        { orderId: id, files: rows.map(presentFile) },
        translate('file.attached', request.lang),
      );
    });

    route(app, ep.fileAppendUploadCity, async (request) => {
      const { id, fileIds } = request.body;
      const rows = await appendFilesToCityOrder(ctx, caller(request), id, fileIds);
      return ok(
        { orderId: id, files: rows.map(presentFile) },
        translate('file.attached', request.lang),
      );
    });

    route(app, ep.download, async (request, reply) => {
      const { file, size, stream } = await openDownload(ctx, caller(request), request.params.id);
      return (
        reply
          .header('content-type', file.mime_type)
          .header('content-length', size)
          .header('content-disposition', contentDisposition(file.file_name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          // The console previews PDFs in a frame of its own.
          .headers(frameableBySelf)
          .send(stream)
      );
    });
  };
}
