import type { FastifyInstance } from 'fastify';
import { actionEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { caller } from '../../../http/access';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { handleOrgInfo, returnHistory, returnPermission } from './action-queries';

/** Reads that belong to the actions: who hosts the order, its returns, may I return it. */
export function actionQueryRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ep.handleOrgInfo, async (request) =>
    ok(await handleOrgInfo(ctx, caller(request), request.body.id)),
  );
  route(app, ep.returnHistory, async (request) =>
    ok({ list: await returnHistory(ctx, caller(request), request.body.id) }),
  );
  route(app, ep.returnPermission, async (request) => {
    const { refusal, ...answer } = await returnPermission(ctx, caller(request), request.body.id);
    const reason = refusal ? translate(refusal.key, request.lang, refusal.params) : '';
    return ok({ ...answer, reason });
  });
}
