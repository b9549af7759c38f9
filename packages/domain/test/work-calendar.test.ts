/** The working-day calendar (issue 21): deadlines of limits in working days. */
import { describe, expect, it } from 'vitest';
import { NATIONAL_SCHEDULE, PROVISIONAL_YEARS } from '../src/calendar-schedule';
import type { LifecycleSettings } from '../src/lifecycle/types';
import { handlingDeadline, handlingLimitHours, DEFAULT_TIME_LIMITS } from '../src/time';
import {
  addWorkingDays,
  buildCalendar,
  checkCalendarDays,
  cstDate,
  deadlineFor,
  EMPTY_CALENDAR,
  endOfCstDate,
  isCalendarDate,
  isWorkingDay,
  weekdayOf,
} from '../src/work-calendar';
import { ACTORS } from './support/actors';
import { order } from './support/fixtures';
import { act, expectOk, VALID } from './support/run';

const CAL = buildCalendar([...NATIONAL_SCHEDULE[2026]!, ...NATIONAL_SCHEDULE[2027]!]);
/** An instant given in China time. */
const cst = (local: string) => new Date(`${local}+08:00`);
const due = (start: string, days: number, cal = CAL) =>
  cstDate(addWorkingDays(cst(start), days, cal));

describe('the seeded national schedule', () => {
  it('2026 follows the State Council notice: 33 days off, 6 adjusted working days', () => {
    const days = NATIONAL_SCHEDULE[2026]!;
    expect(days.filter((d) => d.kind === 'holiday')).toHaveLength(33);
    expect(days.filter((d) => d.kind === 'workday').map((d) => d.date)).toEqual([
      '2026-01-04',
      '2026-02-14',
      '2026-02-28',
      '2026-05-09',
      '2026-09-20',
      '2026-10-10',
    ]);
  });

  it('every adjusted working day is a weekend day, and each schedule passes its own check', () => {
    for (const [year, days] of Object.entries(NATIONAL_SCHEDULE)) {
      expect(checkCalendarDays(days, Number(year))).toBeNull();
      for (const d of days.filter((x) => x.kind === 'workday')) {
        expect([0, 6]).toContain(weekdayOf(d.date));
      }
    }
  });

  it('2027 is provisional: only the fixed-date days off', () => {
    expect(PROVISIONAL_YEARS).toContain(2027);
    expect(NATIONAL_SCHEDULE[2027]!.map((d) => d.date)).toEqual([
      '2027-01-01',
      '2027-05-01',
      '2027-05-02',
      '2027-10-01',
      '2027-10-02',
      '2027-10-03',
    ]);
  });
});

describe('isWorkingDay', () => {
  it.each([
    ['2026-03-10', true], // Tuesday
    ['2026-03-14', false], // Saturday
    ['2026-03-15', false], // Sunday
    ['2026-01-01', false], // 元旦, Thursday
    ['2026-01-04', true], // Sunday, 调休
    ['2026-02-14', true], // Saturday, 调休
    ['2026-02-16', false], // 春节, Monday
    ['2026-10-10', true], // Saturday, 调休
    ['2026-10-07', false], // 国庆, Wednesday
  ])('%s → %s', (date, working) => {
    expect(isWorkingDay(date, CAL)).toBe(working);
  });

  it('without a schedule only weekends are off', () => {
    expect(isWorkingDay('2026-10-01', EMPTY_CALENDAR)).toBe(true);
    expect(isWorkingDay('2026-01-04', EMPTY_CALENDAR)).toBe(false);
  });
});

describe('addWorkingDays', () => {
  it.each([
    // An ordinary week: the start day is not counted.
    ['2026-03-10T10:00', 1, '2026-03-11'],
    ['2026-03-10T10:00', 3, '2026-03-13'],
    ['2026-03-13T10:00', 1, '2026-03-16'], // Friday → Monday
    ['2026-03-10T10:00', 10, '2026-03-24'],
    // Year ends.
    ['2025-12-31T09:00', 1, '2026-01-04'], // 元旦 Jan 1–3, Sunday Jan 4 works
    ['2025-12-31T09:00', 2, '2026-01-05'],
    ['2026-12-30T09:00', 1, '2026-12-31'],
    ['2026-12-30T09:00', 2, '2027-01-04'], // Jan 1 (provisional) off, then a weekend
    ['2026-12-31T23:59', 1, '2027-01-04'],
    // 春节: Feb 14 (Sat) works, Feb 15–23 off, Feb 28 (Sat) works.
    ['2026-02-13T10:00', 1, '2026-02-14'],
    ['2026-02-13T10:00', 2, '2026-02-24'],
    ['2026-02-14T10:00', 1, '2026-02-24'], // start on a 调休 Saturday
    ['2026-02-13T10:00', 5, '2026-02-27'],
    ['2026-02-13T10:00', 6, '2026-02-28'],
    ['2026-02-13T10:00', 7, '2026-03-02'],
    ['2026-02-18T10:00', 1, '2026-02-24'], // start on a holiday
    // 清明, 劳动节, 端午.
    ['2026-04-03T10:00', 1, '2026-04-07'],
    ['2026-04-30T10:00', 1, '2026-05-06'],
    ['2026-05-08T10:00', 1, '2026-05-09'], // 调休 Saturday
    ['2026-06-18T10:00', 1, '2026-06-22'],
    // 中秋 and 国庆: Sep 20 (Sun) works, Sep 25–27 off, Oct 1–7 off, Oct 10 (Sat) works.
    ['2026-09-18T10:00', 1, '2026-09-20'],
    ['2026-09-24T10:00', 1, '2026-09-28'],
    ['2026-09-30T10:00', 1, '2026-10-08'],
    ['2026-09-30T10:00', 2, '2026-10-09'],
    ['2026-09-30T10:00', 3, '2026-10-10'],
    ['2026-09-30T10:00', 4, '2026-10-12'],
    ['2026-10-03T12:00', 1, '2026-10-08'], // start on a holiday
    ['2026-10-04T12:00', 5, '2026-10-13'], // Oct 8, 9, 10 (Sat), 12, 13
    // 15 working days across 中秋 and 国庆: Sep 20 (Sun), 21–24, 28–30, Oct 8, 9, 10 (Sat), 12–15.
    ['2026-09-18T10:00', 15, '2026-10-15'],
    // Sep 22–24, 28–30, Oct 8, 9, 10, 12–16, 19.
    ['2026-09-21T10:00', 15, '2026-10-19'],
  ])('%s + %i working days → end of %s', (start, days, end) => {
    expect(due(start, days)).toBe(end);
  });

  it('ends at 23:59:59 China time of the last working day', () => {
    const end = addWorkingDays(cst('2026-09-30T10:00'), 1, CAL);
    expect(end.toISOString()).toBe('2026-10-08T15:59:59.000Z');
    expect(end).toEqual(endOfCstDate('2026-10-08'));
  });

  it('the China day of the start decides, not the UTC day', () => {
    // 23:59:59 China time on Tuesday: still Tuesday, so Wednesday is the first day.
    expect(cstDate(addWorkingDays(new Date('2026-03-10T15:59:59.000Z'), 1, CAL))).toBe(
      '2026-03-11',
    );
    // 00:00 China time on Wednesday (16:00 UTC Tuesday): Thursday is the first day.
    expect(cstDate(addWorkingDays(new Date('2026-03-10T16:00:00.000Z'), 1, CAL))).toBe(
      '2026-03-12',
    );
  });

  it('the time of day does not move the deadline', () => {
    expect(due('2026-03-10T00:00', 2)).toBe(due('2026-03-10T23:59', 2));
  });

  it('matches a plain day-by-day count: every start of 2026 and 2027, limits of 1 to 20 days', () => {
    // Reference: walk the days one by one and count working days by the rule; each start at
    // a different hour of its China day (the hour must not matter).
    const next = (date: string) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const working = (date: string) => {
      const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
      return !CAL.holidays.has(date) && (CAL.workdays.has(date) || (wd !== 0 && wd !== 6));
    };
    let checked = 0;
    for (
      let t = Date.parse('2025-12-31T16:00:00Z'), i = 0;
      t < Date.parse('2027-12-31T16:00:00Z');
      t += 86_400_000, i++
    ) {
      const start = new Date(t + (i % 24) * 3_600_000);
      let date = cstDate(start);
      for (let days = 1; days <= 20; days++) {
        do date = next(date);
        while (!working(date));
        expect(cstDate(addWorkingDays(start, days, CAL))).toBe(date);
        checked++;
      }
    }
    expect(checked).toBe(730 * 20);
  });

  it('refuses a limit that is not a positive whole number of days', () => {
    expect(() => addWorkingDays(cst('2026-03-10T10:00'), 0, CAL)).toThrow(RangeError);
    expect(() => addWorkingDays(cst('2026-03-10T10:00'), 1.5, CAL)).toThrow(RangeError);
  });
});

describe('deadlineFor', () => {
  const start = cst('2026-09-30T10:00');
  it('hours stay wall-clock across holidays', () => {
    expect(deadlineFor(start, { amount: 24, unit: 'hours' }, CAL)).toEqual(cst('2026-10-01T10:00'));
    expect(deadlineFor(start, { amount: 2, unit: 'hours' }, CAL)).toEqual(cst('2026-09-30T12:00'));
  });
  it('working days count on the calendar', () => {
    expect(deadlineFor(start, { amount: 1, unit: 'workdays' }, CAL)).toEqual(
      endOfCstDate('2026-10-08'),
    );
  });
});

describe('handling limits in working days', () => {
  const limits = { ...DEFAULT_TIME_LIMITS, handlingWorkdays: { general: 5 } };
  const start = cst('2026-09-30T10:00');

  it('replace the hours of their urgency only', () => {
    expect(handlingDeadline(start, 'general', limits, CAL)).toEqual(endOfCstDate('2026-10-13'));
    expect(handlingDeadline(start, 'utility', limits, CAL)).toEqual(cst('2026-10-01T10:00'));
  });

  it('are stored as whole hours, rounded up', () => {
    // Sep 30 10:00 → Oct 13 23:59:59: 13 days 13 h 59 m 59 s → 326 h.
    expect(handlingLimitHours(start, 'general', limits, CAL)).toBe(326);
    expect(handlingLimitHours(start, 'utility', limits, CAL)).toBe(24);
  });

  it('the lifecycle uses the calendar when dispatching', () => {
    const settings: LifecycleSettings = { limits, calendar: CAL };
    const o = order('undispatched', { urgency: 'general' });
    const { next } = expectOk(
      act(o, 'dispatch', ACTORS.dispatcher, VALID.dispatch, start, settings),
    );
    expect(next.deadline).toEqual(endOfCstDate('2026-10-13'));
    expect(next.handlingLimitHours).toBe(326);
  });
});

describe('checkCalendarDays', () => {
  const ok = { date: '2026-10-01', kind: 'holiday', name: '国庆节' };
  it.each([
    [[ok], undefined, null],
    [[{ ...ok, date: '2026-02-30' }], undefined, { key: 'date', index: 0 }],
    [[{ ...ok, date: '2026-1-1' }], undefined, { key: 'date', index: 0 }],
    [[ok, { ...ok, date: '2027-01-01' }], 2026, { key: 'year', index: 1 }],
    [[{ ...ok, kind: 'rest' }], undefined, { key: 'kind', index: 0 }],
    [[{ ...ok, name: ' ' }], undefined, { key: 'name', index: 0 }],
    [[{ ...ok, name: 'x'.repeat(31) }], undefined, { key: 'name', index: 0 }],
    [[ok, ok], undefined, { key: 'duplicate', index: 1 }],
    [
      [{ date: '2026-10-09', kind: 'workday', name: '调休' }],
      undefined,
      { key: 'workdayOnWeekday', index: 0 },
    ],
  ])('%j (year %s) → %j', (days, year, problem) => {
    expect(checkCalendarDays(days, year)).toEqual(problem);
  });

  it('isCalendarDate knows leap years', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
  });
});
