import { addHours } from '../time';
import * as role from './roles';
import { blank, hostWorking, noPendingRequest, refuse, type ActionDef } from './rules';

type RequestAction =
  | 'apply_extension'
  | 'approve_extension'
  | 'reject_extension'
  | 'apply_exclusion'
  | 'approve_exclusion'
  | 'reject_exclusion';

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
      const request = { kind: 'extension' as const, hours: i.hours, requestedBy: actor.userId };
      return {
        patch: { needReviewStatus: 1, pendingRequest: request },
        comment: i.reason,
        effects: [{ kind: 'openRequest', request }],
      };
    },
  },
  approve_extension: {
    who: role.isReviewer,
    when: (o) => o.pendingRequest?.kind === 'extension',
    apply: (o, i) => ({
      patch: {
        needReviewStatus: 2,
        pendingRequest: null,
        deadline: o.deadline ? addHours(o.deadline, o.pendingRequest?.hours ?? 0) : o.deadline,
        handlingLimitHours: (o.handlingLimitHours ?? 0) + (o.pendingRequest?.hours ?? 0),
      },
      comment: i.comment,
      effects: [{ kind: 'closeRequest', approved: true }],
    }),
  },
  reject_extension: {
    who: role.isReviewer,
    when: (o) => o.pendingRequest?.kind === 'extension',
    apply: (_o, i) =>
      blank(i.comment)
        ? refuse('order.commentRequired')
        : {
            patch: { needReviewStatus: 3, pendingRequest: null },
            comment: i.comment,
            effects: [{ kind: 'closeRequest', approved: false }],
          },
  },
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
      return {
        patch: { needReviewStatus: 1, pendingRequest: request },
        comment: i.reason,
        effects: [{ kind: 'openRequest', request }],
      };
    },
  },
  approve_exclusion: {
    who: role.isReviewer,
    when: (o) => o.pendingRequest?.kind === 'exclusion',
    apply: (o, i) => ({
      patch: {
        needReviewStatus: 2,
        pendingRequest: null,
        tichuType: o.pendingRequest?.tichuType ?? null,
      },
      comment: i.comment,
      effects: [{ kind: 'closeRequest', approved: true }],
    }),
  },
  reject_exclusion: {
    who: role.isReviewer,
    when: (o) => o.pendingRequest?.kind === 'exclusion',
    apply: (_o, i) =>
      blank(i.comment)
        ? refuse('order.commentRequired')
        : {
            patch: { needReviewStatus: 3, pendingRequest: null },
            comment: i.comment,
            effects: [{ kind: 'closeRequest', approved: false }],
          },
  },
};
