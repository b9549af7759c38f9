/** The lock rule: exclusive, 30 minutes from the holder's last action, admins may break it. */
import { describe, expect, it } from 'vitest';
import { activeLock, availableActions, LOCK_TTL_MS } from '../src/lifecycle/apply';
import type { OrderState } from '../src/lifecycle/types';
import { translate } from '../src/messages';
import { ACTORS } from './support/actors';
import { at, codesOf, NOW, order } from './support/fixtures';
import { act, expectOk, expectRefused, VALID } from './support/run';

const { admin, dispatcher, reviewer, streetHost, agent, leader, coHost, visitor } = ACTORS;
const MINUTE = 60_000;
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MINUTE);

/** The order locked by `holder` at `when`. */
function lockedBy(o: OrderState, holder = dispatcher, when = NOW): OrderState {
  return expectOk(act(o, 'lock', holder, {}, when)).next;
}

describe('lock', () => {
  it('is held for 30 minutes by the actor, audited without changing the codes', () => {
    expect(LOCK_TTL_MS).toBe(30 * MINUTE);
    const o = order('hostHandling');
    const { next, event, effects } = expectOk(act(o, 'lock', dispatcher));
    expect(next.lock).toEqual({ userId: 2, userName: '派单员', expiresAt: plus(NOW, 30) });
    expect(event).toEqual({ action: 'lock', comment: '', from: codesOf(o), to: codesOf(o) });
    expect(effects).toEqual([]);
  });

  it('binds everyone else, for every action, naming the holder', () => {
    const o = lockedBy(order('hostHandling'));
    for (const [actor, action] of [
      [reviewer, 'supervise'],
      [streetHost, 'reply'],
      [admin, 'key_appeal'],
      [reviewer, 'lock'],
      [agent, 'lock'],
    ] as const) {
      const r = expectRefused(
        act(o, action, actor, VALID[action] as never, plus(NOW, 29)),
        409,
        'order.lockedByOther',
        {
          name: '派单员',
        },
      );
      expect(translate(r.key, 'en', r.params)).toBe(
        'the order is locked by 派单员; try again later',
      );
      expect(translate(r.key, 'zh', r.params)).toBe('工单已被 派单员 锁定，请稍后再试');
    }
  });

  it('is refused on an order that is not open, naming the state', () => {
    expectRefused(act(order('closedSatisfied'), 'lock', dispatcher), 409, 'order.wrongState', {
      state: { zh: '已办结', en: 'closed' },
      action: { zh: '锁定', en: 'lock' },
    });
    expectRefused(act(order('merged'), 'lock', admin), 409, 'order.wrongState');
  });

  it('is refused to someone who may not act on the order', () => {
    expectRefused(act(order('hostHandling'), 'lock', agent), 403, 'order.roleRequired', {
      action: { zh: '锁定', en: 'lock' },
    });
    expectRefused(
      act(order('hostHandling'), 'lock', ACTORS.streetOther),
      403,
      'order.roleRequired',
    );
  });

  it('is refused to someone who may only add notes or supervise', () => {
    for (const [actor, action] of [
      [leader, 'supervise'],
      [coHost, 'add_note'],
      [visitor, 'add_note'],
    ] as const) {
      expectOk(act(order('hostHandling'), action, actor));
      expectRefused(act(order('hostHandling'), 'lock', actor), 403, 'order.roleRequired', {
        action: { zh: '锁定', en: 'lock' },
      });
    }
    expectRefused(act(order('closedSatisfied'), 'lock', leader), 409, 'order.wrongState', {
      state: { zh: '已办结', en: 'closed' },
      action: { zh: '锁定', en: 'lock' },
    });
    expectRefused(act(order('closedSatisfied'), 'lock', coHost), 409, 'order.wrongState');
  });
});

describe("the holder's actions", () => {
  it('refresh the expiry when the order stays in its queue', () => {
    const o = lockedBy(order('hostHandling'));
    const supervised = expectOk(act(o, 'supervise', dispatcher, VALID.supervise, plus(NOW, 20)));
    expect(supervised.next.lock?.expiresAt).toEqual(plus(NOW, 50));
    const noted = expectOk(
      act(supervised.next, 'add_note', dispatcher, VALID.add_note, plus(NOW, 45)),
    );
    expect(noted.next.lock).toEqual({ userId: 2, userName: '派单员', expiresAt: plus(NOW, 75) });
  });

  it('re-locking refreshes too', () => {
    const o = lockedBy(order('hostHandling'));
    expect(lockedBy(o, dispatcher, plus(NOW, 10)).lock?.expiresAt).toEqual(plus(NOW, 40));
  });

  it.each([
    ['dispatch', 'undispatched', dispatcher],
    ['host_sign', 'hostPending', streetHost],
    ['reply', 'hostHandling', streetHost],
    ['apply_return', 'hostHandling', streetHost],
    ['approve_reply', 'replyReview', reviewer],
    ['reject_return', 'returnReview', reviewer],
    ['merge', 'hostHandling', dispatcher],
  ] as const)('release it when %s moves the order to another queue', (action, state, actor) => {
    const o = lockedBy(order(state), actor);
    const { next } = expectOk(act(o, action, actor, VALID[action] as never, plus(NOW, 5)));
    expect(next.lock).toBeNull();
  });
});

describe('expiry', () => {
  const o = lockedBy(order('hostHandling'));

  it('a lock binds until a millisecond before its expiry', () => {
    const last = new Date(plus(NOW, 30).getTime() - 1);
    expectRefused(act(o, 'supervise', reviewer, VALID.supervise, last), 409, 'order.lockedByOther');
  });

  it('binds nobody at and after its expiry', () => {
    for (const when of [plus(NOW, 30), plus(NOW, 90)]) {
      expectOk(act(o, 'supervise', reviewer, VALID.supervise, when));
      expect(availableActions(o, reviewer, when)).toContain('lock');
      const taken = expectOk(act(o, 'lock', reviewer, {}, when)).next.lock;
      expect(taken).toEqual({ userId: 3, userName: '审核员', expiresAt: plus(when, 30) });
    }
  });

  it("the former holder's action after expiry does not revive the lock", () => {
    const when = plus(NOW, 45);
    const { next } = expectOk(act(o, 'supervise', dispatcher, VALID.supervise, when));
    expect(activeLock(next, when)).toBeNull();
    expect(availableActions(next, reviewer, when)).toContain('lock');
  });

  it('an expired lock lists no unlock', () => {
    expect(availableActions(o, dispatcher, plus(NOW, 31))).not.toContain('unlock');
    expect(availableActions(o, admin, plus(NOW, 31))).not.toContain('unlock');
  });
});

describe('unlock', () => {
  const o = lockedBy(order('hostHandling'));

  it('by the holder clears it', () => {
    const { next, event } = expectOk(act(o, 'unlock', dispatcher, {}));
    expect(next.lock).toBeNull();
    expect(event.comment).toBe('');
  });

  it('by anyone else is refused, naming the holder, even with force', () => {
    for (const actor of [reviewer, streetHost, agent]) {
      for (const input of [{}, { force: true }]) {
        expectRefused(act(o, 'unlock', actor, input), 409, 'order.lockedByOther', {
          name: '派单员',
        });
      }
    }
  });

  it('by an admin needs force, and is audited as forced', () => {
    expectRefused(act(o, 'unlock', admin, {}), 409, 'order.lockedByOther');
    const { next, event } = expectOk(act(o, 'unlock', admin, { force: true }));
    expect(next.lock).toBeNull();
    expect(event).toMatchObject({ action: 'unlock', comment: 'force: 派单员' });
  });

  it('is refused when no lock is active (none, or expired), even to an admin with force', () => {
    for (const [held, when] of [
      [order('hostHandling'), NOW],
      [o, plus(NOW, 30)],
      [o, plus(NOW, 90)],
    ] as const) {
      for (const actor of [dispatcher, agent, admin]) {
        for (const input of [{}, { force: true }]) {
          const result = act(held, 'unlock', actor, input, when);
          const refusal = expectRefused(result, 409, 'order.notLockedByYou');
          expect(refusal.params).toBeUndefined();
          expect('event' in result).toBe(false);
        }
      }
    }
  });
});

describe('availableActions and the lock', () => {
  const o = lockedBy(order('hostHandling'));

  it('others see nothing to do while it is held; the admin sees unlock', () => {
    expect(availableActions(o, reviewer, at(0.1))).toEqual([]);
    expect(availableActions(o, streetHost, at(0.1))).toEqual([]);
    expect(availableActions(o, admin, at(0.1))).toEqual(['unlock']);
  });

  it('the holder sees its actions and unlock, not lock', () => {
    const mine = availableActions(o, dispatcher, at(0.1));
    expect(mine).toContain('supervise');
    expect(mine).toContain('unlock');
    expect(mine).not.toContain('lock');
  });

  it("lists 'lock' only for someone who may act on an open order", () => {
    expect(availableActions(order('hostHandling'), agent, NOW)).toEqual([]);
    expect(availableActions(order('hostHandling'), ACTORS.streetOther, NOW)).toEqual([]);
    expect(availableActions(order('hostHandling'), reviewer, NOW)).toContain('lock');
    for (const actor of [leader, coHost, visitor]) {
      expect(availableActions(order('hostHandling'), actor, NOW)).not.toContain('lock');
    }
    const closed = availableActions(order('closedUnsatisfied'), reviewer, NOW);
    expect(closed).toContain('add_note');
    expect(closed).not.toContain('lock');
  });
});
