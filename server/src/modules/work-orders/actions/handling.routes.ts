import type { FastifyInstance } from 'fastify';
import { actionEndpoints as ep, recordStaffBody } from '@hotline/contract';
import { isDispatcher } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { parseOrThrow } from '../../../http/validation';
import { actionPath } from './action-path';
import type { ActionRequest } from './action.service';
import { actorFrom } from '../actor';

/** District sign and dispatch; the host unit's sign, return request, reply and notes. */
export function handlingRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, ep.signIn, (b): ActionRequest =>
    b.signType === 2
      ? { action: 'refuse', input: { reason: b.reason ?? '' } }
      : { action: 'sign', input: {} },
  );
  actionPath(app, ctx, ep.hostSign, () => ({ action: 'host_sign', input: {} }));
  actionPath(app, ctx, ep.recordHandlingPerson, (b, auth): ActionRequest => {
    if (isDispatcher(actorFrom(auth))) return { action: 'claim', input: {} };
    // A host must name the handler: checked here so the 400 names the field.
    const { staff } = parseOrThrow(recordStaffBody, b);
    return { action: 'record_staff', input: { staff } };
  });
  actionPath(app, ctx, ep.dispatch, (b) => ({
    action: 'dispatch',
    input: { hostUnitId: b.hostUnitId, coHostUnitIds: b.coHostUnitIds ?? [], comment: b.comment },
  }));
  actionPath(app, ctx, ep.operate, (b): ActionRequest => {
    switch (b.operate) {
      case 'sign':
        return { action: 'host_sign', input: {} };
      case 'return':
        return { action: 'apply_return', input: { reason: b.reason ?? '' } };
      case 'reply':
        return {
          action: 'reply',
          input: {
            content: b.content ?? '',
            contacted: b.contacted ?? false,
            resolved: b.resolved ?? false,
          },
        };
    }
  });
  actionPath(app, ctx, ep.reply, (b) => ({
    action: 'reply',
    input: { content: b.content, contacted: b.contacted, resolved: b.resolved },
  }));
  actionPath(app, ctx, ep.applyReturn, (b) => ({
    action: 'apply_return',
    input: { reason: b.reason },
  }));
  actionPath(app, ctx, ep.addNote, (b) => ({ action: 'add_note', input: { content: b.content } }));
}
