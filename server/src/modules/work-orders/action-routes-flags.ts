import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  batchSuperviseBody,
  batchSuperviseResponse,
  commentBody,
  exclusionBody,
  extensionBody,
  keyAppealBody,
  mergeBody,
} from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { superviseMany } from './action-batch';
import { ACTION_TAGS, actionPath } from './action-path';

/** Supervision, key appeals, merging, and the requests that need approval. */
export function flagRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, {
    urls: ['/Cy/supervision'],
    summary: 'Supervise (督办) an open order',
    body: commentBody,
    request: (b) => ({ action: 'supervise', input: { comment: b.comment } }),
  });
  app.withTypeProvider<ZodTypeProvider>().post('/Cy/batchSupervision', {
    schema: {
      tags: ACTION_TAGS,
      summary: 'Supervise several orders, one transaction each; answers per-id outcomes',
      body: batchSuperviseBody,
      response: { 200: batchSuperviseResponse },
    },
    handler: async (request) => {
      const { ids, comment } = request.body;
      const { succeeded, refused } = await superviseMany(ctx, caller(request), ids, comment);
      const lang = request.lang;
      return ok(
        {
          succeeded,
          refused: refused.map((r) => ({
            id: r.id,
            code: r.code,
            msg: translate(r.key, lang, r.params),
          })),
        },
        translate('ok', lang),
      );
    },
  });
  actionPath(app, ctx, {
    urls: ['/handleImportantAppeal'],
    summary: 'Mark (on 1) or unmark (on 0) an open order as a key appeal',
    body: keyAppealBody,
    request: (b) => ({ action: 'key_appeal', input: { on: b.on, comment: b.comment } }),
  });
  actionPath(app, ctx, {
    urls: ['/handleGatherAppeal'],
    summary: 'Merge (归集) this order into another open order; this one is closed',
    body: mergeBody,
    request: (b) => ({ action: 'merge', input: { intoId: b.intoId, comment: b.comment } }),
  });
  actionPath(app, ctx, {
    urls: ['/tichu/tichuCate'],
    summary: 'Host applies to exclude the order from assessment (the reviewer decides)',
    body: exclusionBody,
    request: (b) => ({
      action: 'apply_exclusion',
      input: { tichuType: b.tichuType, reason: b.reason },
    }),
  });
  actionPath(app, ctx, {
    urls: ['/Approve/applyExtension'],
    summary: 'Host applies for more time (1–720 hours; the reviewer decides)',
    body: extensionBody,
    request: (b) => ({ action: 'apply_extension', input: { hours: b.hours, reason: b.reason } }),
  });
}
