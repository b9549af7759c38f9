/**
 * Work orders in every state of WORKFLOW section 4, built by hand (not by running the lifecycle),
 * so the tests can catch a wrong transition table. Times are relative to NOW, 10:00 China time.
 */
import type { OrderState } from '../../src/lifecycle/types';

export const NOW = new Date('2026-03-10T02:00:00.000Z');
const HOUR = 3_600_000;
/** NOW moved by a number of hours (negative: earlier). */
export const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

/** Units: a street hosts by default; 13 is a co-host; 21 is a department host in variants. */
export const UNIT = {
  district: 1,
  hostStreet: 11,
  otherStreet: 12,
  coHost: 13,
  hostDept: 21,
  otherDept: 22,
} as const;

/** A dispatcher who is none of the test actors (for "claimed by someone else"). */
export const OTHER_DISPATCHER_ID = 77;
/** Merge target id: no fixture has it. */
export const MERGE_TARGET_ID = 999;

const unsigned: OrderState = {
  id: 100,
  typeId: 1,
  urgency: 'general',
  status: 0,
  mainOrgStatus: -1,
  huifangState: 0,
  needReviewStatus: null,
  replyRejected: false,
  hostUnitId: null,
  coHostUnitIds: [],
  dispatcherId: null,
  createdBy: null,
  assignedStaff: null,
  callTime: at(-3),
  systemSignTime: null,
  dispatchTime: null,
  hostSignTime: null,
  refuseDeadline: at(21),
  handlingLimitHours: null,
  deadline: null,
  replyTime: null,
  replyContent: null,
  replyContacted: null,
  replyResolved: null,
  cityReplyTime: null,
  closedTime: null,
  visitCount: 0,
  visitTime: null,
  visitResult: null,
  visitContacted: null,
  visitHostContacted: null,
  visitResolved: null,
  visitRemark: null,
  isKeyAppeal: false,
  smsOptOut: false,
  isSupervised: false,
  superviseCount: 0,
  mergedIntoId: null,
  isSecondVisit: false,
  tichuType: null,
  lock: null,
  pendingRequest: null,
};

const undispatched: OrderState = { ...unsigned, status: 1, systemSignTime: at(-2) };

const hostPending: OrderState = {
  ...undispatched,
  mainOrgStatus: 0,
  hostUnitId: UNIT.hostStreet,
  coHostUnitIds: [UNIT.coHost],
  dispatcherId: 2,
  dispatchTime: at(-1),
  refuseDeadline: at(23),
  handlingLimitHours: 168,
  deadline: at(167),
};

const hostHandling: OrderState = { ...hostPending, mainOrgStatus: 1, hostSignTime: at(-0.5) };

const reply = {
  replyTime: at(-0.2),
  replyContent: '已联系市民并处理',
  replyContacted: true,
  replyResolved: true,
};

/** Replied orders are older: signed five days ago, reply approved yesterday. */
const replied: OrderState = {
  ...hostHandling,
  ...reply,
  status: 91,
  mainOrgStatus: 72,
  huifangState: 2,
  systemSignTime: at(-120),
  dispatchTime: at(-119),
  refuseDeadline: at(-95),
  hostSignTime: at(-118),
  deadline: at(49),
  cityReplyTime: at(-24),
};

const reached = (
  result: 'satisfied' | 'basic' | 'unsatisfied',
  resolved: boolean,
): Partial<OrderState> => ({
  huifangState: 1,
  visitCount: 1,
  visitTime: at(-2),
  visitResult: result,
  visitContacted: true,
  visitHostContacted: true,
  visitResolved: resolved,
});

const failed = (huifangState: number, visitCount: number): Partial<OrderState> => ({
  huifangState,
  visitCount,
  visitTime: at(-2),
  visitContacted: false,
});

const closed = { status: 92, closedTime: at(-1) };

const FIXTURE_LIST = {
  unsigned,
  /** Arrived long ago: the time to refuse has passed. */
  unsignedLate: { ...unsigned, callTime: at(-30), refuseDeadline: at(-6) },
  undispatched,
  claimed: { ...undispatched, dispatcherId: OTHER_DISPATCHER_ID },
  hostPending,
  hostHandling,
  replyRejected: { ...hostHandling, ...reply, needReviewStatus: 3, replyRejected: true },
  extensionPending: {
    ...hostHandling,
    needReviewStatus: 1,
    pendingRequest: { kind: 'extension', hours: 48, requestedBy: 7 },
  },
  exclusionPending: {
    ...hostHandling,
    needReviewStatus: 1,
    pendingRequest: { kind: 'exclusion', tichuType: 'unreasonable', requestedBy: 7 },
  },
  returnApproved: { ...hostHandling, mainOrgStatus: 71 },
  replyReview: { ...hostHandling, ...reply, status: 11, mainOrgStatus: 11 },
  returnReview: { ...hostHandling, status: 12, mainOrgStatus: 12 },
  refused: { ...unsigned, status: 71, closedTime: at(-1) },
  returnedToCity: { ...hostHandling, status: 72, mainOrgStatus: 71, closedTime: at(-1) },
  /** Replied, no visit asked for: request_visit no longer applies here (only after 13). */
  repliedNoVisit: { ...replied, huifangState: 0 },
  visitPending: replied,
  visitFailed1: { ...replied, ...failed(11, 1) },
  visitFailed2: { ...replied, ...failed(12, 2) },
  unreachable: { ...replied, ...failed(13, 3) },
  /** Imported data: reached visits left open (the lifecycle closes every reached visit itself). */
  visitedUnsatisfied: { ...replied, ...reached('unsatisfied', false) },
  visitedUnsatisfiedResolved: { ...replied, ...reached('unsatisfied', true) },
  visitedBasic: { ...replied, ...reached('basic', true) },
  closedSatisfied: { ...replied, ...reached('satisfied', true), ...closed },
  closedUnsatisfied: { ...replied, ...reached('unsatisfied', false), ...closed },
  closedUnreachable: { ...replied, ...failed(13, 3), ...closed },
  merged: { ...undispatched, ...closed, mergedIntoId: 500 },
} satisfies Record<string, OrderState>;

export type FixtureName = keyof typeof FIXTURE_LIST;
export const FIXTURE_NAMES = Object.keys(FIXTURE_LIST) as FixtureName[];

/** A fresh copy of a fixture (distinct ids), optionally changed. */
export function order(name: FixtureName, change: Partial<OrderState> = {}): OrderState {
  const copy = structuredClone(FIXTURE_LIST[name] as OrderState);
  return { ...copy, id: 100 + FIXTURE_NAMES.indexOf(name), ...change };
}

/** The same order hosted by another unit (orders without a host stay without). */
export function hostedBy(o: OrderState, unitId: number): OrderState {
  return o.hostUnitId === null ? o : { ...o, hostUnitId: unitId };
}

/** Every fixture, deep-frozen so a transition that mutates its input throws. */
export function frozenFixtures(hostUnitId: number = UNIT.hostStreet): [FixtureName, OrderState][] {
  return FIXTURE_NAMES.map((name) => [name, deepFreeze(hostedBy(order(name), hostUnitId))]);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The four codes of a state, for comparing with events. */
export const codesOf = (o: OrderState) => ({
  status: o.status,
  mainOrgStatus: o.mainOrgStatus,
  huifangState: o.huifangState,
  needReviewStatus: o.needReviewStatus,
});
