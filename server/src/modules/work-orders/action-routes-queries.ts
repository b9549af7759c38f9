import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  actionIdBody,
  handleOrgResponse,
  returnHistoryResponse,
  returnPermissionResponse,
} from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { handleOrgInfo, returnHistory, returnPermission } from './action-queries';
import { ACTION_TAGS } from './action-path';

/** Reads that belong to the actions: who hosts the order, its returns, may I return it. */
export function actionQueryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ACTION_TAGS, body: actionIdBody };
  r.post('/org/queryHandleOrgInfo', {
    schema: {
      ...schema,
      summary: 'Current host and co-hosts, and every assignment so far',
      response: { 200: handleOrgResponse },
    },
    handler: async (request) => ok(await handleOrgInfo(ctx, caller(request), request.body.id)),
  });
  r.post('/org/handleBackOrgQuery', {
    schema: {
      ...schema,
      summary: 'Return requests and decisions of the order, oldest first',
      response: { 200: returnHistoryResponse },
    },
    handler: async (request) =>
      ok({ list: await returnHistory(ctx, caller(request), request.body.id) }),
  });
  r.post('/org/returnPermission', {
    schema: {
      ...schema,
      summary: 'May the caller return (or refuse) the order now, and if not, why',
      response: { 200: returnPermissionResponse },
    },
    handler: async (request) => {
      const { refusal, ...answer } = await returnPermission(ctx, caller(request), request.body.id);
      const reason = refusal ? translate(refusal.key, request.lang, refusal.params) : '';
      return ok({ ...answer, reason });
    },
  });
}
