/**
 * A rejected extension or exclusion request is not a rejected reply (issue 20, defect 1): the
 * order stays in the host's in-process queue with the rejection recorded (needReviewStatus 3),
 * and only a rejected reply puts it in "rejected back to me" until the host replies again.
 */
import { describe, expect, it } from 'vitest';
import { inQueue, type QueueContext } from '../src/lifecycle/queue-filters';
import type { OrderState } from '../src/lifecycle/types';
import { ACTORS } from './support/actors';
import { NOW, order, UNIT } from './support/fixtures';
import { act, expectOk } from './support/run';

const CTX: QueueContext = {
  now: NOW,
  viewerUnitId: UNIT.hostStreet,
  viewerUserId: 5,
  overdueMode: '8hours',
  huifangMode: 0,
};
const queuesOf = (o: OrderState) =>
  ['jd_blz', 'jd_bh', 'jd_dfsh'].filter((q) => inQueue(q, o, CTX));

describe('rejected requests and rejected replies', () => {
  it.each([
    ['apply_extension', 'reject_extension'],
    ['apply_exclusion', 'reject_exclusion'],
  ] as const)('%s then %s: in process, not rejected back', (apply, reject) => {
    const asked = expectOk(act(order('hostHandling'), apply, ACTORS.streetHost)).next;
    const rejected = expectOk(act(asked, reject, ACTORS.reviewer)).next;
    expect(rejected.needReviewStatus).toBe(3);
    expect(rejected.replyRejected).toBe(false);
    expect(queuesOf(rejected)).toEqual(['jd_blz']);
  });

  it('a rejected reply stays rejected back through a request, until the host replies', () => {
    const replied = expectOk(act(order('hostHandling'), 'reply', ACTORS.streetHost)).next;
    const rejected = expectOk(act(replied, 'reject_reply', ACTORS.reviewer)).next;
    expect(rejected.replyRejected).toBe(true);
    expect(queuesOf(rejected)).toEqual(['jd_blz', 'jd_bh']);

    const asked = expectOk(act(rejected, 'apply_extension', ACTORS.streetHost)).next;
    const approved = expectOk(act(asked, 'approve_extension', ACTORS.reviewer)).next;
    expect(approved.needReviewStatus).toBe(2);
    expect(queuesOf(approved)).toEqual(['jd_blz', 'jd_bh']);

    const again = expectOk(act(approved, 'reply', ACTORS.streetHost)).next;
    expect(again.replyRejected).toBe(false);
    expect(queuesOf(again)).toEqual(['jd_dfsh']);
  });

  it('a new dispatch starts the host without a rejected reply', () => {
    const back = order('returnApproved', { replyRejected: true });
    const dispatched = expectOk(act(back, 'dispatch', ACTORS.dispatcher)).next;
    expect(dispatched.replyRejected).toBe(false);
  });
});
