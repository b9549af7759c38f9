import type { FastifyInstance } from 'fastify';
import { accountEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { requestActor } from '../audit';
import { changeOwnPassword, passwordPolicy } from './account.service';

/** The signed-in user's own password (both open before a forced change is made). */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ep.passwordPolicy, async () => ok(await passwordPolicy(ctx)));

  route(app, ep.changePassword, async (request) => {
    await changeOwnPassword(ctx, caller(request), request.body, requestActor(request));
    return ok({}, translate('ok', request.lang));
  });
}
