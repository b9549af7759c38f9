/**
 * Every action against every role (WORKFLOW sections 5 and 8), in a state where the action
 * applies, once with a street hosting and once with a department hosting. Expected outcomes are
 * written here from WORKFLOW: allowed, 403 'order.roleRequired', or 403 'order.notYourUnit' for
 * a unit handler who would be allowed were the order hosted by its unit.
 */
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, ACTIONS, type ActionName } from '../src/lifecycle/names';
import type { OrderState } from '../src/lifecycle/types';
import { ACTORS, castFor, type RelativeRole } from './support/actors';
import {
  at,
  hostedBy,
  order,
  OTHER_DISPATCHER_ID,
  UNIT,
  type FixtureName,
} from './support/fixtures';
import { act, expectOk, expectRefused, VALID } from './support/run';

/** A state where the action applies. */
const STATE_FOR: Record<ActionName, FixtureName> = {
  sign: 'unsigned',
  refuse: 'unsigned',
  claim: 'undispatched',
  dispatch: 'undispatched',
  host_sign: 'hostPending',
  apply_return: 'hostHandling',
  approve_return: 'returnReview',
  reject_return: 'returnReview',
  reply: 'hostHandling',
  approve_reply: 'replyReview',
  reject_reply: 'replyReview',
  visit: 'visitPending',
  close: 'unreachable',
  re_handle: 'visitedUnsatisfied',
  request_visit: 'unreachable',
  supervise: 'hostHandling',
  key_appeal: 'hostHandling',
  merge: 'hostHandling',
  apply_extension: 'hostHandling',
  approve_extension: 'extensionPending',
  reject_extension: 'extensionPending',
  apply_exclusion: 'hostHandling',
  approve_exclusion: 'exclusionPending',
  reject_exclusion: 'exclusionPending',
  lock: 'hostHandling',
  unlock: 'hostHandling',
  add_note: 'hostHandling',
  record_staff: 'hostHandling',
  edit: 'hostHandling',
  sms_opt_out: 'hostHandling',
  sms_opt_in: 'hostHandling',
};
/** What the state needs besides its fixture for the action to apply. */
const PRECONDITION: Partial<Record<ActionName, Partial<OrderState>>> = {
  sms_opt_in: { smsOptOut: true },
};

type Role = RelativeRole;
const DISPATCH: Role[] = ['admin', 'dispatcher'];
const REVIEW: Role[] = ['admin', 'reviewer'];
const HOST: Role[] = ['admin', 'host'];

/** Who may take each action. */
const ALLOWED: Record<ActionName, readonly Role[]> = {
  sign: DISPATCH,
  refuse: DISPATCH,
  claim: DISPATCH,
  dispatch: DISPATCH,
  host_sign: HOST,
  apply_return: HOST,
  approve_return: REVIEW,
  reject_return: REVIEW,
  reply: HOST,
  approve_reply: REVIEW,
  reject_reply: REVIEW,
  visit: ['admin', 'visitor'],
  // WORKFLOW names call-back staff; the reviewer also closes an unsatisfied order it will not
  // send back (the code's rule, see the report).
  close: ['admin', 'visitor', 'reviewer'],
  re_handle: REVIEW,
  request_visit: ['admin', 'dispatcher', 'host'],
  supervise: ['admin', 'dispatcher', 'reviewer', 'leader'],
  key_appeal: ['admin', 'dispatcher', 'reviewer'],
  merge: DISPATCH,
  apply_extension: HOST,
  approve_extension: REVIEW,
  reject_extension: REVIEW,
  apply_exclusion: HOST,
  approve_exclusion: REVIEW,
  reject_exclusion: REVIEW,
  // Only who may take an action besides notes and supervision: not the leader (supervises), nor
  // the visitor and the co-host (add notes).
  lock: ['admin', 'dispatcher', 'reviewer', 'host'],
  // No role rule: whoever holds the active lock releases it (the order carries the actor's lock).
  unlock: [
    'admin',
    'dispatcher',
    'reviewer',
    'visitor',
    'agent',
    'leader',
    'host',
    'coHost',
    'other',
  ],
  add_note: ['admin', 'dispatcher', 'reviewer', 'visitor', 'host', 'coHost'],
  record_staff: HOST,
  edit: ['admin', 'dispatcher', 'host'],
  sms_opt_out: ['admin', 'dispatcher', 'host'],
  sms_opt_in: ['admin', 'dispatcher', 'host'],
};

/** Unit handlers refused because the order is not theirs get 'notYourUnit'... */
function expectedRefusal(action: ActionName, role: Role) {
  const unitHandler = role === 'other' || role === 'coHost';
  // ...except for lock, which checks "may act at all" and names the role.
  if (unitHandler && ALLOWED[action].includes('host') && action !== 'lock') {
    return { key: 'order.notYourUnit' as const, params: undefined };
  }
  return { key: 'order.roleRequired' as const, params: { action: ACTION_NAMES[action] } };
}

describe.each(['street', 'department'] as const)('every role, %s hosting', (hostKind) => {
  const hostUnit = hostKind === 'street' ? UNIT.hostStreet : UNIT.hostDept;
  const cast = castFor(hostKind);

  describe.each(ACTIONS)('%s', (action) => {
    const o = hostedBy(order(STATE_FOR[action], PRECONDITION[action]), hostUnit);
    const input = action === 'dispatch' ? { ...VALID.dispatch, hostUnitId: hostUnit } : undefined;

    it.each(cast)('%s (%s)', (actorName, role) => {
      const { userId, name } = ACTORS[actorName];
      const own = { userId, userName: name, expiresAt: at(0.5) };
      const acted = action === 'unlock' ? { ...o, lock: own } : o;
      const result = act(acted, action, ACTORS[actorName], input ?? VALID[action]);
      if (ALLOWED[action].includes(role)) {
        expect(expectOk(result).event.action).toBe(action);
      } else {
        const { key, params } = expectedRefusal(action, role);
        const refusal = expectRefused(result, 403, key, params);
        if (key === 'order.notYourUnit') expect(refusal.params).toBeUndefined();
      }
    });
  });
});

describe('role rules in detail', () => {
  it('a district user with /jsjb/case alone is an intake agent, not a dispatcher', () => {
    expectRefused(act(order('unsigned'), 'sign', ACTORS.agent), 403, 'order.roleRequired', {
      action: { zh: '签收', en: 'sign' },
    });
  });

  it('a co-host takes no host action but adds notes', () => {
    const o = order('hostHandling');
    expectRefused(act(o, 'reply', ACTORS.coHost), 403, 'order.notYourUnit');
    expectRefused(act(o, 'record_staff', ACTORS.coHost), 403, 'order.notYourUnit');
    expect(expectOk(act(o, 'add_note', ACTORS.coHost)).event.comment).toBe('已电话联系');
  });

  it('the host edits only while working on the order; the dispatcher at any open state', () => {
    for (const state of ['returnApproved', 'replyReview', 'returnReview'] as const) {
      const o = order(state);
      expectOk(act(o, 'edit', ACTORS.dispatcher));
      for (const action of ['edit', 'record_staff'] as const) {
        const r = expectRefused(act(o, action, ACTORS.streetHost), 409, 'order.hostNotHandling');
        expect(r.params).toBeUndefined();
      }
    }
    for (const state of ['hostPending', 'hostHandling'] as const) {
      expectOk(act(order(state), 'edit', ACTORS.streetHost));
      expectOk(act(order(state), 'record_staff', ACTORS.streetHost));
    }
  });

  it('the role and the state are checked before the host-not-handling guard', () => {
    const review = order('replyReview');
    for (const action of ['edit', 'record_staff'] as const) {
      expectRefused(act(review, action, ACTORS.streetOther), 403, 'order.notYourUnit');
      expectRefused(act(review, action, ACTORS.coHost), 403, 'order.notYourUnit');
      expectRefused(act(review, action, ACTORS.agent), 403, 'order.roleRequired');
      expectRefused(
        act(order('closedSatisfied'), action, ACTORS.streetHost),
        409,
        'order.wrongState',
      );
      expectRefused(
        act(order('returnedToCity'), action, ACTORS.streetHost),
        409,
        'order.wrongState',
      );
    }
    expectRefused(act(review, 'record_staff', ACTORS.dispatcher), 403, 'order.roleRequired');
  });

  it('the other guards also come after the role and the state checks', () => {
    const { visitor, streetHost, streetOther } = ACTORS;
    expectRefused(act(order('unsignedLate'), 'refuse', visitor), 403, 'order.roleRequired');
    expectRefused(act(order('claimed'), 'claim', streetHost), 403, 'order.roleRequired');
    expectRefused(act(order('visitPending'), 're_handle', visitor), 403, 'order.roleRequired');
    for (const action of ['apply_extension', 'apply_exclusion'] as const) {
      expectRefused(act(order('extensionPending'), action, streetOther), 403, 'order.notYourUnit');
    }
    const late = order('unsignedLate', { status: 71 });
    expectRefused(act(late, 'refuse', ACTORS.dispatcher), 409, 'order.wrongState');
    const pending = order('extensionPending', { status: 12, mainOrgStatus: 12 });
    expectRefused(act(pending, 'apply_extension', streetHost), 409, 'order.wrongState');
    const dispatched = order('returnApproved', { dispatcherId: OTHER_DISPATCHER_ID });
    expectRefused(act(dispatched, 'claim', ACTORS.dispatcher), 409, 'order.wrongState');
  });

  it('the leader supervises but does not review, dispatch or key-mark', () => {
    const o = order('hostHandling');
    expectOk(act(o, 'supervise', ACTORS.leader));
    expectRefused(act(o, 'key_appeal', ACTORS.leader), 403, 'order.roleRequired');
    expectRefused(act(o, 'add_note', ACTORS.leader), 403, 'order.roleRequired');
  });
});
