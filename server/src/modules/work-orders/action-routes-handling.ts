import type { FastifyInstance } from 'fastify';
import {
  actionIdBody,
  contentBody,
  dispatchBody,
  operateBody,
  reasonBody,
  recordHandlingPersonBody,
  recordStaffBody,
  replyBody,
  signBody,
} from '@hotline/contract';
import { isDispatcher } from '@hotline/domain';
import type { AppContext } from '../../context';
import { parseOrThrow } from '../../http/validation';
import { actionPath } from './action-path';
import type { ActionRequest } from './action.service';
import { actorFrom } from './actor';

/** District sign and dispatch; the host unit's sign, return request, reply and notes. */
export function handlingRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, {
    urls: ['/cy/a5HandleOrderSignInCy'],
    summary: 'Sign an arrived order (signType 1) or refuse it with a reason (signType 2)',
    body: signBody,
    request: (b): ActionRequest =>
      b.signType === 2
        ? { action: 'refuse', input: { reason: b.reason ?? '' } }
        : { action: 'sign', input: {} },
  });
  actionPath(app, ctx, {
    urls: ['/Ft/signInFt'],
    summary: 'Host unit signs for a dispatched order',
    body: actionIdBody,
    request: () => ({ action: 'host_sign', input: {} }),
  });
  actionPath(app, ctx, {
    urls: ['/lists/recordHandlingPerson'],
    summary: 'A dispatcher picks the order up; a host records its handler ({staff})',
    body: recordHandlingPersonBody,
    request: (b, auth): ActionRequest => {
      if (isDispatcher(actorFrom(auth))) return { action: 'claim', input: {} };
      // A host must name the handler: checked here so the 400 names the field.
      const { staff } = parseOrThrow(recordStaffBody, b);
      return { action: 'record_staff', input: { staff } };
    },
  });
  actionPath(app, ctx, {
    urls: ['/org/submitHandleOrgInfo', '/lists/undertakeSave'],
    summary: 'Dispatch to a host unit (street, town or department) and optional co-hosts',
    body: dispatchBody,
    request: (b) => ({
      action: 'dispatch',
      input: { hostUnitId: b.hostUnitId, coHostUnitIds: b.coHostUnitIds ?? [], comment: b.comment },
    }),
  });
  actionPath(app, ctx, {
    urls: ['/town/operateOrder', '/org/operateOrder'],
    summary:
      "One host step: operate 'sign', 'return' {reason} or 'reply' {content, contacted, resolved}",
    body: operateBody,
    request: (b): ActionRequest => {
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
    },
  });
  actionPath(app, ctx, {
    urls: ['/town/updateProResult', '/lists/submitHandleResult'],
    summary: 'Host reply: the handling result, citizen contacted?, problem resolved?',
    body: replyBody,
    request: (b) => ({
      action: 'reply',
      input: { content: b.content, contacted: b.contacted, resolved: b.resolved },
    }),
  });
  actionPath(app, ctx, {
    urls: ['/org/handleBackOrgUpdate', '/town/cityBack'],
    summary: 'Host applies for a return (the reviewer decides, possibly back to the city)',
    body: reasonBody,
    request: (b) => ({ action: 'apply_return', input: { reason: b.reason } }),
  });
  actionPath(app, ctx, {
    urls: ['/lists/orgReplyAdd', '/lists/addlog', '/town/updateHuifangSelf'],
    summary: "A note in the order's timeline (progress, log, the host's own check-back call)",
    body: contentBody,
    request: (b) => ({ action: 'add_note', input: { content: b.content } }),
  });
}
