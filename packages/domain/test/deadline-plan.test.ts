/** Reminder and escalation plans (issue 21). */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_SETTINGS,
  deadlinePlan,
  deadlineState,
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

describe('deadlineState', () => {
  const o = { ...base, mainOrgStatus: 1, escalationLevel: 0 };
  it.each([
    [0, 'onTime'],
    [150, 'dueSoon'],
    [168, 'overdue'],
  ] as const)('%i h after dispatch → %s', (h, state) => {
    expect(deadlineState(o, at(h))).toBe(state);
  });
  it('escalated wins while the order is open; none once replied', () => {
    expect(deadlineState({ ...o, escalationLevel: 1 }, at(0))).toBe('escalated');
    expect(
      deadlineState({ ...o, status: 11, mainOrgStatus: 11, escalationLevel: 1 }, at(0)),
    ).toBeNull();
  });
});
