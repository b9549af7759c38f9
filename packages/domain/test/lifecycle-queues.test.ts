/** Queue membership (WORKFLOW section 6) over the fixtures, expected sets written out by hand. */
import { describe, expect, it } from 'vitest';
import {
  holds,
  inQueue,
  isPersonalQueue,
  QUEUE_FILTERS,
  queueFiltersComplete,
  queueStatuses,
  visitPendingStates,
  type QueueContext,
} from '../src/lifecycle/queue-filters';
import type { OrderState } from '../src/lifecycle/types';
import { QUEUES } from '../src/queues';
import { at, FIXTURE_NAMES, NOW, order, UNIT } from './support/fixtures';

/** The fixtures (a street hosts) plus variants that separate the queues. */
const ORDERS: Record<string, OrderState> = {
  ...Object.fromEntries(FIXTURE_NAMES.map((name) => [name, order(name)])),
  keyOpen: order('hostHandling', { isKeyAppeal: true }),
  keyClosed: order('closedSatisfied', { isKeyAppeal: true }),
  otherHost: order('hostHandling', { hostUnitId: UNIT.otherStreet }),
  nearDeadline: order('hostHandling', { deadline: at(2) }),
  reviewNear: order('returnReview', { deadline: at(2) }),
  // Back with the district after a return, nobody's: pending dispatch, not pending pickup.
  returnedUnclaimed: order('returnApproved', { dispatcherId: null }),
};

const CTX: QueueContext = {
  now: NOW,
  viewerUnitId: UNIT.hostStreet,
  viewerUserId: 5,
  overdueMode: '8hours',
  huifangMode: 0,
};

const VISIT_DUE = ['visitPending', 'visitFailed1', 'visitFailed2', 'unreachable'];
const HOST_QUEUES = {
  dqs: ['hostPending'],
  blz: [
    'hostHandling',
    'replyRejected',
    'extensionPending',
    'exclusionPending',
    'keyOpen',
    'nearDeadline',
  ],
  dfsh: ['replyReview'],
  thsh: ['returnReview', 'reviewNear'],
  bh: ['replyRejected'],
  yjyj: ['nearDeadline'],
  ybj: [
    'repliedNoVisit',
    ...VISIT_DUE,
    'visitedUnsatisfied',
    'visitedUnsatisfiedResolved',
    'visitedBasic',
    'closedSatisfied',
    'closedUnsatisfied',
    'closedUnreachable',
    'keyClosed',
  ],
};

const EXPECTED: Record<string, string[]> = {
  qu_dqs: ['unsigned', 'unsignedLate'],
  // Signed since 00:00 China time; replied and closed fixtures were signed days ago.
  qu_yqs: [
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
    'returnedToCity',
    'merged',
    'keyOpen',
    'otherHost',
    'nearDeadline',
    'reviewNear',
    'returnedUnclaimed',
  ],
  qu_blz: [
    'undispatched',
    'claimed',
    'hostPending',
    'hostHandling',
    'replyRejected',
    'extensionPending',
    'exclusionPending',
    'returnApproved',
    'keyOpen',
    'otherHost',
    'nearDeadline',
    'returnedUnclaimed',
  ],
  qu_shz: ['replyReview', 'returnReview', 'reviewNear'],
  qu_dhf: VISIT_DUE,
  qu_yjyj: ['nearDeadline'],
  qu_yth: ['returnApproved', 'returnedUnclaimed', 'refused', 'returnedToCity'],
  qu_ybj: ['closedSatisfied', 'closedUnsatisfied', 'closedUnreachable', 'merged', 'keyClosed'],
  qu_zdsq: ['keyOpen'],
  qu_dfp: ['undispatched', 'claimed', 'returnApproved', 'returnedUnclaimed'],
  qu_dlq: ['undispatched'],
  ...Object.fromEntries(Object.entries(HOST_QUEUES).map(([k, v]) => [`jd_${k}`, v])),
  ...Object.fromEntries(Object.entries(HOST_QUEUES).map(([k, v]) => [`bm_${k}`, v])),
  hf_dhf: VISIT_DUE,
  hf_cf: ['visitFailed1', 'visitFailed2'],
  // The fixtures came from the city (createdBy null): nobody typed them in.
  lr_wlr: [],
};

const members = (queueId: string, ctx: QueueContext) =>
  Object.entries(ORDERS)
    .filter(([, o]) => inQueue(queueId, o, ctx))
    .map(([name]) => name)
    .sort();

describe('the queue catalogue', () => {
  it('has a filter for every queue and a queue for every filter', () => {
    expect(queueFiltersComplete()).toBe(true);
    expect(Object.keys(QUEUE_FILTERS).sort()).toEqual(QUEUES.map((q) => q.id).sort());
    expect(Object.keys(EXPECTED).sort()).toEqual(QUEUES.map((q) => q.id).sort());
  });

  it('refuses an unknown queue id', () => {
    expect(() => inQueue('qu_nope', ORDERS.unsigned as OrderState, CTX)).toThrow(
      'unknown queue qu_nope',
    );
  });
});

describe('membership, viewed by the host street, 8-hour warning, visit mode 0', () => {
  it.each(Object.keys(EXPECTED))('%s', (queueId) => {
    expect(members(queueId, CTX)).toEqual([...(EXPECTED[queueId] ?? [])].sort());
  });
});

describe('viewer-relative queues', () => {
  const unitQueues = Object.keys(QUEUE_FILTERS).filter((id) => /^(jd|bm)_/.test(id));

  it('another unit sees only what it hosts', () => {
    const other = { ...CTX, viewerUnitId: UNIT.otherStreet };
    for (const id of unitQueues) {
      expect(members(id, other), id).toEqual(id.endsWith('_blz') ? ['otherHost'] : []);
    }
  });

  it('a co-host has no queue of its own (hostIsViewer is the host only)', () => {
    for (const id of unitQueues)
      expect(members(id, { ...CTX, viewerUnitId: UNIT.coHost }), id).toEqual([]);
  });

  it('district queues do not depend on the viewer', () => {
    for (const id of ['qu_blz', 'qu_dqs', 'qu_ybj', 'hf_dhf']) {
      expect(members(id, { ...CTX, viewerUnitId: 999 })).toEqual(members(id, CTX));
    }
  });
});

describe('the personal list (lr_wlr): orders the viewer typed in', () => {
  const mine = order('hostHandling', { createdBy: 5 });
  const theirs = order('closedSatisfied', { createdBy: 6 });

  it("holds the viewer's own orders in any state, and no one else's", () => {
    expect(inQueue('lr_wlr', mine, CTX)).toBe(true);
    expect(inQueue('lr_wlr', order('merged', { createdBy: 5 }), CTX)).toBe(true);
    expect(inQueue('lr_wlr', theirs, CTX)).toBe(false);
    expect(inQueue('lr_wlr', theirs, { ...CTX, viewerUserId: 6 })).toBe(true);
    expect(inQueue('lr_wlr', order('unsigned'), CTX)).toBe(false);
  });

  it('is personal; no other queue is', () => {
    expect(Object.keys(QUEUE_FILTERS).filter(isPersonalQueue)).toEqual(['lr_wlr']);
    expect(() => isPersonalQueue('nope')).toThrow('unknown queue nope');
  });

  it("does not depend on the viewer's unit", () => {
    expect(inQueue('lr_wlr', mine, { ...CTX, viewerUnitId: 999 })).toBe(true);
  });
});

describe('huifang_state_mode', () => {
  it('mode 0: pending visit is 2, 11, 12, 13', () => {
    expect(visitPendingStates(0)).toEqual([2, 11, 12, 13]);
  });

  it('mode 1: pending visit is 11, 12 only', () => {
    const ctx = { ...CTX, huifangMode: 1 as const };
    expect(visitPendingStates(1)).toEqual([11, 12]);
    expect(members('qu_dhf', ctx)).toEqual(['visitFailed1', 'visitFailed2']);
    expect(members('hf_dhf', ctx)).toEqual(['visitFailed1', 'visitFailed2']);
    expect(members('hf_cf', ctx)).toEqual(['visitFailed1', 'visitFailed2']);
  });
});

describe('signedToday at China midnight (16:00 UTC)', () => {
  const signedAt = (iso: string) => ({
    ...(ORDERS.hostHandling as OrderState),
    systemSignTime: new Date(iso),
  });
  const midnight = new Date('2026-03-09T16:00:00.000Z');
  const justBefore = new Date('2026-03-09T15:59:59.999Z');

  it.each([
    [midnight, '2026-03-09T15:59:59.999Z', false],
    [midnight, '2026-03-09T16:00:00.000Z', true],
    [justBefore, '2026-03-08T16:00:00.000Z', true],
    [justBefore, '2026-03-08T15:59:59.999Z', false],
    [justBefore, '2026-03-09T15:59:59.999Z', true],
  ])('now %s, signed %s → %s', (now, signed, expected) => {
    expect(inQueue('qu_yqs', signedAt(signed), { ...CTX, now })).toBe(expected);
  });

  it('an unsigned order was not signed today', () => {
    expect(holds({ kind: 'signedToday' }, ORDERS.unsigned as OrderState, CTX)).toBe(false);
  });
});

describe('overdue warning queues, each mode', () => {
  const due = (iso: string) => ({
    ...(ORDERS.hostHandling as OrderState),
    deadline: new Date(iso),
  });
  // 2026-03-01 00:30 China time: yesterday is 28 February.
  const now = new Date('2026-02-28T16:30:00.000Z');
  it.each([
    ['yesterday', '2026-02-27T15:59:59.999Z', false],
    ['yesterday', '2026-02-27T16:00:00.000Z', true],
    ['yesterday', '2026-02-28T15:59:59.999Z', true],
    ['yesterday', '2026-02-28T16:00:00.000Z', false],
    ['2days', '2026-02-28T16:29:59.999Z', false],
    ['2days', '2026-02-28T16:30:00.000Z', true],
    ['2days', '2026-03-03T15:59:59.000Z', true],
    ['2days', '2026-03-03T16:00:00.000Z', false],
    ['8hours', '2026-03-01T00:29:59.999Z', true],
    ['8hours', '2026-03-01T00:30:00.000Z', false],
  ] as const)('%s: deadline %s → %s', (overdueMode, deadline, expected) => {
    const ctx = { ...CTX, now, overdueMode };
    expect(inQueue('qu_yjyj', due(deadline), ctx)).toBe(expected);
    expect(inQueue('jd_yjyj', due(deadline), ctx)).toBe(expected);
    expect(inQueue('bm_yjyj', due(deadline), ctx)).toBe(expected);
  });

  it('only orders still with the host are warned about', () => {
    const ctx = { ...CTX, now, overdueMode: '8hours' as const };
    const soon = '2026-02-28T20:00:00.000Z';
    expect(inQueue('qu_yjyj', { ...due(soon), mainOrgStatus: 0 }, ctx)).toBe(true);
    expect(inQueue('qu_yjyj', { ...due(soon), mainOrgStatus: -1 }, ctx)).toBe(false);
    expect(inQueue('qu_yjyj', { ...due(soon), status: 11, mainOrgStatus: 11 }, ctx)).toBe(false);
    expect(inQueue('qu_yjyj', { ...due(soon), deadline: null }, ctx)).toBe(false);
  });
});

describe('conditions', () => {
  it('a code condition never matches null', () => {
    const cond = { kind: 'in', field: 'needReviewStatus', values: [3] } as const;
    expect(holds(cond, ORDERS.hostHandling as OrderState, CTX)).toBe(false);
    expect(holds(cond, ORDERS.replyRejected as OrderState, CTX)).toBe(true);
  });

  it('any matches when one of its conditions does', () => {
    const cond = { kind: 'any', of: [{ kind: 'keyAppeal' }, { kind: 'unclaimed' }] } as const;
    expect(holds(cond, ORDERS.keyOpen as OrderState, CTX)).toBe(true);
    expect(holds(cond, ORDERS.undispatched as OrderState, CTX)).toBe(true);
    expect(holds(cond, ORDERS.claimed as OrderState, CTX)).toBe(false);
    expect(holds({ kind: 'any', of: [] }, ORDERS.claimed as OrderState, CTX)).toBe(false);
  });
});

describe('queueStatuses', () => {
  it('names the statuses a queue pins, and every member has one of them', () => {
    expect(queueStatuses('qu_shz')).toEqual([11, 12]);
    expect(queueStatuses('qu_dqs')).toEqual([0]);
    expect(queueStatuses('jd_dqs')).toEqual([1]);
    expect(queueStatuses('jd_ybj')).toBeNull();
    expect(queueStatuses('qu_yth')).toBeNull();
    expect(() => queueStatuses('nope')).toThrow();
    for (const id of Object.keys(QUEUE_FILTERS)) {
      const bound = queueStatuses(id);
      if (!bound) continue;
      for (const o of Object.values(ORDERS)) {
        if (inQueue(id, o, CTX))
          expect(bound, `${id} holds status ${o.status}`).toContain(o.status);
      }
    }
  });
});
