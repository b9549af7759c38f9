import { handlingDeadline, handlingLimitHours, refuseDeadline } from '../time';
import type { ActionName } from './names';
import { REQUEST_ACTIONS } from './requests';
import * as role from './roles';
import {
  blank,
  conflict,
  district,
  editor,
  editorGuard,
  fromCity,
  hostWorking,
  isOpen,
  refuse,
  textsMayFollow,
  type ActionDef,
} from './rules';

/**
 * The transition table of WORKFLOW section 5. Each action says who may take it (`who`), in
 * which states it applies (`when`), and what it changes (`apply`). The runner in apply.ts
 * adds the rules every action shares: lock, role, state, event.
 */

export const TABLE: { [A in ActionName]: ActionDef<A> } = {
  sign: {
    who: role.isDispatcher,
    when: (o) => o.status === 0,
    apply: (o, _i, { actor, now }) => ({
      patch: { status: 1, systemSignTime: now, dispatcherId: o.dispatcherId ?? actor.userId },
    }),
  },
  refuse: {
    who: role.isDispatcher,
    when: (o) => o.status === 0,
    // Refusing sends the order back to the city: an order built here never came from there.
    guard: (o, _a, now) =>
      !fromCity(o)
        ? conflict('order.refuseNotFromCity')
        : o.refuseDeadline && now >= o.refuseDeadline
          ? conflict('order.refuseExpired')
          : null,
    apply: (_o, i, { now }) =>
      blank(i.reason)
        ? refuse('order.reasonRequired')
        : { patch: { status: 71, closedTime: now }, comment: i.reason },
  },
  claim: {
    who: role.isDispatcher,
    when: (o) => o.status === 1 && o.mainOrgStatus === -1,
    // Signing claims the order for the signer: claiming one's own order again changes nothing.
    guard: (o, actor) =>
      o.dispatcherId === null
        ? null
        : conflict(o.dispatcherId === actor.userId ? 'order.alreadyYours' : 'order.alreadyClaimed'),
    apply: (_o, _i, { actor }) => ({ patch: { dispatcherId: actor.userId } }),
  },
  dispatch: {
    who: role.isDispatcher,
    when: (o) => o.status === 1 && (o.mainOrgStatus === -1 || o.mainOrgStatus === 71),
    apply: (o, i, { actor, now, settings }) => {
      if (!i.hostUnitId) return refuse('order.hostRequired');
      const coHosts = [...new Set(i.coHostUnitIds ?? [])];
      if (coHosts.includes(i.hostUnitId)) return refuse('order.hostIsCoHost');
      return {
        patch: {
          mainOrgStatus: 0,
          hostUnitId: i.hostUnitId,
          coHostUnitIds: coHosts,
          dispatcherId: o.dispatcherId ?? actor.userId,
          replyRejected: false,
          dispatchTime: now,
          hostSignTime: null,
          refuseDeadline: refuseDeadline(now, settings.limits),
          handlingLimitHours: handlingLimitHours(
            now,
            o.urgency,
            settings.limits,
            settings.calendar,
          ),
          deadline: handlingDeadline(now, o.urgency, settings.limits, settings.calendar),
        },
        comment: i.comment,
        effects: [{ kind: 'assign', hostUnitId: i.hostUnitId, coHostUnitIds: coHosts }],
      };
    },
  },
  host_sign: {
    who: role.isHostOf,
    when: (o) => o.status === 1 && o.mainOrgStatus === 0,
    apply: (_o, _i, { now }) => ({ patch: { mainOrgStatus: 1, hostSignTime: now } }),
  },
  apply_return: {
    who: role.isHostOf,
    when: hostWorking,
    apply: (_o, i) =>
      blank(i.reason)
        ? refuse('order.reasonRequired')
        : { patch: { status: 12, mainOrgStatus: 12 }, comment: i.reason },
  },
  approve_return: {
    who: role.isReviewer,
    when: (o) => o.status === 12,
    apply: (_o, i, { now }) =>
      i.toCity
        ? { patch: { status: 72, mainOrgStatus: 71, closedTime: now }, comment: i.comment }
        : { patch: { status: 1, mainOrgStatus: 71 }, comment: i.comment },
  },
  reject_return: {
    who: role.isReviewer,
    when: (o) => o.status === 12,
    apply: (_o, i) =>
      blank(i.comment)
        ? refuse('order.commentRequired')
        : { patch: { status: 1, mainOrgStatus: 1 }, comment: i.comment },
  },
  reply: {
    who: role.isHostOf,
    when: (o) => o.status === 1 && o.mainOrgStatus === 1,
    apply: (o, i, { now }) =>
      blank(i.content)
        ? refuse('order.replyRequired')
        : {
            patch: {
              status: 11,
              mainOrgStatus: 11,
              // A pending extension or exclusion still awaits approval.
              needReviewStatus: o.pendingRequest ? 1 : null,
              replyRejected: false,
              replyTime: now,
              replyContent: i.content.trim(),
              replyContacted: i.contacted,
              replyResolved: i.resolved,
            },
            comment: i.content.trim(),
          },
  },
  approve_reply: {
    who: role.isReviewer,
    when: (o) => o.status === 11,
    apply: (o, i, { now }) => ({
      patch: {
        status: 91,
        mainOrgStatus: 72,
        huifangState: 2,
        cityReplyTime: fromCity(o) ? now : o.cityReplyTime,
      },
      comment: i.comment,
    }),
  },
  reject_reply: {
    who: role.isReviewer,
    when: (o) => o.status === 11,
    apply: (_o, i) =>
      blank(i.comment)
        ? refuse('order.commentRequired')
        : {
            patch: { status: 1, mainOrgStatus: 1, needReviewStatus: 3, replyRejected: true },
            comment: i.comment,
          },
  },
  visit: {
    who: role.isVisitor,
    when: (o) => o.status === 91 && [2, 11, 12].includes(o.huifangState),
    apply: (o, i, { now }) => {
      const attempt = o.visitCount + 1;
      if (!i.reached) {
        const next = o.huifangState === 2 ? 11 : o.huifangState === 11 ? 12 : 13;
        return {
          patch: { huifangState: next, visitCount: attempt, visitTime: now, visitContacted: false },
          comment: i.remark,
          effects: [{ kind: 'visitRecord', attempt, reached: false }],
        };
      }
      if (i.hostContacted === undefined || i.resolved === undefined || !i.satisfaction) {
        return refuse('order.visitResultRequired');
      }
      return {
        patch: {
          huifangState: 1,
          visitCount: attempt,
          visitTime: now,
          visitContacted: true,
          visitHostContacted: i.hostContacted,
          visitResolved: i.resolved,
          visitResult: i.satisfaction,
          visitRemark: i.remark?.trim() || null,
          // A reached visit closes the order (WORKFLOW: close may be automatic); an unsatisfied
          // and unresolved one can still be re-handled from closed by the reviewer.
          status: 92,
          closedTime: now,
        },
        comment: i.remark,
        effects: [{ kind: 'visitRecord', attempt, reached: true }],
      };
    },
  },
  close: {
    who: (a) => role.isVisitor(a) || role.isReviewer(a),
    when: (o) => o.status === 91 && (o.huifangState === 1 || o.huifangState === 13),
    apply: (_o, i, { now }) => ({ patch: { status: 92, closedTime: now }, comment: i.comment }),
  },
  re_handle: {
    who: role.isReviewer,
    when: (o) => o.status === 91 || o.status === 92,
    guard: (o) =>
      o.visitResult !== 'unsatisfied' || o.visitResolved !== false
        ? conflict('order.rehandleNotAllowed')
        : null,
    apply: (o, i, { now, settings }) => {
      if (blank(i.comment)) return refuse('order.commentRequired');
      return {
        patch: {
          status: 1,
          mainOrgStatus: 0,
          huifangState: 0,
          needReviewStatus: null,
          replyRejected: false,
          isSecondVisit: true,
          closedTime: null,
          dispatchTime: now,
          hostSignTime: null,
          refuseDeadline: refuseDeadline(now, settings.limits),
          handlingLimitHours: handlingLimitHours(
            now,
            o.urgency,
            settings.limits,
            settings.calendar,
          ),
          deadline: handlingDeadline(now, o.urgency, settings.limits, settings.calendar),
          visitResult: null,
          visitContacted: null,
          visitHostContacted: null,
          visitResolved: null,
          visitRemark: null,
        },
        comment: i.comment,
      };
    },
  },
  request_visit: {
    // After three failed attempts (13), ask the centre to try the return visit again.
    who: (a, o) => role.isHostOf(a, o) || role.isDispatcher(a),
    when: (o) => o.status === 91 && o.huifangState === 13,
    apply: (_o, i) => ({ patch: { huifangState: 2 }, comment: i.comment }),
  },
  supervise: {
    who: role.canSupervise,
    when: isOpen,
    apply: (o, i) =>
      blank(i.comment)
        ? refuse('order.reasonRequired')
        : {
            patch: { isSupervised: true, superviseCount: o.superviseCount + 1 },
            comment: i.comment,
          },
  },
  key_appeal: {
    who: district,
    when: isOpen,
    apply: (_o, i) => ({ patch: { isKeyAppeal: i.on }, comment: i.comment }),
  },
  merge: {
    who: role.isDispatcher,
    when: (o) => isOpen(o) && (o.status === 0 || o.status === 1),
    apply: (o, i, { now }) => {
      const target = i.into;
      if (target.id === o.id || !isOpen(target)) return refuse('order.mergeTargetInvalid');
      return {
        patch: { mergedIntoId: target.id, status: 92, closedTime: now },
        comment: i.comment,
        effects: [{ kind: 'merge', intoId: target.id }],
      };
    },
  },
  ...REQUEST_ACTIONS,
  lock: {
    who: () => true,
    when: isOpen,
    apply: () => ({ patch: {} }),
  },
  unlock: {
    who: () => true,
    when: () => true,
    apply: () => ({ patch: {} }),
  },
  add_note: {
    who: (a, o) => district(a) || role.isHostOf(a, o) || role.isCoHostOf(a, o) || role.isVisitor(a),
    when: () => true,
    apply: (_o, i) =>
      blank(i.content) ? refuse('order.reasonRequired') : { patch: {}, comment: i.content.trim() },
  },
  record_staff: {
    who: role.isHostOf,
    when: (o) => isOpen(o) && o.hostUnitId !== null,
    guard: (o) => (hostWorking(o) ? null : conflict('order.hostNotHandling')),
    apply: (_o, i) =>
      blank(i.staff)
        ? refuse('order.reasonRequired')
        : { patch: { assignedStaff: i.staff.trim() } },
  },
  edit: {
    who: editor,
    when: isOpen,
    guard: editorGuard,
    apply: (_o, i) =>
      i.fields.length === 0 ? refuse('order.nothingToChange') : { patch: {}, comment: i.comment },
  },
  // The caller's progress texts for this order (issue 22): whoever may edit the order switches
  // them, also after the reply — the visit and closing texts are still to come then.
  sms_opt_out: {
    who: editor,
    when: textsMayFollow,
    guard: (o, a) => (o.smsOptOut ? conflict('order.smsAlreadyOff') : editorGuard(o, a)),
    apply: (_o, i) => ({ patch: { smsOptOut: true }, comment: i.comment }),
  },
  sms_opt_in: {
    who: editor,
    when: textsMayFollow,
    guard: (o, a) => (o.smsOptOut ? editorGuard(o, a) : conflict('order.smsAlreadyOn')),
    apply: (_o, i) => ({ patch: { smsOptOut: false }, comment: i.comment }),
  },
};
