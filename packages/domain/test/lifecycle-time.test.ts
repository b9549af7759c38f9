/** Time rules of WORKFLOW section 3 as the lifecycle applies them. */
import { describe, expect, it } from 'vitest';
import type { LifecycleSettings } from '../src/lifecycle/types';
import { URGENCIES } from '../src/work-order';
import { ACTORS } from './support/actors';
import { at, NOW, order } from './support/fixtures';
import { act, expectOk, expectRefused, VALID } from './support/run';

const { dispatcher, reviewer, streetHost } = ACTORS;
const MS = 1;

const CUSTOM: LifecycleSettings = {
  limits: {
    refuseSignHours: 6,
    handlingHours: { emergency: 4, utility: 12, general: 72, complex: 240 },
  },
};

describe('refusal only before refuseDeadline', () => {
  const o = order('unsigned', { refuseDeadline: at(1) });

  it('is allowed a millisecond before the deadline', () => {
    const before = new Date(at(1).getTime() - MS);
    const { next } = expectOk(act(o, 'refuse', dispatcher, VALID.refuse, before));
    expect(next).toMatchObject({ status: 71, closedTime: before });
  });

  // The status code is checked in lifecycle-states (409 expected); here, the boundary.
  it.each([
    ['exactly at the deadline', at(1)],
    ['a millisecond after', new Date(at(1).getTime() + MS)],
    ['a day after', at(25)],
  ])('is refused %s', (_label, now) => {
    const result = act(o, 'refuse', dispatcher, VALID.refuse, now);
    if (result.ok) expect.fail('refusal expected');
    expect(['order.refuseExpired', 'order.wrongState']).toContain(result.refusal.key);
  });

  it('is allowed when the order has no refuse deadline', () => {
    expectOk(act(order('unsigned', { refuseDeadline: null }), 'refuse', dispatcher));
  });

  it('does not bind signing', () => {
    expectOk(act(o, 'sign', dispatcher, {}, at(30)));
  });
});

describe('dispatch sets the deadlines', () => {
  const expected = { emergency: 2, utility: 24, general: 168, complex: 360 } as const;

  it.each(URGENCIES)('default handling limit for %s', (urgency) => {
    const { next } = expectOk(act(order('undispatched', { urgency }), 'dispatch', dispatcher));
    expect(next).toMatchObject({
      mainOrgStatus: 0,
      dispatchTime: NOW,
      handlingLimitHours: expected[urgency],
      deadline: at(expected[urgency]),
      refuseDeadline: at(24),
      hostSignTime: null,
    });
  });

  it.each(URGENCIES)('custom handling limit for %s from the settings', (urgency) => {
    const o = order('undispatched', { urgency });
    const { next } = expectOk(act(o, 'dispatch', dispatcher, VALID.dispatch, NOW, CUSTOM));
    const hours = CUSTOM.limits.handlingHours[urgency];
    expect(next.handlingLimitHours).toBe(hours);
    expect(next.deadline).toEqual(at(hours));
    expect(next.refuseDeadline).toEqual(at(6));
  });

  it('re-dispatch after an approved return starts the clocks again', () => {
    const later = at(50);
    const o = order('returnApproved', { urgency: 'utility' });
    const { next } = expectOk(act(o, 'dispatch', dispatcher, VALID.dispatch, later));
    expect(next.deadline).toEqual(at(74));
    expect(next.refuseDeadline).toEqual(at(74));
    expect(next.dispatchTime).toEqual(later);
    expect(next.hostSignTime).toBeNull();
  });

  it('keeps the dispatcher who claimed the order', () => {
    const o = order('undispatched', { dispatcherId: 42 });
    expect(expectOk(act(o, 'dispatch', ACTORS.admin)).next.dispatcherId).toBe(42);
  });
});

describe('extension moves the deadline by the approved hours', () => {
  it('apply then approve', () => {
    const applied = expectOk(
      act(order('hostHandling'), 'apply_extension', streetHost, { hours: 36, reason: '协调' }),
    ).next;
    expect(applied.deadline).toEqual(at(167));
    const { next, effects } = expectOk(act(applied, 'approve_extension', reviewer, {}, at(2)));
    expect(next).toMatchObject({
      deadline: at(167 + 36),
      handlingLimitHours: 168 + 36,
      needReviewStatus: 2,
      pendingRequest: null,
    });
    expect(effects).toEqual([{ kind: 'closeRequest', approved: true }]);
  });

  it('the pending 48 hours of the fixture', () => {
    const { next } = expectOk(act(order('extensionPending'), 'approve_extension', reviewer));
    expect(next.deadline).toEqual(at(167 + 48));
  });

  it('a rejection leaves the deadline', () => {
    const { next } = expectOk(act(order('extensionPending'), 'reject_extension', reviewer));
    expect(next).toMatchObject({ deadline: at(167), handlingLimitHours: 168, needReviewStatus: 3 });
    expect(next.pendingRequest).toBeNull();
  });

  it('a second request waits for the first', () => {
    const r = act(order('extensionPending'), 'apply_extension', streetHost);
    expectRefused(r, 409, 'order.requestPending');
  });

  it('an order without a deadline cannot be extended', () => {
    const r = act(order('hostHandling', { deadline: null }), 'apply_extension', streetHost);
    expectRefused(r, 409, 'order.wrongState');
  });

  it('after a rejection the host may ask again', () => {
    const rejected = expectOk(act(order('extensionPending'), 'reject_extension', reviewer)).next;
    expect(expectOk(act(rejected, 'apply_extension', streetHost)).next.needReviewStatus).toBe(1);
  });
});

describe('re-handle restarts the handling clock', () => {
  it.each(URGENCIES)('for %s, from the settings', (urgency) => {
    const o = order('visitedUnsatisfied', { urgency });
    const later = at(100);
    const { next } = expectOk(act(o, 're_handle', reviewer, VALID.re_handle, later, CUSTOM));
    const hours = CUSTOM.limits.handlingHours[urgency];
    expect(next.deadline).toEqual(at(100 + hours));
    expect(next.refuseDeadline).toEqual(at(106));
    expect(next.dispatchTime).toEqual(later);
  });

  it('records the handling limit the new deadline was computed from, as dispatch does', () => {
    const o = order('visitedUnsatisfied', { urgency: 'utility', handlingLimitHours: 24 + 48 });
    const { next } = expectOk(act(o, 're_handle', reviewer, VALID.re_handle, NOW, CUSTOM));
    expect(next.deadline).toEqual(at(12));
    expect(next.handlingLimitHours).toBe(12);
  });
});
