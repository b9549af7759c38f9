import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { adminUserEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { badRequest } from '../../http/app-error';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { requestActor } from '../audit';
import { contentDisposition } from '../files/file.presenter';
import * as service from './admin-users.service';
import * as access from './user-access.service';
import { importUsers } from './user-import.service';
import { importTemplate, TEMPLATE_FILE_NAME } from './user-import.template';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An import file of USER_IMPORT_MAX_ROWS rows is well under 1 MB; more is not a user list. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The acting administrator (access 'admin' guarantees a caller). */
function actorOf(request: FastifyRequest) {
  const auth = caller(request);
  return { ...requestActor(request), id: auth.userId };
}

/** The one file of the import request, in memory (it is small). */
async function receiveFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('upload.notMultipart');
  const part = await request.file({
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  if (!part) throw badRequest('userImport.noFile');
  // Over the limit: toBuffer throws FST_REQ_FILE_TOO_LARGE, which answers 413.
  const file = await part.toBuffer();
  if (file.length === 0) throw badRequest('userImport.empty');
  return file;
}

/** Users, one-time passwords, sessions, import (issue 17); administrators only. */
export function adminUserRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Multipart parsing for the import only (this plugin's routes); limits per request.
    await app.register(multipart);

    route(app, ep.listUsers, async (request) =>
      ok(await service.listUsers(ctx, request.body), translate('ok', request.lang)),
    );

    route(app, ep.getUser, async (request) =>
      ok(
        await service.userDetail(ctx, request.body.id, caller(request).sessionId),
        translate('ok', request.lang),
      ),
    );

    route(app, ep.createUser, async (request) => {
      const created = await service.createUser(ctx, actorOf(request), request.body);
      return ok(
        created,
        translate('adminUser.created', request.lang, { username: created.user.username }),
      );
    });

    route(app, ep.updateUser, async (request) =>
      ok(
        await service.updateUser(ctx, actorOf(request), request.body),
        translate('ok', request.lang),
      ),
    );

    route(app, ep.disableUser, async (request) =>
      ok(
        await access.setDisabled(ctx, actorOf(request), request.body.id, true),
        translate('ok', request.lang),
      ),
    );

    route(app, ep.enableUser, async (request) =>
      ok(
        await access.setDisabled(ctx, actorOf(request), request.body.id, false),
        translate('ok', request.lang),
      ),
    );

    route(app, ep.resetPassword, async (request) => {
      const oneTimePassword = await access.resetPassword(ctx, actorOf(request), request.body.id);
      return ok({ oneTimePassword }, translate('ok', request.lang));
    });

    route(app, ep.unlockUser, async (request) =>
      ok(
        await access.unlockUser(ctx, actorOf(request), request.body.id),
        translate('ok', request.lang),
      ),
    );

    route(app, ep.endSession, async (request) => {
      const actor = actorOf(request);
      await access.endSession(ctx, actor, request.body.id, request.body.sessionId);
      return ok(
        await service.userDetail(ctx, request.body.id, caller(request).sessionId),
        translate('ok', request.lang),
      );
    });

    route(app, ep.importTemplate, async (_request, reply) => {
      const file = await importTemplate(ctx.db);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-length', file.length)
        .header('content-disposition', contentDisposition(TEMPLATE_FILE_NAME))
        .header('cache-control', 'private, no-store')
        .send(file);
    });

    route(app, ep.importUsers, async (request, reply) => {
      const file = await receiveFile(request);
      const outcome = await importUsers(ctx, actorOf(request), file, request.lang);
      if (!outcome.ok) {
        // The row errors travel in `data` (the declared reply shape), with code and status 400;
        // nothing was written.
        return reply
          .status(400)
          .send({ code: 400, msg: outcome.msg, data: { created: [], errors: outcome.errors } });
      }
      return ok(
        { created: outcome.created, errors: [] },
        translate('adminUser.imported', request.lang, { count: outcome.created.length }),
      );
    });
  };
}
