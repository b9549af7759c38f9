import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  actionIdBody,
  attributesBody,
  hostFieldsBody,
  orderAttributesResponse,
  orderFieldsBody,
  remarksBody,
} from '@hotline/contract';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { orderAttributes } from './action-queries';
import { ACTION_TAGS, actionPath } from './action-path';

/**
 * Field edits (action 'edit'; the event comment lists "field: old → new"). Each path takes its
 * own fields; which of them the caller's role may change is checked by edit.service.
 */
export function editRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, {
    urls: ['/handle/updateorderfield', '/sjs/updateOrderInfoSjs'],
    summary: 'Correct the case: title, content, address, category, urgency, nature, caller',
    body: orderFieldsBody,
    request: ({ id: _id, ...edits }) => ({ action: 'edit', input: { edits } }),
  });
  actionPath(app, ctx, {
    urls: ['/town/updateOrderField'],
    summary: 'Host corrects the address or the community',
    body: hostFieldsBody,
    request: ({ id: _id, ...edits }) => ({ action: 'edit', input: { edits } }),
  });
  actionPath(app, ctx, {
    urls: ['/updateOrderRemarks'],
    summary: "Replace the order's remarks",
    body: remarksBody,
    request: (b) => ({ action: 'edit', input: { edits: { remarks: b.remarks } } }),
  });
  actionPath(app, ctx, {
    urls: ['/updateOrderAttributeSjs', '/sjs/updateOrderAttributeSjs'],
    summary: 'Set the attributes: labels, seven-haves/five-natures category, risk level, nature',
    body: attributesBody,
    request: ({ id: _id, ...edits }) => ({ action: 'edit', input: { edits } }),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/queryOrderAttributeSjs', '/sjs/queryOrderAttributeSjs']) {
    r.post(url, {
      schema: {
        tags: ACTION_TAGS,
        summary: 'The attributes updateOrderAttributeSjs edits',
        body: actionIdBody,
        response: { 200: orderAttributesResponse },
      },
      handler: async (request) => ok(await orderAttributes(ctx, caller(request), request.body.id)),
    });
  }
}
