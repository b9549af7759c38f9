/**
 * Every action against every state (WORKFLOW sections 4 and 5). The expected table is written
 * here from WORKFLOW, not read from the implementation, so a wrong TABLE fails these tests.
 */
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, ACTIONS, type ActionName } from '../src/lifecycle/names';
import type { OrderState } from '../src/lifecycle/types';
import type { MessageKey } from '../src/messages';
import { ACTORS, type ActorName } from './support/actors';
import { at, codesOf, FIXTURE_NAMES, frozenFixtures, type FixtureName } from './support/fixtures';
import { act, expectOk, expectRefused, stateName } from './support/run';

const OPEN: FixtureName[] = [
  'unsigned',
  'unsignedLate',
  'undispatched',
  'claimed',
  'hostPending',
  'hostHandling',
  'replyRejected',
  'extensionPending',
  'exclusionPending',
  'returnApproved',
  'replyReview',
  'returnReview',
];
/** status 1 with the host signing or handling (mainOrgStatus 0 or 1). */
const HOST_WORKING: FixtureName[] = [
  'hostPending',
  'hostHandling',
  'replyRejected',
  'extensionPending',
  'exclusionPending',
];
/** Open with a host, but the host is not handling it: returned, or under review. */
const HOST_NOT_WORKING: FixtureName[] = ['returnApproved', 'replyReview', 'returnReview'];
const REPLIED: FixtureName[] = [
  'repliedNoVisit',
  'visitPending',
  'visitFailed1',
  'visitFailed2',
  'unreachable',
  'visitedUnsatisfied',
  'visitedUnsatisfiedResolved',
  'visitedBasic',
];
const CLOSED: FixtureName[] = ['closedSatisfied', 'closedUnsatisfied', 'closedUnreachable'];
const PENDING_REQUEST: FixtureName[] = ['extensionPending', 'exclusionPending'];

/** The states each action applies in. */
const ALLOWED_IN: Record<ActionName, readonly FixtureName[]> = {
  sign: ['unsigned', 'unsignedLate'],
  refuse: ['unsigned', 'unsignedLate'],
  claim: ['undispatched', 'claimed'],
  dispatch: ['undispatched', 'claimed', 'returnApproved'],
  host_sign: ['hostPending'],
  apply_return: HOST_WORKING,
  approve_return: ['returnReview'],
  reject_return: ['returnReview'],
  reply: ['hostHandling', 'replyRejected', 'extensionPending', 'exclusionPending'],
  approve_reply: ['replyReview'],
  reject_reply: ['replyReview'],
  visit: ['visitPending', 'visitFailed1', 'visitFailed2'],
  // WORKFLOW: 91 with huifangState 1 or 13.
  close: ['unreachable', 'visitedUnsatisfied', 'visitedUnsatisfiedResolved', 'visitedBasic'],
  // WORKFLOW: 91 or 92, visited unsatisfied and unresolved.
  re_handle: ['visitedUnsatisfied', 'closedUnsatisfied'],
  // After three failed attempts: 91 with huifangState 13 (not 92, not huifangState 0).
  request_visit: ['unreachable'],
  supervise: OPEN,
  key_appeal: OPEN,
  // The code narrows "open" to 0 and 1: an order under review is not merged away.
  merge: OPEN.filter((f) => f !== 'replyReview' && f !== 'returnReview'),
  apply_extension: HOST_WORKING,
  approve_extension: ['extensionPending'],
  reject_extension: ['extensionPending'],
  // Exclusion is about assessment: any order with a host, not refused or returned, not merged.
  apply_exclusion: [
    ...HOST_WORKING,
    'returnApproved',
    'replyReview',
    'returnReview',
    ...REPLIED,
    ...CLOSED,
  ],
  approve_exclusion: ['exclusionPending'],
  reject_exclusion: ['exclusionPending'],
  lock: OPEN,
  // Releasing one's own active lock applies in every state; without one, see below.
  unlock: FIXTURE_NAMES,
  add_note: FIXTURE_NAMES,
  // Open with a host; outside handling the guard answers 'order.hostNotHandling' (SPECIAL).
  record_staff: HOST_WORKING,
  edit: OPEN,
  // Texts still follow a replied order (the visit, the close): open or replied.
  sms_opt_out: [...OPEN, ...REPLIED],
  sms_opt_in: [...OPEN, ...REPLIED],
};

/**
 * Guards: refusals that depend on the order, not on the input, once the role and the state
 * allow the action. A conflict with the current state, so 409, each with its own message.
 */
const SPECIAL: Partial<Record<ActionName, Partial<Record<FixtureName, MessageKey>>>> = {
  refuse: { unsignedLate: 'order.refuseExpired' },
  claim: { claimed: 'order.alreadyClaimed' },
  re_handle: Object.fromEntries(
    [...REPLIED, ...CLOSED, 'merged']
      .filter((f) => f !== 'visitedUnsatisfied' && f !== 'closedUnsatisfied')
      .map((f) => [f, 'order.rehandleNotAllowed']),
  ),
  apply_extension: Object.fromEntries(PENDING_REQUEST.map((f) => [f, 'order.requestPending'])),
  apply_exclusion: Object.fromEntries(PENDING_REQUEST.map((f) => [f, 'order.requestPending'])),
  // Open with a host, but the host is not handling it (returned, or under review).
  record_staff: Object.fromEntries(HOST_NOT_WORKING.map((f) => [f, 'order.hostNotHandling'])),
  // No fixture is opted out: turning texts on has nothing to do (lifecycle-sms.test.ts).
  sms_opt_in: Object.fromEntries([...OPEN, ...REPLIED].map((f) => [f, 'order.smsAlreadyOn'])),
};

/** The role that naturally takes each action (its `who` does not depend on the state). */
const NATURAL: Record<ActionName, ActorName> = {
  sign: 'dispatcher',
  refuse: 'dispatcher',
  claim: 'dispatcher',
  dispatch: 'dispatcher',
  host_sign: 'streetHost',
  apply_return: 'streetHost',
  approve_return: 'reviewer',
  reject_return: 'reviewer',
  reply: 'streetHost',
  approve_reply: 'reviewer',
  reject_reply: 'reviewer',
  visit: 'visitor',
  close: 'visitor',
  re_handle: 'reviewer',
  request_visit: 'dispatcher',
  supervise: 'leader',
  key_appeal: 'reviewer',
  merge: 'dispatcher',
  apply_extension: 'streetHost',
  approve_extension: 'reviewer',
  reject_extension: 'reviewer',
  apply_exclusion: 'streetHost',
  approve_exclusion: 'reviewer',
  reject_exclusion: 'reviewer',
  lock: 'dispatcher',
  unlock: 'dispatcher',
  add_note: 'visitor',
  record_staff: 'streetHost',
  edit: 'dispatcher',
  sms_opt_out: 'dispatcher',
  sms_opt_in: 'dispatcher',
};
const HOST_ACTIONS = new Set<ActionName>(ACTIONS.filter((a) => NATURAL[a] === 'streetHost'));

/** Unlock applies to one's own active lock: the order carries one for unlock. */
function asActed(o: OrderState, action: ActionName, actorName: ActorName): OrderState {
  if (action !== 'unlock') return o;
  const { userId, name } = ACTORS[actorName];
  return { ...o, lock: { userId, userName: name, expiresAt: at(0.5) } };
}

describe.each(ACTIONS)('%s in every state', (action) => {
  it.each(frozenFixtures())('%s', (name, o) => {
    for (const actorName of ['admin', NATURAL[action]] as const) {
      const result = act(asActed(o, action, actorName), action, ACTORS[actorName]);
      const special = SPECIAL[action]?.[name];
      if (actorName !== 'admin' && HOST_ACTIONS.has(action) && o.hostUnitId === null) {
        // No host yet: no unit handler is the host, whatever the state.
        expectRefused(result, 403, 'order.roleRequired');
      } else if (special) {
        expect(expectRefused(result, 409, special).params).toBeUndefined();
      } else if (!ALLOWED_IN[action].includes(name)) {
        expectRefused(result, 409, 'order.wrongState', {
          state: stateName(o.status),
          action: ACTION_NAMES[action],
        });
      } else {
        const { next, event } = expectOk(result);
        expect(event.action).toBe(action);
        expect(event.from).toEqual(codesOf(o));
        expect(event.to).toEqual(codesOf(next));
      }
    }
  });
});

describe('unlock without an active lock, in every state', () => {
  it.each(frozenFixtures())('%s', (_name, o) => {
    const expired = { ...o, lock: { userId: 2, userName: '派单员', expiresAt: at(0) } };
    for (const held of [o, expired]) {
      for (const actorName of ['admin', 'dispatcher', 'agent'] as const) {
        const result = act(held, 'unlock', ACTORS[actorName], { force: true });
        expect(expectRefused(result, 409, 'order.notLockedByYou').params).toBeUndefined();
      }
    }
  });
});

describe('the expectation table', () => {
  it('names every action and only known fixtures', () => {
    expect(Object.keys(ALLOWED_IN).sort()).toEqual([...ACTIONS].sort());
    for (const list of Object.values(ALLOWED_IN)) {
      for (const name of list) expect(FIXTURE_NAMES).toContain(name);
    }
  });

  it('covers every state of WORKFLOW section 4', () => {
    const states = new Set(frozenFixtures().map(([, o]) => o.status));
    expect([...states].sort((a, b) => a - b)).toEqual([0, 1, 11, 12, 71, 72, 91, 92]);
    const huifang = new Set(frozenFixtures().map(([, o]) => o.huifangState));
    expect([...huifang].sort((a, b) => a - b)).toEqual([0, 1, 2, 11, 12, 13]);
    const mos = new Set(frozenFixtures().map(([, o]) => o.mainOrgStatus));
    expect([...mos].sort((a, b) => a - b)).toEqual([-1, 0, 1, 11, 12, 71, 72]);
  });
});
