import type { FastifyInstance } from 'fastify';
import {
  commentBody,
  optionalCommentBody,
  returnReviewBody,
  reviewBody,
  visitBody,
} from '@hotline/contract';
import type { AppContext } from '../../context';
import { actionPath } from './action-path';

/** District review (replies, returns, requests, re-handle) and the return visit. */
export function reviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, {
    urls: ['/district/reply', '/replyCheck', '/town/replyCheck'],
    summary: "Review the host's reply: pass 1 approves (visit due), 0 sends it back with a comment",
    body: reviewBody,
    request: (b) =>
      b.pass
        ? { action: 'approve_reply', input: { comment: b.comment } }
        : { action: 'reject_reply', input: { comment: b.comment ?? '' } },
  });
  actionPath(app, ctx, {
    urls: ['/Approve/feedbackInformation'],
    summary: 'Decide a return request: pass 1 approves (toCity 1: back to the city), 0 rejects',
    body: returnReviewBody,
    request: (b) =>
      b.pass
        ? { action: 'approve_return', input: { comment: b.comment, toCity: b.toCity ?? false } }
        : { action: 'reject_return', input: { comment: b.comment ?? '' } },
  });
  actionPath(app, ctx, {
    urls: ['/district/cityback'],
    summary: 'Approve a return request and send the order back to the city',
    body: commentBody,
    request: (b) => ({ action: 'approve_return', input: { comment: b.comment, toCity: true } }),
  });
  actionPath(app, ctx, {
    urls: ['/Approve/approvalExtraCheck'],
    summary: 'Decide the pending extension or exclusion request: pass 1 approves, 0 rejects',
    body: reviewBody,
    request: (b) => ({ action: 'decide_request', input: { pass: b.pass, comment: b.comment } }),
  });
  actionPath(app, ctx, {
    urls: ['/Sjs/revokeApproval'],
    summary: 'Re-handle: an unsatisfied and unresolved order goes back to the same host',
    body: commentBody,
    request: (b) => ({ action: 're_handle', input: { comment: b.comment } }),
  });
  actionPath(app, ctx, {
    urls: [
      '/updateHuifangSjs',
      '/updateHuifangSelfSjs',
      '/sjs/updateHuifangSjs',
      '/sjs/updateHuifangSelfSjs',
    ],
    summary: 'Record a return-visit call: reached?, host contacted?, resolved?, satisfaction',
    body: visitBody,
    request: (b) => ({
      action: 'visit',
      input: {
        reached: b.reached,
        hostContacted: b.hostContacted,
        resolved: b.resolved,
        satisfaction: b.satisfaction,
        remark: b.remark,
      },
    }),
  });
  actionPath(app, ctx, {
    urls: ['/lists/applyCenterHuifangSjs', '/Dc/applyCenterHuifangDc'],
    summary: 'Ask the district centre to call the citizen back',
    body: optionalCommentBody,
    request: (b) => ({ action: 'request_visit', input: { comment: b.comment } }),
  });
  actionPath(app, ctx, {
    urls: ['/lists/closeOrder'],
    summary: 'Close a replied order after its visit (or after three failed attempts)',
    body: optionalCommentBody,
    request: (b) => ({ action: 'close', input: { comment: b.comment } }),
  });
}
