import type { FastifyInstance } from 'fastify';
import { phraseEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import * as service from './phrase.service';

/** Common phrases (常用语): every signed-in user; row scope in the service. */
export function phraseRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.listPhrases, async (request) =>
      ok(await service.listPhrases(ctx, caller(request), request.body)),
    );
    route(app, ep.createPhrase, async (request) =>
      ok(
        await service.createPhrase(ctx, caller(request), request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.updatePhrase, async (request) =>
      ok(
        await service.updatePhrase(ctx, caller(request), request.body),
        translate('ok', request.lang),
      ),
    );
    route(app, ep.deletePhrase, async (request) =>
      ok(
        await service.deletePhrase(ctx, caller(request), request.body.id),
        translate('ok', request.lang),
      ),
    );
  };
}
