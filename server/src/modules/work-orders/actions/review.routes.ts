import type { FastifyInstance } from 'fastify';
import { actionEndpoints as ep } from '@hotline/contract';
import type { AppContext } from '../../../context';
import { actionPath } from './action-path';

/** District review (replies, returns, requests, re-handle) and the return visit. */
export function reviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, ep.reviewReply, (b) =>
    b.pass
      ? { action: 'approve_reply', input: { comment: b.comment } }
      : { action: 'reject_reply', input: { comment: b.comment ?? '' } },
  );
  actionPath(app, ctx, ep.decideReturn, (b) =>
    b.pass
      ? { action: 'approve_return', input: { comment: b.comment, toCity: b.toCity ?? false } }
      : { action: 'reject_return', input: { comment: b.comment ?? '' } },
  );
  actionPath(app, ctx, ep.returnToCity, (b) => ({
    action: 'approve_return',
    input: { comment: b.comment, toCity: true },
  }));
  actionPath(app, ctx, ep.decideRequest, (b) => ({
    action: 'decide_request',
    input: { pass: b.pass, comment: b.comment },
  }));
  actionPath(app, ctx, ep.reHandle, (b) => ({
    action: 're_handle',
    input: { comment: b.comment },
  }));
  actionPath(app, ctx, ep.visit, (b) => ({
    action: 'visit',
    input: {
      reached: b.reached,
      hostContacted: b.hostContacted,
      resolved: b.resolved,
      satisfaction: b.satisfaction,
      remark: b.remark,
    },
  }));
  actionPath(app, ctx, ep.requestVisit, (b) => ({
    action: 'request_visit',
    input: { comment: b.comment },
  }));
  actionPath(app, ctx, ep.close, (b) => ({ action: 'close', input: { comment: b.comment } }));
}
