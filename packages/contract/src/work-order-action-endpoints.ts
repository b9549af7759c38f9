import type { z } from 'zod';
import { endpoint, type EndpointShape } from './endpoint';
import {
  actionIdBody,
  actionResponse,
  attributesBody,
  batchSuperviseBody,
  batchSuperviseResponse,
  commentBody,
  contentBody,
  dispatchBody,
  exclusionBody,
  extensionBody,
  handleOrgResponse,
  hostFieldsBody,
  keyAppealBody,
  mergeBody,
  myLocksBody,
  myLocksResponse,
  operateBody,
  optionalCommentBody,
  orderAttributesResponse,
  orderFieldsBody,
  reasonBody,
  recordHandlingPersonBody,
  remarksBody,
  replyBody,
  returnHistoryResponse,
  returnPermissionResponse,
  returnReviewBody,
  reviewBody,
  signBody,
  smsOptOutBody,
  unlockBody,
  visitBody,
} from './work-order-actions';

/**
 * The work-order action paths (spec section 7 under /addons/jsjb/; the path → action table is
 * in docs/api.md). Each action answers `{order, abilities}`; the server maps each body onto one
 * lifecycle action. A few reads that belong to the actions and the order locks sit here too.
 */

const tags = ['work-order actions'];
const J = '/addons/jsjb';

type OrderIdBody = z.ZodType<{ id: number; withDetail?: boolean | undefined }>;

/** An action path: a body carrying the order id, answered with `{order, abilities}`. */
export type ActionEndpoint = EndpointShape & { body: OrderIdBody; response: typeof actionResponse };

type ActionDef = Pick<EndpointShape, 'paths' | 'summary'> & { body: OrderIdBody };

/**
 * Every action honours `Idempotency-Key`: a submit sent twice (a double click, a retry after a
 * lost answer) is done once, the second answered with the first's answer.
 */
const action = <const D extends ActionDef>(def: D) =>
  endpoint({
    method: 'POST',
    tags,
    access: 'user',
    response: actionResponse,
    idempotent: true,
    ...def,
  });

const byId = <const D extends Pick<EndpointShape, 'paths' | 'summary' | 'response'>>(def: D) =>
  endpoint({ method: 'POST', tags, access: 'user', body: actionIdBody, ...def });

export const actionEndpoints = {
  // ---- district sign and dispatch; the host's steps ----
  signIn: action({
    paths: [`${J}/cy/a5HandleOrderSignInCy`],
    summary: 'Sign an arrived order (signType 1) or refuse it with a reason (signType 2)',
    body: signBody,
  }),
  hostSign: action({
    paths: [`${J}/Ft/signInFt`],
    summary: 'Host unit signs for a dispatched order',
    body: actionIdBody,
  }),
  recordHandlingPerson: action({
    paths: [`${J}/lists/recordHandlingPerson`],
    summary: 'A dispatcher picks the order up; a host records its handler ({staff})',
    body: recordHandlingPersonBody,
  }),
  dispatch: action({
    paths: [`${J}/org/submitHandleOrgInfo`, `${J}/lists/undertakeSave`],
    summary: 'Dispatch to a host unit (street, town or department) and optional co-hosts',
    body: dispatchBody,
  }),
  operate: action({
    paths: [`${J}/town/operateOrder`, `${J}/org/operateOrder`],
    summary:
      "One host step: operate 'sign', 'return' {reason} or 'reply' {content, contacted, resolved}",
    body: operateBody,
  }),
  reply: action({
    paths: [`${J}/town/updateProResult`, `${J}/lists/submitHandleResult`],
    summary: 'Host reply: the handling result, citizen contacted?, problem resolved?',
    body: replyBody,
  }),
  applyReturn: action({
    paths: [`${J}/org/handleBackOrgUpdate`, `${J}/town/cityBack`],
    summary: 'Host applies for a return (the reviewer decides, possibly back to the city)',
    body: reasonBody,
  }),
  addNote: action({
    paths: [`${J}/lists/addlog`, `${J}/lists/orgReplyAdd`, `${J}/town/updateHuifangSelf`],
    summary: "A note in the order's timeline (progress, log, the host's own check-back call)",
    body: contentBody,
  }),

  // ---- district review and the return visit ----
  reviewReply: action({
    paths: [`${J}/district/reply`, `${J}/replyCheck`, `${J}/town/replyCheck`],
    summary: "Review the host's reply: pass 1 approves (visit due), 0 sends it back with a comment",
    body: reviewBody,
  }),
  decideReturn: action({
    paths: [`${J}/Approve/feedbackInformation`],
    summary: 'Decide a return request: pass 1 approves (toCity 1: back to the city), 0 rejects',
    body: returnReviewBody,
  }),
  returnToCity: action({
    paths: [`${J}/district/cityback`],
    summary: 'Approve a return request and send the order back to the city',
    body: commentBody,
  }),
  decideRequest: action({
    paths: [`${J}/Approve/approvalExtraCheck`],
    summary: 'Decide the pending extension or exclusion request: pass 1 approves, 0 rejects',
    body: reviewBody,
  }),
  reHandle: action({
    paths: [`${J}/Sjs/revokeApproval`],
    summary: 'Re-handle: an unsatisfied and unresolved order goes back to the same host',
    body: commentBody,
  }),
  visit: action({
    paths: [
      `${J}/updateHuifangSjs`,
      `${J}/updateHuifangSelfSjs`,
      `${J}/sjs/updateHuifangSjs`,
      `${J}/sjs/updateHuifangSelfSjs`,
    ],
    summary: 'Record a return-visit call: reached?, host contacted?, resolved?, satisfaction',
    body: visitBody,
  }),
  requestVisit: action({
    paths: [`${J}/lists/applyCenterHuifangSjs`, `${J}/Dc/applyCenterHuifangDc`],
    summary: 'Ask the district centre to call the citizen back',
    body: optionalCommentBody,
  }),
  close: action({
    paths: [`${J}/lists/closeOrder`],
    summary: 'Close a replied order after its visit (or after three failed attempts)',
    body: optionalCommentBody,
  }),

  // ---- supervision, key appeals, merging, requests that need approval ----
  supervise: action({
    paths: [`${J}/Cy/supervision`],
    summary: 'Supervise (督办) an open order',
    body: commentBody,
  }),
  batchSupervise: endpoint({
    method: 'POST',
    paths: [`${J}/Cy/batchSupervision`],
    summary: 'Supervise several orders, one transaction each; answers per-id outcomes',
    tags,
    access: 'user',
    body: batchSuperviseBody,
    response: batchSuperviseResponse,
  }),
  keyAppeal: action({
    paths: [`${J}/handleImportantAppeal`],
    summary: 'Mark (on 1) or unmark (on 0) an open order as a key appeal',
    body: keyAppealBody,
  }),
  merge: action({
    paths: [`${J}/handleGatherAppeal`],
    summary: 'Merge (归集) this order into another open order; this one is closed',
    body: mergeBody,
  }),
  applyExclusion: action({
    paths: [`${J}/tichu/tichuCate`],
    summary: 'Host applies to exclude the order from assessment (the reviewer decides)',
    body: exclusionBody,
  }),
  applyExtension: action({
    paths: [`${J}/Approve/applyExtension`],
    summary: 'Host applies for more time (1–720 hours; the reviewer decides)',
    body: extensionBody,
  }),

  smsOptOut: action({
    paths: [`${J}/updateOrderSmsOptOut`],
    summary:
      "Stop (optOut 1) or resume (optOut 0) the caller's progress texts for this order " +
      '(actions sms_opt_out / sms_opt_in: whoever may edit it; open or replied orders)',
    body: smsOptOutBody,
  }),

  // ---- field edits (action 'edit'; each path takes its own fields) ----
  editOrder: action({
    paths: [`${J}/handle/updateorderfield`, `${J}/sjs/updateOrderInfoSjs`],
    summary: 'Correct the case: title, content, address, category, urgency, nature, caller',
    body: orderFieldsBody,
  }),
  editHostFields: action({
    paths: [`${J}/town/updateOrderField`],
    summary: 'Host corrects the address or the community',
    body: hostFieldsBody,
  }),
  editRemarks: action({
    paths: [`${J}/updateOrderRemarks`],
    summary: "Replace the order's remarks",
    body: remarksBody,
  }),
  editAttributes: action({
    paths: [`${J}/updateOrderAttributeSjs`, `${J}/sjs/updateOrderAttributeSjs`],
    summary: 'Set the attributes: labels, seven-haves/five-natures category, risk level, nature',
    body: attributesBody,
  }),
  orderAttributes: byId({
    paths: [`${J}/queryOrderAttributeSjs`, `${J}/sjs/queryOrderAttributeSjs`],
    summary: 'The attributes updateOrderAttributeSjs edits',
    response: orderAttributesResponse,
  }),

  // ---- reads that belong to the actions ----
  handleOrgInfo: byId({
    paths: [`${J}/org/queryHandleOrgInfo`],
    summary: 'Current host and co-hosts, and every assignment so far',
    response: handleOrgResponse,
  }),
  returnHistory: byId({
    paths: [`${J}/org/handleBackOrgQuery`],
    summary: 'Return requests and decisions of the order, oldest first',
    response: returnHistoryResponse,
  }),
  returnPermission: byId({
    paths: [`${J}/org/returnPermission`],
    summary: 'May the caller return (or refuse) the order now, and if not, why',
    response: returnPermissionResponse,
  }),

  // ---- order locks: exclusive, 30 minutes after the holder's last action ----
  lock: action({
    paths: [`${J}/lock/assignLock`],
    summary: 'Lock the order for yourself (30 minutes, renewed by each action you take on it)',
    body: actionIdBody,
  }),
  unlock: action({
    paths: [`${J}/lock/assignUnlock`],
    summary: "Release your lock; an administrator may break someone else's with force 1",
    body: unlockBody,
  }),
  myLocks: endpoint({
    method: 'POST',
    paths: [`${J}/Assignlock/getMyOrders`],
    summary: 'The orders you hold locked, paged',
    tags,
    access: 'user',
    body: myLocksBody,
    response: myLocksResponse,
  }),
};
