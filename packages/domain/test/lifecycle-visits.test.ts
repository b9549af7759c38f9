/** Return visits (call-back rounds 2 → 11 → 12 → 13), closing, and re-handling. */
import { describe, expect, it } from 'vitest';
import type { OrderState } from '../src/lifecycle/types';
import { ACTORS } from './support/actors';
import { at, codesOf, order, UNIT } from './support/fixtures';
import { act, expectOk, expectRefused, VALID } from './support/run';

const { visitor, reviewer, streetHost } = ACTORS;
const FAILED = { reached: false } as const;
const reachedWith = (satisfaction: 'satisfied' | 'basic' | 'unsatisfied', resolved: boolean) => ({
  reached: true,
  hostContacted: true,
  resolved,
  satisfaction,
  remark: ' 市民反馈 ',
});

describe('failed visits', () => {
  it('walk 2 → 11 → 12 → 13, counting attempts', () => {
    let o = order('visitPending');
    const seen: [number, number][] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const { next, effects } = expectOk(act(o, 'visit', visitor, FAILED, at(attempt)));
      expect(effects).toEqual([{ kind: 'visitRecord', attempt, reached: false }]);
      expect(next).toMatchObject({ status: 91, visitTime: at(attempt), visitContacted: false });
      seen.push([next.huifangState, next.visitCount]);
      o = next;
    }
    expect(seen).toEqual([
      [11, 1],
      [12, 2],
      [13, 3],
    ]);
  });

  it('stop after the third: a fourth visit is refused', () => {
    const r = act(order('unreachable'), 'visit', visitor, FAILED);
    expectRefused(r, 409, 'order.wrongState', {
      state: { zh: '已答复', en: 'replied' },
      action: { zh: '回访', en: 'visit' },
    });
  });

  it('an unreachable citizen: the visitor closes from 13', () => {
    const { next } = expectOk(act(order('unreachable'), 'close', visitor, {}, at(5)));
    expect(next).toMatchObject({ status: 92, huifangState: 13, closedTime: at(5) });
  });

  it('cannot close while a visit is still due', () => {
    for (const state of ['visitPending', 'visitFailed1', 'visitFailed2'] as const) {
      expectRefused(act(order(state), 'close', visitor), 409, 'order.wrongState');
    }
  });
});

describe('a reached visit', () => {
  it.each([
    ['satisfied', true],
    ['basic', true],
    ['unsatisfied', true],
    ['satisfied', false],
    ['basic', false],
    ['unsatisfied', false],
  ] as const)('%s (resolved: %s) closes the order (92)', (satisfaction, resolved) => {
    const { next, effects } = expectOk(
      act(order('visitFailed1'), 'visit', visitor, reachedWith(satisfaction, resolved), at(3)),
    );
    expect(next).toMatchObject({
      status: 92,
      mainOrgStatus: 72,
      huifangState: 1,
      visitCount: 2,
      visitResult: satisfaction,
      visitContacted: true,
      visitHostContacted: true,
      visitResolved: resolved,
      visitRemark: '市民反馈',
      closedTime: at(3),
    });
    expect(effects).toEqual([{ kind: 'visitRecord', attempt: 2, reached: true }]);
  });

  it('unsatisfied and unresolved closes too; the reviewer re-handles it from closed', () => {
    const { next } = expectOk(
      act(order('visitFailed2'), 'visit', visitor, reachedWith('unsatisfied', false), at(1)),
    );
    expect(next).toMatchObject({ status: 92, huifangState: 1, visitCount: 3, closedTime: at(1) });
    expect(next).toMatchObject({ visitResult: 'unsatisfied', visitResolved: false });
    expectRefused(act(next, 'close', visitor), 409, 'order.wrongState');
    const again = expectOk(act(next, 're_handle', reviewer, VALID.re_handle, at(2))).next;
    expect(codesOf(again)).toEqual({
      status: 1,
      mainOrgStatus: 0,
      huifangState: 0,
      needReviewStatus: null,
    });
    expect(again.closedTime).toBeNull();
  });

  it('unsatisfied but resolved closes, and may not be re-handled', () => {
    const { next } = expectOk(
      act(order('visitPending'), 'visit', visitor, reachedWith('unsatisfied', true)),
    );
    expect(next.status).toBe(92);
    expectRefused(act(next, 're_handle', reviewer), 409, 'order.rehandleNotAllowed');
  });

  it('a blank remark is stored as none', () => {
    const input = { ...reachedWith('satisfied', true), remark: '  ' };
    expect(
      expectOk(act(order('visitPending'), 'visit', visitor, input)).next.visitRemark,
    ).toBeNull();
  });

  it('an imported visited order left open may be closed by the visitor or the reviewer', () => {
    for (const actor of [visitor, reviewer]) {
      expect(expectOk(act(order('visitedUnsatisfied'), 'close', actor)).next.status).toBe(92);
    }
  });
});

describe('re-handle', () => {
  const rehandled = (from: OrderState) =>
    expectOk(act(from, 're_handle', reviewer, VALID.re_handle, at(10))).next;

  it.each(['visitedUnsatisfied', 'closedUnsatisfied'] as const)(
    'from %s goes back to the same host, pending its sign',
    (state) => {
      const before = order(state);
      const next = rehandled(before);
      expect(codesOf(next)).toEqual({
        status: 1,
        mainOrgStatus: 0,
        huifangState: 0,
        needReviewStatus: null,
      });
      expect(next).toMatchObject({
        hostUnitId: UNIT.hostStreet,
        coHostUnitIds: before.coHostUnitIds,
        isSecondVisit: true,
        closedTime: null,
        dispatchTime: at(10),
        hostSignTime: null,
        deadline: at(10 + 168),
        visitResult: null,
        visitContacted: null,
        visitHostContacted: null,
        visitResolved: null,
        visitRemark: null,
      });
    },
  );

  it.each([
    ['satisfied and resolved', 'closedSatisfied'],
    ['unsatisfied but resolved', 'visitedUnsatisfiedResolved'],
    ['basic', 'visitedBasic'],
    ['unreachable', 'unreachable'],
    ['closed unreachable', 'closedUnreachable'],
    ['not visited yet', 'visitPending'],
  ] as const)('is refused when the visit was %s', (_label, state) => {
    expectRefused(act(order(state), 're_handle', reviewer), 409, 'order.rehandleNotAllowed');
  });

  it('a second round: sign, reply, approve, visit again; attempts keep counting', () => {
    let o = rehandled(order('visitedUnsatisfied'));
    o = expectOk(act(o, 'host_sign', streetHost, {}, at(11))).next;
    o = expectOk(act(o, 'reply', streetHost, VALID.reply, at(12))).next;
    o = expectOk(act(o, 'approve_reply', reviewer, {}, at(13))).next;
    expect(codesOf(o)).toEqual({
      status: 91,
      mainOrgStatus: 72,
      huifangState: 2,
      needReviewStatus: null,
    });
    expect(o.isSecondVisit).toBe(true);
    const visited = expectOk(act(o, 'visit', visitor, reachedWith('satisfied', true), at(14)));
    expect(visited.next).toMatchObject({ status: 92, visitCount: 2 });
    expect(visited.effects).toEqual([{ kind: 'visitRecord', attempt: 2, reached: true }]);
  });
});

describe('one whole life', () => {
  it('intake → sign → dispatch → host sign → reply → approve → visit → closed', () => {
    const steps = [
      ['sign', ACTORS.dispatcher, {}],
      ['dispatch', ACTORS.dispatcher, VALID.dispatch],
      ['host_sign', streetHost, {}],
      ['reply', streetHost, VALID.reply],
      ['approve_reply', reviewer, {}],
      ['visit', visitor, VALID.visit],
    ] as const;
    let o = order('unsigned');
    const trail: string[] = [];
    for (const [i, [action, actor, input]] of steps.entries()) {
      const { next, event } = expectOk(act(o, action, actor, input as never, at(i)));
      trail.push(
        `${event.from.status}/${event.from.mainOrgStatus}→${event.to.status}/${event.to.mainOrgStatus}`,
      );
      o = next;
    }
    expect(trail).toEqual([
      '0/-1→1/-1',
      '1/-1→1/0',
      '1/0→1/1',
      '1/1→11/11',
      '11/11→91/72',
      '91/72→92/72',
    ]);
    expect(o).toMatchObject({
      systemSignTime: at(0),
      dispatchTime: at(1),
      hostSignTime: at(2),
      replyTime: at(3),
    });
  });
});
