import { addHours } from '../time';
import * as role from './roles';
import {
  blank,
  hostWorking,
  noPendingRequest,
  refuse,
  type ActionDef,
  type Applied,
} from './rules';
import type { OrderState, PendingRequest, RequestKind } from './types';

type RequestAction =
  | 'apply_extension'
  | 'approve_extension'
  | 'reject_extension'
  | 'apply_exclusion'
  | 'approve_exclusion'
  | 'reject_exclusion';

/** A host's request put to the reviewer, the host's reason as the event's comment. */
const opened = (request: PendingRequest, reason: string): Applied => ({
  patch: { needReviewStatus: 1, pendingRequest: request },
  comment: reason,
  effects: [{ kind: 'openRequest', request }],
});

/** The reviewer decides a pending request of this kind. */
const pending = (kind: RequestKind) => ({
  who: role.isReviewer,
  when: (o: OrderState) => o.pendingRequest?.kind === kind,
});

/** The request approved: `patch` is what it grants. */
const approved = (patch: Partial<OrderState>, comment: string | undefined): Applied => ({
  patch: { needReviewStatus: 2, pendingRequest: null, ...patch },
  comment,
  effects: [{ kind: 'closeRequest', approved: true }],
});

/** The request rejected, with the reviewer's reason (required). */
const rejected = (kind: RequestKind) => ({
  ...pending(kind),
  apply: (_o: OrderState, i: { comment: string }): Applied =>
    blank(i.comment)
      ? refuse('order.commentRequired')
      : {
          patch: { needReviewStatus: 3, pendingRequest: null },
          comment: i.comment,
          effects: [{ kind: 'closeRequest', approved: false }],
        },
});

/**
 * A host's requests to the district's reviewer (WORKFLOW section 5): more time (an extension of
 * the deadline) or the order's exclusion from the assessment. One request at a time; the
 * reviewer approves or rejects it with a reason.
 */
export const REQUEST_ACTIONS: { [A in RequestAction]: ActionDef<A> } = {
  apply_extension: {
    who: role.isHostOf,
    when: (o) => hostWorking(o) && o.deadline !== null,
    guard: noPendingRequest,
    apply: (_o, i, { actor }) => {
      if (!Number.isInteger(i.hours) || i.hours < 1 || i.hours > 720)
        return refuse('order.extensionHours');
      if (blank(i.reason)) return refuse('order.reasonRequired');
      return opened({ kind: 'extension', hours: i.hours, requestedBy: actor.userId }, i.reason);
    },
  },
  approve_extension: {
    ...pending('extension'),
    apply: (o, i) => {
      const hours = o.pendingRequest?.hours ?? 0;
      return approved(
        {
          deadline: o.deadline ? addHours(o.deadline, hours) : o.deadline,
          handlingLimitHours: (o.handlingLimitHours ?? 0) + hours,
        },
        i.comment,
      );
    },
  },
  reject_extension: rejected('extension'),
  apply_exclusion: {
    who: role.isHostOf,
    when: (o) =>
      o.status !== 71 && o.status !== 72 && o.tichuType === null && o.hostUnitId !== null,
    guard: noPendingRequest,
    apply: (_o, i, { actor }) => {
      if (blank(i.reason) || blank(i.tichuType)) return refuse('order.reasonRequired');
      const request = {
        kind: 'exclusion' as const,
        tichuType: i.tichuType.trim(),
        requestedBy: actor.userId,
      };
      return opened(request, i.reason);
    },
  },
  approve_exclusion: {
    ...pending('exclusion'),
    apply: (o, i) => approved({ tichuType: o.pendingRequest?.tichuType ?? null }, i.comment),
  },
  reject_exclusion: rejected('exclusion'),
};
