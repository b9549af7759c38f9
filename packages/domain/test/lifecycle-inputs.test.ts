/** Inputs each action requires, the exact message keys, and what each action writes. */
import { describe, expect, it } from 'vitest';
import { translate } from '../src/messages';
import { availableActions } from '../src/lifecycle/apply';
import { ACTORS } from './support/actors';
import { at, MERGE_TARGET_ID, NOW, order, UNIT } from './support/fixtures';
import { act, expectOk, expectRefused } from './support/run';

const BLANKS = ['', '   ', '\n\t'];
const { dispatcher, reviewer, streetHost, visitor } = ACTORS;

describe('required texts', () => {
  it.each(BLANKS)('refuse needs a reason (%j)', (blank) => {
    expectRefused(
      act(order('unsigned'), 'refuse', dispatcher, { reason: blank }),
      400,
      'order.reasonRequired',
    );
  });

  it.each(BLANKS)('apply_return needs a reason (%j)', (blank) => {
    const r = act(order('hostHandling'), 'apply_return', streetHost, { reason: blank });
    expectRefused(r, 400, 'order.reasonRequired');
  });

  it.each([
    ['reject_return', 'returnReview'],
    ['reject_reply', 'replyReview'],
    ['reject_extension', 'extensionPending'],
    ['reject_exclusion', 'exclusionPending'],
    ['re_handle', 'visitedUnsatisfied'],
  ] as const)('%s needs a review comment', (action, state) => {
    for (const blank of BLANKS) {
      expectRefused(
        act(order(state), action, reviewer, { comment: blank }),
        400,
        'order.commentRequired',
      );
    }
  });

  it.each(BLANKS)('supervise needs a comment (%j)', (blank) => {
    const r = act(order('hostHandling'), 'supervise', dispatcher, { comment: blank });
    expectRefused(r, 400, 'order.reasonRequired');
  });

  it.each(BLANKS)('reply needs the result text (%j)', (blank) => {
    const r = act(order('hostHandling'), 'reply', streetHost, {
      content: blank,
      contacted: true,
      resolved: true,
    });
    expectRefused(r, 400, 'order.replyRequired');
  });

  it('a reached visit needs contacted, resolved and satisfaction; a failed one needs none', () => {
    const o = order('visitPending');
    const full = {
      reached: true,
      hostContacted: true,
      resolved: false,
      satisfaction: 'basic',
    } as const;
    for (const missing of ['hostContacted', 'resolved', 'satisfaction'] as const) {
      const input = { ...full, [missing]: undefined };
      expectRefused(act(o, 'visit', visitor, input), 400, 'order.visitResultRequired');
    }
    expectOk(act(o, 'visit', visitor, full));
    expectOk(act(o, 'visit', visitor, { reached: false }));
  });

  it('notes, handler names and exclusions need text; edits need a field', () => {
    const o = order('hostHandling');
    expectRefused(act(o, 'add_note', dispatcher, { content: ' ' }), 400, 'order.reasonRequired');
    expectRefused(act(o, 'record_staff', streetHost, { staff: '' }), 400, 'order.reasonRequired');
    const noType = { tichuType: ' ', reason: '诉求不合理' };
    expectRefused(act(o, 'apply_exclusion', streetHost, noType), 400, 'order.reasonRequired');
    const noReason = { tichuType: 'unreasonable', reason: '' };
    expectRefused(act(o, 'apply_exclusion', streetHost, noReason), 400, 'order.reasonRequired');
    expectRefused(act(o, 'edit', dispatcher, { fields: [] }), 400, 'order.nothingToChange');
  });
});

describe('dispatch input', () => {
  const o = order('undispatched');
  it('needs a host unit that is not also a co-host', () => {
    expectRefused(act(o, 'dispatch', dispatcher, { hostUnitId: 0 }), 400, 'order.hostRequired');
    const both = { hostUnitId: UNIT.hostStreet, coHostUnitIds: [UNIT.coHost, UNIT.hostStreet] };
    expectRefused(act(o, 'dispatch', dispatcher, both), 400, 'order.hostIsCoHost');
  });

  it('keeps each co-host once and says so in the assign effect', () => {
    const input = { hostUnitId: UNIT.hostDept, coHostUnitIds: [UNIT.coHost, UNIT.coHost, 22] };
    const { next, effects } = expectOk(act(o, 'dispatch', dispatcher, input));
    expect(next.coHostUnitIds).toEqual([UNIT.coHost, 22]);
    expect(next.hostUnitId).toBe(UNIT.hostDept);
    expect(effects).toEqual([
      { kind: 'assign', hostUnitId: UNIT.hostDept, coHostUnitIds: [13, 22] },
    ]);
  });

  it('without co-hosts assigns none, and claims the order for the dispatcher', () => {
    const { next } = expectOk(act(o, 'dispatch', dispatcher, { hostUnitId: UNIT.hostStreet }));
    expect(next.coHostUnitIds).toEqual([]);
    expect(next.dispatcherId).toBe(dispatcher.userId);
  });
});

describe('extension and exclusion requests', () => {
  it.each([0, -1, 1.5, 721, Number.NaN])('refuses %d extension hours', (hours) => {
    const r = act(order('hostHandling'), 'apply_extension', streetHost, { hours, reason: '协调' });
    expectRefused(r, 400, 'order.extensionHours');
  });

  it.each([1, 720])('accepts %d extension hours', (hours) => {
    const r = act(order('hostHandling'), 'apply_extension', streetHost, { hours, reason: '协调' });
    const { next, effects } = expectOk(r);
    const request = { kind: 'extension', hours, requestedBy: streetHost.userId };
    expect(next.needReviewStatus).toBe(1);
    expect(next.pendingRequest).toEqual(request);
    expect(effects).toEqual([{ kind: 'openRequest', request }]);
  });

  it('an extension needs a reason', () => {
    const r = act(order('hostHandling'), 'apply_extension', streetHost, { hours: 4, reason: ' ' });
    expectRefused(r, 400, 'order.reasonRequired');
  });

  it('an exclusion request is recorded with its trimmed type; approval sets tichuType', () => {
    const input = { tichuType: ' unreasonable ', reason: '诉求不合理' };
    const { next } = expectOk(act(order('closedSatisfied'), 'apply_exclusion', streetHost, input));
    expect(next.pendingRequest).toEqual({
      kind: 'exclusion',
      tichuType: 'unreasonable',
      requestedBy: streetHost.userId,
    });
    const approved = expectOk(act(next, 'approve_exclusion', reviewer));
    expect(approved.next).toMatchObject({
      tichuType: 'unreasonable',
      needReviewStatus: 2,
      pendingRequest: null,
    });
    expect(approved.effects).toEqual([{ kind: 'closeRequest', approved: true }]);
    expectRefused(
      act(approved.next, 'apply_exclusion', streetHost, input),
      409,
      'order.wrongState',
    );
  });

  it('a rejected exclusion leaves tichuType empty', () => {
    const { next, effects } = expectOk(
      act(order('exclusionPending'), 'reject_exclusion', reviewer),
    );
    expect(next).toMatchObject({ tichuType: null, needReviewStatus: 3, pendingRequest: null });
    expect(effects).toEqual([{ kind: 'closeRequest', approved: false }]);
  });
});

describe('merge', () => {
  const o = order('hostHandling');
  it.each([
    ['itself', { id: o.id, status: 1, mergedIntoId: null }],
    ['a closed order', { id: MERGE_TARGET_ID, status: 92, mergedIntoId: null }],
    ['a refused order', { id: MERGE_TARGET_ID, status: 71, mergedIntoId: null }],
    ['a merged order', { id: MERGE_TARGET_ID, status: 1, mergedIntoId: 5 }],
  ])('refuses merging into %s', (_label, into) => {
    expectRefused(act(o, 'merge', dispatcher, { into }), 400, 'order.mergeTargetInvalid');
  });

  it('closes the order as merged into an open one', () => {
    const into = { id: MERGE_TARGET_ID, status: 12, mergedIntoId: null };
    const { next, effects } = expectOk(act(o, 'merge', dispatcher, { into }));
    expect(next).toMatchObject({ status: 92, mergedIntoId: MERGE_TARGET_ID, closedTime: NOW });
    expect(effects).toEqual([{ kind: 'merge', intoId: MERGE_TARGET_ID }]);
  });
});

describe('flags', () => {
  it('supervise counts and marks; key_appeal sets and clears', () => {
    const once = expectOk(act(order('hostHandling'), 'supervise', ACTORS.leader)).next;
    const twice = expectOk(act(once, 'supervise', reviewer)).next;
    expect(twice).toMatchObject({ isSupervised: true, superviseCount: 2 });
    const on = expectOk(act(order('unsigned'), 'key_appeal', dispatcher, { on: true })).next;
    expect(on.isKeyAppeal).toBe(true);
    const off = expectOk(act(on, 'key_appeal', reviewer, { on: false }));
    expect(off.next.isKeyAppeal).toBe(false);
    expect(off.event.comment).toBe('');
  });

  it('record_staff stores the trimmed name; claim takes an unclaimed order', () => {
    const r = act(order('hostPending'), 'record_staff', streetHost, { staff: ' 张三 ' });
    expect(expectOk(r).next.assignedStaff).toBe('张三');
    expect(expectOk(act(order('undispatched'), 'claim', dispatcher)).next.dispatcherId).toBe(2);
  });

  it('claiming what one already holds (signing claimed it) is refused and not offered', () => {
    const signed = expectOk(act(order('unsigned'), 'sign', dispatcher)).next;
    expect(signed.dispatcherId).toBe(dispatcher.userId);
    expectRefused(act(signed, 'claim', dispatcher), 409, 'order.alreadyYours');
    expect(availableActions(signed, dispatcher, NOW)).not.toContain('claim');
    expect(translate('order.alreadyYours', 'zh')).toBe('工单已由您领取，无需再次领取');
  });

  it('request_visit asks the centre to try again after three failed visits', () => {
    for (const actor of [streetHost, dispatcher]) {
      const { next, event } = expectOk(act(order('unreachable'), 'request_visit', actor));
      expect(next).toMatchObject({ status: 91, huifangState: 2, visitCount: 3 });
      expect(event.comment).toBe('请中心回访');
    }
    for (const state of ['repliedNoVisit', 'closedUnreachable'] as const) {
      expectRefused(act(order(state), 'request_visit', streetHost), 409, 'order.wrongState');
    }
  });
});

describe('messages', () => {
  it('name the state and the action in both languages', () => {
    const r = expectRefused(
      act(order('replyReview'), 'host_sign', ACTORS.admin),
      409,
      'order.wrongState',
    );
    expect(translate(r.key, 'zh', r.params)).toBe('工单当前状态（答复审核中）不能执行“承办签收”');
    expect(translate(r.key, 'en', r.params)).toBe(
      'the order is reply under review: "sign as host" does not apply now',
    );
  });

  it('name the action for a role refusal', () => {
    const r = expectRefused(act(order('unsigned'), 'sign', visitor), 403, 'order.roleRequired');
    expect(translate(r.key, 'zh', r.params)).toBe('您的角色不能执行“签收”');
    expect(translate(r.key, 'en', r.params)).toBe('your role may not "sign"');
  });

  it.each([5, 8, 9, 10])('an order of source %i never came from the city: no refusal', (typeId) => {
    const built = order('unsigned', { typeId, createdBy: 5 });
    expectRefused(act(built, 'refuse', dispatcher), 409, 'order.refuseNotFromCity');
    expect(availableActions(built, dispatcher, NOW)).not.toContain('refuse');
    expect(availableActions(built, dispatcher, NOW)).toContain('sign');
  });

  it.each([1, 7])('an order of source %i came from the city: refusal offered', (typeId) => {
    const sent = order('unsigned', { typeId });
    expect(availableActions(sent, dispatcher, NOW)).toContain('refuse');
    expectOk(act(sent, 'refuse', dispatcher));
  });

  it('a refusal at the refuse deadline is the expired message', () => {
    const o = order('unsigned', { refuseDeadline: at(0) });
    const r = act(o, 'refuse', dispatcher);
    if (r.ok) expect.fail('refused expected');
    expect(r.refusal.key).toBe('order.refuseExpired');
    expect(translate(r.refusal.key, 'zh')).toBe('已超过拒签时限，不能拒签');
  });
});
