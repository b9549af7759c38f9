/** Reminder and escalation plans (issue 21). */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_SETTINGS,
  deadlinePlan,
  dueSoonFrom,
  nextDeadline,
  parseOffsets,
  signLimitHolder,
} from '../src/deadline-plan';

const H = 3_600_000;
const T0 = new Date('2026-03-10T02:00:00.000Z');
const at = (h: number) => new Date(T0.getTime() + h * H);
const base = {
  status: 1,
  mainOrgStatus: 0,
  mergedIntoId: null,
  refuseDeadline: at(24),
  deadline: at(168),
  dispatchTime: T0,
};
const keys = (o: Parameters<typeof deadlinePlan>[0], since: Date | null = T0) =>
  deadlinePlan(o, DEFAULT_REMINDER_SETTINGS, since).map((j) => [
    j.offsetKey,
    j.dueAt.getTime() - T0.getTime(),
  ]);

describe('deadlinePlan', () => {
  it('a dispatched order not yet signed by the host: sign and handling jobs', () => {
    expect(keys(base)).toEqual([
      ['sign:-2h', 22 * H],
      ['sign:L1', 24 * H],
      ['handling:-24h', 144 * H],
      ['handling:-4h', 164 * H],
      ['handling:L1', 168 * H],
      ['handling:L2', 192 * H],
    ]);
  });

  it('once the host has signed only the handling jobs remain', () => {
    expect(keys({ ...base, mainOrgStatus: 1 }).map(([k]) => k)).toEqual([
      'handling:-24h',
      'handling:-4h',
      'handling:L1',
      'handling:L2',
    ]);
  });

  it('a 2-hour emergency: reminders already past when the limit was set are left out', () => {
    const o = { ...base, mainOrgStatus: 1, deadline: at(2) };
    expect(keys(o)).toEqual([
      ['handling:L1', 2 * H],
      ['handling:L2', 26 * H],
    ]);
  });

  it.each([
    ['replied (under review)', { status: 11, mainOrgStatus: 11 }],
    ['return requested', { status: 12, mainOrgStatus: 12 }],
    ['closed', { status: 92, mainOrgStatus: 1 }],
    ['returned to the district', { status: 1, mainOrgStatus: 71 }],
    ['merged', { mergedIntoId: 5 }],
  ])('%s: no jobs', (_label, change) => {
    expect(keys({ ...base, ...change })).toEqual([]);
  });

  it('a new order at the district (status 0): the sign limit only, held by the district', () => {
    const o = { ...base, status: 0, mainOrgStatus: -1, deadline: null };
    expect(signLimitHolder(o)).toBe('district');
    expect(keys(o)).toEqual([
      ['sign:-2h', 22 * H],
      ['sign:L1', 24 * H],
    ]);
  });

  it('offsets come from the settings', () => {
    const plan = deadlinePlan(
      { ...base, mainOrgStatus: 1 },
      { signOffsetsHours: [], handlingOffsetsHours: [48, 1], secondLevelHours: 2 },
      T0,
    );
    expect(plan.map((j) => [j.offsetKey, j.level])).toEqual([
      ['handling:-48h', 0],
      ['handling:-1h', 0],
      ['handling:L1', 1],
      ['handling:L2', 2],
    ]);
    expect(plan.at(-1)!.dueAt).toEqual(at(170));
  });
});

describe('parseOffsets', () => {
  it.each([
    ['24,4', [24, 4]],
    ['4, 24，24', [24, 4]],
    ['', [2]],
    ['x,-1,0,3', [3]],
    ['0.5', [0.5]],
  ])('%j → %j', (text, offsets) => {
    expect(parseOffsets(text, [2])).toEqual(offsets);
  });
});

describe('dueSoonFrom: due soon from the first planned reminder', () => {
  const offsets = DEFAULT_REMINDER_SETTINGS.handlingOffsetsHours; // 24, 4
  it.each([
    ['a 168-hour limit: 24 h before', 168, 24],
    ['a 24-hour limit: the 24-hour reminder is not planned, so 4 h before', 24, 4],
    ['a 5-hour limit: 4 h before', 5, 4],
    ['a 2-hour emergency: no reminder planned, the last quarter (30 min)', 2, 0.5],
    ['a 4-hour limit: "4 h before" falls on the start itself, the last quarter', 4, 1],
  ])('%s', (_label, limitHours, beforeHours) => {
    expect(dueSoonFrom(at(limitHours), offsets, T0)).toEqual(at(limitHours - beforeHours));
  });
  it('no offsets configured: the last quarter', () => {
    expect(dueSoonFrom(at(24), [], T0)).toEqual(at(18));
  });
  it('the sign limit with the default 2 hours', () => {
    expect(dueSoonFrom(at(24), DEFAULT_REMINDER_SETTINGS.signOffsetsHours, T0)).toEqual(at(22));
  });
  it('without a start: every offset counts; none → only overdue', () => {
    expect(dueSoonFrom(at(2), offsets, null)).toEqual(at(-22));
    expect(dueSoonFrom(at(2), [], null)).toEqual(at(2));
  });
});

describe('nextDeadline', () => {
  const s = DEFAULT_REMINDER_SETTINGS;
  const signed = { ...base, mainOrgStatus: 1, escalationLevel: 0 };
  const state = (o: Parameters<typeof nextDeadline>[0], h: number) =>
    nextDeadline(o, at(h), s, T0)?.state ?? null;

  it.each([
    [0, 'onTime'],
    [143.9, 'onTime'],
    [144, 'dueSoon'],
    [167.9, 'dueSoon'],
    [168, 'overdue'],
    [300, 'overdue'],
  ] as const)('signed, handling limit at 168 h: %s h after dispatch → %s', (h, expected) => {
    expect(state(signed, h)).toBe(expected);
  });

  it('not yet signed: the sign limit comes first, due soon 2 h before it', () => {
    const o = { ...base, escalationLevel: 0 };
    expect(nextDeadline(o, at(1), s, T0)).toEqual({
      limit: 'sign',
      at: at(24),
      dueSoonAt: at(22),
      state: 'onTime',
    });
    expect(state(o, 22)).toBe('dueSoon');
    expect(state(o, 24)).toBe('overdue');
  });

  it('a handling limit earlier than the sign limit is the next one', () => {
    const o = { ...base, deadline: at(2), escalationLevel: 0 };
    expect(nextDeadline(o, at(0), s, T0)?.limit).toBe('handling');
    expect(state(o, 1.5)).toBe('dueSoon');
  });

  it('at the district (status 0): the sign limit', () => {
    const o = { ...base, status: 0, mainOrgStatus: -1, deadline: null, escalationLevel: 0 };
    expect(nextDeadline(o, at(0), s, T0)?.limit).toBe('sign');
  });

  it('escalated: only once the limit has passed; an escalated order with a fresh limit is on time', () => {
    const escalated = { ...signed, escalationLevel: 1 };
    expect(state(escalated, 170)).toBe('escalated');
    expect(state({ ...escalated, escalationLevel: 2 }, 200)).toBe('escalated');
    expect(state(escalated, 10)).toBe('onTime');
    expect(state(escalated, 150)).toBe('dueSoon');
  });

  it.each([
    ['replied', { status: 11, mainOrgStatus: 11 }],
    ['closed', { status: 92, mainOrgStatus: 1 }],
    ['returned to the district', { status: 1, mainOrgStatus: 71 }],
    ['merged', { mergedIntoId: 5 }],
    ['signed by the district, not yet dispatched', { status: 1, mainOrgStatus: -1 }],
  ])('%s: no state', (_label, change) => {
    expect(nextDeadline({ ...signed, ...change, escalationLevel: 1 }, at(500), s, T0)).toBeNull();
  });

  it('offsets from the settings move "due soon"', () => {
    const custom = { ...s, handlingOffsetsHours: [48] };
    expect(nextDeadline(signed, at(121), custom, T0)?.state).toBe('dueSoon');
    expect(nextDeadline(signed, at(119), custom, T0)?.state).toBe('onTime');
  });
});
