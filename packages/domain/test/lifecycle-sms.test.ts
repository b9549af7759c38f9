/**
 * The caller's progress texts switched per order after intake (issue 22): sms_opt_out and
 * sms_opt_in follow the edit permission (the district, or the host while handling) and apply
 * while texts may still follow — open orders and replied ones awaiting the visit or the close.
 */
import { describe, expect, it } from 'vitest';
import { availableActions } from '../src/lifecycle/apply';
import { ACTORS } from './support/actors';
import { NOW, order } from './support/fixtures';
import { act, expectOk, expectRefused } from './support/run';

describe('switching the texts of one order', () => {
  it('off, then on again: the flag moves, the codes do not, the comment is kept', () => {
    const o = order('hostHandling');
    const off = expectOk(act(o, 'sms_opt_out', ACTORS.dispatcher, { comment: ' 市民要求 ' }));
    expect(off.next.smsOptOut).toBe(true);
    expect(off.event).toMatchObject({ action: 'sms_opt_out', comment: '市民要求' });
    expect(off.event.to).toEqual(off.event.from);
    const on = expectOk(act(off.next, 'sms_opt_in', ACTORS.dispatcher, {}));
    expect(on.next.smsOptOut).toBe(false);
    expect(on.event.comment).toBe('');
  });

  it('asking for the state the order is already in is a conflict with its own message', () => {
    expectRefused(
      act(order('hostHandling'), 'sms_opt_in', ACTORS.dispatcher),
      409,
      'order.smsAlreadyOn',
    );
    const off = order('hostHandling', { smsOptOut: true });
    expectRefused(act(off, 'sms_opt_out', ACTORS.dispatcher), 409, 'order.smsAlreadyOff');
  });

  it('the abilities offer the one switch that applies', () => {
    const on = availableActions(order('hostHandling'), ACTORS.dispatcher, NOW);
    expect(on).toContain('sms_opt_out');
    expect(on).not.toContain('sms_opt_in');
    const off = availableActions(
      order('visitPending', { smsOptOut: true }),
      ACTORS.dispatcher,
      NOW,
    );
    expect(off).toContain('sms_opt_in');
    expect(off).not.toContain('sms_opt_out');
  });

  it('after the reply the district may still switch (visit and closing texts follow)', () => {
    for (const state of ['repliedNoVisit', 'visitPending', 'unreachable'] as const) {
      expectOk(act(order(state), 'sms_opt_out', ACTORS.dispatcher));
      // the host is no longer handling it
      expectRefused(
        act(order(state), 'sms_opt_out', ACTORS.streetHost),
        409,
        'order.hostNotHandling',
      );
    }
    for (const state of ['closedSatisfied', 'refused', 'returnedToCity', 'merged'] as const) {
      expectRefused(act(order(state), 'sms_opt_out', ACTORS.dispatcher), 409, 'order.wrongState');
    }
  });

  it('as the edit permission: the host while handling; agents, reviewers, visitors, other units never', () => {
    expectOk(act(order('hostHandling'), 'sms_opt_out', ACTORS.streetHost));
    expectRefused(
      act(order('replyReview'), 'sms_opt_out', ACTORS.streetHost),
      409,
      'order.hostNotHandling',
    );
    for (const actor of ['agent', 'reviewer', 'visitor', 'leader'] as const) {
      expectRefused(
        act(order('hostHandling'), 'sms_opt_out', ACTORS[actor]),
        403,
        'order.roleRequired',
      );
    }
    expectRefused(
      act(order('hostHandling'), 'sms_opt_out', ACTORS.streetOther),
      403,
      'order.notYourUnit',
    );
    expectRefused(
      act(order('hostHandling'), 'sms_opt_out', ACTORS.coHost),
      403,
      'order.notYourUnit',
    );
  });
});
