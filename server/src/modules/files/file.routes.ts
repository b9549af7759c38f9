import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fileAppendBody,
  fileAppendResponse,
  fileIdParams,
  uploadResponse,
} from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { appendFiles } from './attach.service';
import { openDownload } from './download.service';
import { contentDisposition, presentFile } from './file.presenter';
import { storeUpload } from './upload.service';

const tags = ['files'];
const MULTIPART_NOTE =
  'multipart/form-data: `file` (one file, at most 20 MB), optional `orderId`, `fileAuthType` (1 or 2).';

/** Uploads, attaching and downloads (docs/api.md "Intake and files"). */
export function fileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Multipart parsing for this module's routes only; limits are set per request. An
    // oversized file is cut at the limit and refused by the service (413), not mid-stream.
    await app.register(multipart, { throwFileSizeLimit: false });
    const r = app.withTypeProvider<ZodTypeProvider>();

    const uploads = [
      { url: '/file/pUpload', summary: 'Upload a file', forCenter: false },
      {
        url: '/addons/jsjb/file/uploadForCenter',
        summary: 'Upload a file (district-centre staff)',
        forCenter: true,
      },
    ];
    for (const { url, summary, forCenter } of uploads) {
      r.post(url, {
        schema: { tags, summary, description: MULTIPART_NOTE, response: { 200: uploadResponse } },
        handler: async (request) => {
          const row = await storeUpload(ctx, caller(request), request, { forCenter });
          return ok(presentFile(row), translate('upload.done', request.lang));
        },
      });
    }

    r.post('/addons/jsjb/Lists/fileAppend', {
      schema: {
        tags,
        summary: 'Attach uploaded files to a work order',
        body: fileAppendBody,
        response: { 200: fileAppendResponse },
      },
      handler: async (request) => {
        const { id, fileIds } = request.body;
        const rows = await appendFiles(ctx, caller(request), id, fileIds);
        return ok(
          { orderId: id, files: rows.map(presentFile) },
          translate('file.attached', request.lang),
        );
      },
    });

    r.get('/file/download/:id', {
      schema: { tags, summary: 'Download a file the caller may read', params: fileIdParams },
      handler: async (request, reply) => {
        const { file, size, stream } = await openDownload(ctx, caller(request), request.params.id);
        return reply
          .header('content-type', file.mime_type)
          .header('content-length', size)
          .header('content-disposition', contentDisposition(file.file_name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    });
  };
}
