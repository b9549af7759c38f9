/** The event each action records: codes before and after, and the trimmed comment. */
import { describe, expect, it } from 'vitest';
import type { ActionInputs } from '../src/lifecycle/inputs';
import { ACTIONS, type ActionName } from '../src/lifecycle/names';
import type { OrderState } from '../src/lifecycle/types';
import { ACTORS, ACTOR_NAMES, type ActorName } from './support/actors';
import {
  at,
  codesOf,
  frozenFixtures,
  MERGE_TARGET_ID,
  order,
  type FixtureName,
} from './support/fixtures';
import { act, expectOk, VALID } from './support/run';

const PAD = '  文字 text \n';
const TRIMMED = '文字 text';

type Case<A extends ActionName> = [
  A,
  FixtureName,
  ActorName,
  ActionInputs[A],
  string,
  Partial<OrderState>?,
];
const c = <A extends ActionName>(...row: Case<A>): Case<ActionName> => row as Case<ActionName>;

/** An active lock held by the host handler. */
const HOST_LOCK = { lock: { userId: 7, userName: '街道承办人', expiresAt: at(0.5) } };

/**
 * For each action: a state, an actor, an input carrying padded text, the expected comment, and
 * optionally a change to the state.
 */
const CASES: Case<ActionName>[] = [
  c('sign', 'unsigned', 'dispatcher', {}, ''),
  c('refuse', 'unsigned', 'dispatcher', { reason: PAD }, TRIMMED),
  c('claim', 'undispatched', 'dispatcher', {}, ''),
  c('dispatch', 'returnApproved', 'dispatcher', { hostUnitId: 12, comment: PAD }, TRIMMED),
  c('dispatch', 'undispatched', 'dispatcher', { hostUnitId: 12 }, ''),
  c('host_sign', 'hostPending', 'streetHost', {}, ''),
  c('apply_return', 'hostPending', 'streetHost', { reason: PAD }, TRIMMED),
  c('approve_return', 'returnReview', 'reviewer', { comment: PAD }, TRIMMED),
  c('approve_return', 'returnReview', 'reviewer', {}, ''),
  c('reject_return', 'returnReview', 'reviewer', { comment: PAD }, TRIMMED),
  c(
    'reply',
    'hostHandling',
    'streetHost',
    { content: PAD, contacted: false, resolved: false },
    TRIMMED,
  ),
  c('approve_reply', 'replyReview', 'reviewer', { comment: PAD }, TRIMMED),
  c('reject_reply', 'replyReview', 'reviewer', { comment: PAD }, TRIMMED),
  c('visit', 'visitPending', 'visitor', { reached: false, remark: PAD }, TRIMMED),
  c('visit', 'visitFailed1', 'visitor', { ...VALID.visit, remark: PAD }, TRIMMED),
  c('close', 'unreachable', 'visitor', { comment: PAD }, TRIMMED),
  c('re_handle', 'closedUnsatisfied', 'reviewer', { comment: PAD }, TRIMMED),
  c('request_visit', 'unreachable', 'dispatcher', { comment: PAD }, TRIMMED),
  c('supervise', 'replyReview', 'leader', { comment: PAD }, TRIMMED),
  c('key_appeal', 'returnReview', 'reviewer', { on: true, comment: PAD }, TRIMMED),
  c('merge', 'unsigned', 'dispatcher', { ...VALID.merge, comment: PAD }, TRIMMED),
  c('apply_extension', 'hostPending', 'streetHost', { hours: 8, reason: PAD }, TRIMMED),
  c('approve_extension', 'extensionPending', 'reviewer', { comment: PAD }, TRIMMED),
  c('reject_extension', 'extensionPending', 'reviewer', { comment: PAD }, TRIMMED),
  c('apply_exclusion', 'visitedBasic', 'streetHost', { tichuType: 'x', reason: PAD }, TRIMMED),
  c('approve_exclusion', 'exclusionPending', 'reviewer', { comment: PAD }, TRIMMED),
  c('reject_exclusion', 'exclusionPending', 'reviewer', { comment: PAD }, TRIMMED),
  c('lock', 'hostHandling', 'streetHost', {}, ''),
  c('unlock', 'hostHandling', 'streetHost', {}, '', HOST_LOCK),
  c('unlock', 'hostHandling', 'admin', { force: true }, 'force: 街道承办人', HOST_LOCK),
  c('add_note', 'closedSatisfied', 'visitor', { content: PAD }, TRIMMED),
  c('record_staff', 'hostHandling', 'streetHost', { staff: PAD }, ''),
  c('edit', 'hostHandling', 'streetHost', { fields: ['address'], comment: PAD }, TRIMMED),
  c('sms_opt_out', 'visitPending', 'dispatcher', { comment: PAD }, TRIMMED),
  c('sms_opt_in', 'hostHandling', 'streetHost', { comment: PAD }, TRIMMED, { smsOptOut: true }),
];

describe('event comment and codes', () => {
  it('has a case for every action', () => {
    expect(new Set(CASES.map(([a]) => a))).toEqual(new Set(ACTIONS));
  });

  it.each(CASES)('%s from %s by %s', (action, state, actorName, input, comment, change) => {
    const o = order(state, change);
    const { next, event } = expectOk(act(o, action, ACTORS[actorName], input));
    expect(event).toEqual({ action, comment, from: codesOf(o), to: codesOf(next) });
  });
});

describe('codes written by each move', () => {
  const to = (state: FixtureName, action: ActionName, actorName: ActorName) =>
    codesOf(expectOk(act(order(state), action, ACTORS[actorName])).next);

  it.each([
    ['unsigned', 'sign', 'dispatcher', [1, -1, 0, null]],
    ['unsigned', 'refuse', 'dispatcher', [71, -1, 0, null]],
    ['undispatched', 'dispatch', 'dispatcher', [1, 0, 0, null]],
    ['returnApproved', 'dispatch', 'dispatcher', [1, 0, 0, null]],
    ['hostPending', 'host_sign', 'streetHost', [1, 1, 0, null]],
    ['hostPending', 'apply_return', 'streetHost', [12, 12, 0, null]],
    ['hostHandling', 'apply_return', 'streetHost', [12, 12, 0, null]],
    ['returnReview', 'reject_return', 'reviewer', [1, 1, 0, null]],
    ['hostHandling', 'reply', 'streetHost', [11, 11, 0, null]],
    ['replyRejected', 'reply', 'streetHost', [11, 11, 0, null]],
    ['replyReview', 'approve_reply', 'reviewer', [91, 72, 2, null]],
    ['replyReview', 'reject_reply', 'reviewer', [1, 1, 0, 3]],
    ['visitPending', 'visit', 'visitor', [92, 72, 1, null]],
    ['unreachable', 'request_visit', 'streetHost', [91, 72, 2, null]],
    ['unreachable', 'close', 'visitor', [92, 72, 13, null]],
    ['visitedUnsatisfied', 'close', 'reviewer', [92, 72, 1, null]],
    ['visitedUnsatisfied', 're_handle', 'reviewer', [1, 0, 0, null]],
    ['hostHandling', 'merge', 'dispatcher', [92, 1, 0, null]],
  ] as const)('%s → %s by %s', (state, action, actorName, [s, m, h, n]) => {
    expect(to(state, action, actorName)).toEqual({
      status: s,
      mainOrgStatus: m,
      huifangState: h,
      needReviewStatus: n,
    });
  });

  it('approve_return sends the order back to the district, or to the city (terminal)', () => {
    const o = order('returnReview');
    const district = expectOk(act(o, 'approve_return', ACTORS.reviewer, {})).next;
    expect(codesOf(district)).toEqual({
      status: 1,
      mainOrgStatus: 71,
      huifangState: 0,
      needReviewStatus: null,
    });
    expect(district.hostUnitId).toBe(o.hostUnitId);
    const city = expectOk(act(o, 'approve_return', ACTORS.reviewer, { toCity: true })).next;
    expect(codesOf(city).status).toBe(72);
    expect(city.mainOrgStatus).toBe(71);
    expect(city.closedTime).toEqual(expect.any(Date));
  });

  it('approve_reply stamps the city reply time only for orders that came from the city', () => {
    for (const [typeId, stamped] of [
      [1, true],
      [7, true],
      [5, false],
      [8, false],
    ] as const) {
      const { next } = expectOk(
        act(order('replyReview', { typeId }), 'approve_reply', ACTORS.reviewer),
      );
      expect(next.cityReplyTime !== null, `typeId ${typeId}`).toBe(stamped);
    }
  });

  it('reply records the trimmed result and the host answers', () => {
    const input = { content: ' 已处理 ', contacted: true, resolved: false };
    const { next } = expectOk(act(order('hostHandling'), 'reply', ACTORS.streetHost, input));
    expect(next).toMatchObject({
      replyContent: '已处理',
      replyContacted: true,
      replyResolved: false,
    });
  });
});

describe('refusals', () => {
  it('never carry a next state or an event, and leave the order untouched', () => {
    let refusals = 0;
    for (const [, o] of frozenFixtures()) {
      const before = JSON.stringify(o);
      for (const actorName of ACTOR_NAMES) {
        for (const action of ACTIONS) {
          const result = act(o, action, ACTORS[actorName], { ...VALID[action] } as never);
          if (result.ok) continue;
          refusals += 1;
          expect(Object.keys(result).sort()).toEqual(['ok', 'refusal']);
        }
      }
      expect(JSON.stringify(o)).toBe(before);
    }
    expect(refusals).toBeGreaterThan(1000);
  });
});

describe('needReviewStatus follows the pending request', () => {
  // A request awaiting approval is what needReviewStatus 1 means (WORKFLOW section 4); any
  // move that leaves a request pending must keep it at 1, or the approval list loses it.
  it.each(frozenFixtures())('after every action from %s', (_name, o) => {
    const broken: string[] = [];
    for (const action of ACTIONS) {
      const input =
        action === 'merge'
          ? { into: { id: MERGE_TARGET_ID, status: 0, mergedIntoId: null } }
          : VALID[action];
      const result = act(o, action, ACTORS.admin, input as never);
      if (!result.ok) continue;
      const { pendingRequest, needReviewStatus } = result.next;
      if ((pendingRequest !== null) !== (needReviewStatus === 1)) {
        broken.push(
          `${action}: needReviewStatus ${needReviewStatus}, request ${pendingRequest?.kind ?? 'none'}`,
        );
      }
    }
    expect(broken).toEqual([]);
  });
});
