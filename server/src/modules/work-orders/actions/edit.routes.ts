import type { FastifyInstance } from 'fastify';
import { actionEndpoints as ep } from '@hotline/contract';
import type { AppContext } from '../../../context';
import { caller } from '../../../http/access';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { orderAttributes } from './action-queries';
import { actionPath } from './action-path';

/**
 * Field edits (action 'edit'; the event comment lists "field: old → new"). Each path takes its
 * own fields; which of them the caller's role may change is checked by edit.service.
 */
export function editRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, ep.editOrder, ({ id: _id, ...edits }) => ({
    action: 'edit',
    input: { edits },
  }));
  actionPath(app, ctx, ep.editHostFields, ({ id: _id, ...edits }) => ({
    action: 'edit',
    input: { edits },
  }));
  actionPath(app, ctx, ep.editRemarks, (b) => ({
    action: 'edit',
    input: { edits: { remarks: b.remarks } },
  }));
  actionPath(app, ctx, ep.editAttributes, ({ id: _id, ...edits }) => ({
    action: 'edit',
    input: { edits },
  }));
  route(app, ep.orderAttributes, async (request) =>
    ok(await orderAttributes(ctx, caller(request), request.body.id)),
  );
}
