import { describe, expect, it } from 'vitest';
import { canRead } from '../src/lifecycle/roles';
import { openedOrder } from '../src/lifecycle/opened';
import { ACTORS } from './support/actors';
import { NOW, at, order } from './support/fixtures';
import { SETTINGS, act } from './support/run';

const opening = { id: 7, typeId: 5, urgency: 'general' as const, callTime: at(-1), at: NOW };

describe('openedOrder', () => {
  it('a city order starts unsigned, with the refusal window open from its arrival', () => {
    const o = openedOrder({ ...opening, createdBy: null, signedBy: null }, SETTINGS);
    expect([o.status, o.mainOrgStatus, o.huifangState, o.needReviewStatus]).toEqual([
      0,
      -1,
      0,
      null,
    ]);
    expect(o.dispatcherId).toBeNull();
    expect(o.systemSignTime).toBeNull();
    expect(o.refuseDeadline).toEqual(at(SETTINGS.limits.refuseSignHours));
    expect(o.hostUnitId).toBeNull();
  });

  it("a dispatcher's own order starts signed and claimed by them", () => {
    const id = ACTORS.dispatcher.userId;
    const o = openedOrder({ ...opening, createdBy: id, signedBy: id }, SETTINGS);
    expect([o.status, o.dispatcherId, o.createdBy]).toEqual([1, id, id]);
    expect(o.systemSignTime).toEqual(NOW);
  });

  it('the opened state is one the lifecycle takes up: the dispatcher can sign or dispatch it', () => {
    const unsigned = openedOrder({ ...opening, createdBy: null, signedBy: null }, SETTINGS);
    expect(act(unsigned, 'sign', ACTORS.dispatcher).ok).toBe(true);
    const id = ACTORS.dispatcher.userId;
    const signed = openedOrder({ ...opening, createdBy: id, signedBy: id }, SETTINGS);
    expect(act(signed, 'dispatch', ACTORS.dispatcher).ok).toBe(true);
  });
});

describe('canRead: the creator of a self-built order', () => {
  const own = order('unsigned', { createdBy: ACTORS.agent.userId });
  it('an intake agent reads the orders they created, and no others', () => {
    expect(canRead(ACTORS.agent, own)).toBe(true);
    expect(canRead(ACTORS.agent, { ...own, createdBy: ACTORS.agent.userId + 100 })).toBe(false);
    expect(canRead(ACTORS.agent, { ...own, createdBy: null })).toBe(false);
  });
  it('creating an order gives a unit handler no reading right by itself', () => {
    const byStreet = order('unsigned', { createdBy: ACTORS.streetOther.userId });
    expect(canRead(ACTORS.streetOther, byStreet)).toBe(false);
  });
});
