/** Time rules of WORKFLOW section 3: China days, limits, the three overdue-warning windows. */
import { describe, expect, it } from 'vitest';
import {
  addHours,
  DEFAULT_TIME_LIMITS,
  formatCst,
  handlingDeadline,
  OVERDUE_MODES,
  overdueWindow,
  refuseDeadline,
  refuseTimeLeft,
  startOfDayCst,
  type TimeLimits,
} from '../src/time';

const d = (iso: string) => new Date(iso);

describe('startOfDayCst', () => {
  it.each([
    // China midnight is 16:00 UTC of the day before.
    ['2026-03-01T15:59:59.999Z', '2026-02-28T16:00:00.000Z'],
    ['2026-03-01T16:00:00.000Z', '2026-03-01T16:00:00.000Z'],
    ['2026-03-01T16:00:00.001Z', '2026-03-01T16:00:00.000Z'],
    ['2026-03-01T00:00:00.000Z', '2026-02-28T16:00:00.000Z'],
    ['2026-12-31T16:00:00.000Z', '2026-12-31T16:00:00.000Z'],
    ['2026-12-31T15:59:59.999Z', '2026-12-30T16:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', '2028-02-28T16:00:00.000Z'],
    // Before 1970 the remainder is negative; the day must still be right.
    ['1969-12-31T20:00:00.000Z', '1969-12-31T16:00:00.000Z'],
    ['1969-12-31T15:00:00.000Z', '1969-12-30T16:00:00.000Z'],
  ])('%s → %s', (at, start) => {
    expect(startOfDayCst(d(at)).toISOString()).toBe(start);
  });

  it('is idempotent, and consecutive China days start 24 hours apart', () => {
    const at = d('2026-07-01T03:04:05.000Z');
    const start = startOfDayCst(at);
    expect(startOfDayCst(start)).toEqual(start);
    const next = startOfDayCst(new Date(at.getTime() + 86_400_000));
    expect(next.getTime() - start.getTime()).toBe(86_400_000);
  });
});

describe('limits', () => {
  it('defaults: 2 h, 24 h, 7 days, 15 days; refuse within 24 h', () => {
    expect(DEFAULT_TIME_LIMITS).toEqual({
      refuseSignHours: 24,
      handlingHours: { emergency: 2, utility: 24, general: 168, complex: 360 },
    });
  });

  const from = d('2026-03-10T02:00:00.000Z');
  it.each([
    ['emergency', '2026-03-10T04:00:00.000Z'],
    ['utility', '2026-03-11T02:00:00.000Z'],
    ['general', '2026-03-17T02:00:00.000Z'],
    ['complex', '2026-03-25T02:00:00.000Z'],
  ] as const)('handling deadline for %s', (urgency, deadline) => {
    expect(handlingDeadline(from, urgency, DEFAULT_TIME_LIMITS).toISOString()).toBe(deadline);
  });

  it('custom limits from the settings', () => {
    const custom: TimeLimits = {
      refuseSignHours: 2,
      handlingHours: { emergency: 1, utility: 6, general: 48, complex: 100 },
    };
    expect(handlingDeadline(from, 'complex', custom).toISOString()).toBe(
      '2026-03-14T06:00:00.000Z',
    );
    expect(refuseDeadline(from, custom).toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(refuseDeadline(from, DEFAULT_TIME_LIMITS).toISOString()).toBe(
      '2026-03-11T02:00:00.000Z',
    );
  });

  it('addHours takes fractions and negatives', () => {
    expect(addHours(from, 0.5).toISOString()).toBe('2026-03-10T02:30:00.000Z');
    expect(addHours(from, -3).toISOString()).toBe('2026-03-09T23:00:00.000Z');
  });

  it('refuseTimeLeft counts down and goes negative', () => {
    const deadline = d('2026-03-10T03:00:00.000Z');
    expect(refuseTimeLeft(deadline, from)).toBe(3_600_000);
    expect(refuseTimeLeft(deadline, deadline)).toBe(0);
    expect(refuseTimeLeft(deadline, d('2026-03-10T03:00:01.000Z'))).toBe(-1000);
    expect(refuseTimeLeft(null, from)).toBeNull();
  });
});

const window = (mode: (typeof OVERDUE_MODES)[number], now: string) => {
  const { from, to } = overdueWindow(mode, d(now));
  return [from.toISOString(), to.toISOString()];
};

describe('overdueWindow', () => {
  it('has the three modes', () => {
    expect(OVERDUE_MODES).toEqual(['yesterday', '2days', '8hours']);
  });

  it.each([
    // [now (UTC), yesterday 00:00 China, today 00:00 China]
    ['2026-03-10T02:00:00.000Z', '2026-03-08T16:00:00.000Z', '2026-03-09T16:00:00.000Z'],
    // 23:59:59.999 China time on 10 March: still the 10th.
    ['2026-03-10T15:59:59.999Z', '2026-03-08T16:00:00.000Z', '2026-03-09T16:00:00.000Z'],
    // China midnight: now the 11th, yesterday the 10th.
    ['2026-03-10T16:00:00.000Z', '2026-03-09T16:00:00.000Z', '2026-03-10T16:00:00.000Z'],
    // 1 March 00:30 China: yesterday is 28 February (month boundary).
    ['2026-02-28T16:30:00.000Z', '2026-02-27T16:00:00.000Z', '2026-02-28T16:00:00.000Z'],
    // 1 March 2028 00:30 China: yesterday is 29 February (leap year).
    ['2028-02-29T16:30:00.000Z', '2028-02-28T16:00:00.000Z', '2028-02-29T16:00:00.000Z'],
    // 1 January 2027 08:00 China: yesterday is 31 December.
    ['2027-01-01T00:00:00.000Z', '2026-12-30T16:00:00.000Z', '2026-12-31T16:00:00.000Z'],
  ])('yesterday at %s is [%s, %s)', (now, from, to) => {
    expect(window('yesterday', now)).toEqual([from, to]);
  });

  it.each([
    // From now to 23:59:59.999 China time of the day after tomorrow.
    ['2026-03-10T02:00:00.000Z', '2026-03-12T16:00:00.000Z'],
    ['2026-03-10T15:59:59.999Z', '2026-03-12T16:00:00.000Z'],
    ['2026-03-10T16:00:00.000Z', '2026-03-13T16:00:00.000Z'],
    // 30 March China: the day after tomorrow is 1 April.
    ['2026-03-30T02:00:00.000Z', '2026-04-01T16:00:00.000Z'],
    // 30 December China: the day after tomorrow is 1 January.
    ['2026-12-30T02:00:00.000Z', '2027-01-01T16:00:00.000Z'],
  ])('2days at %s ends at %s', (now, to) => {
    expect(window('2days', now)).toEqual([now, to]);
  });

  it.each([
    ['2026-03-10T02:00:00.000Z', '2026-03-10T10:00:00.000Z'],
    ['2026-03-10T12:00:00.000Z', '2026-03-10T20:00:00.000Z'],
    ['2026-02-28T20:00:00.000Z', '2026-03-01T04:00:00.000Z'],
  ])('8hours at %s ends at %s', (now, to) => {
    expect(window('8hours', now)).toEqual([now, to]);
  });
});

describe('formatCst', () => {
  it('shows an instant in China time, whatever the zone it was written in', () => {
    expect(formatCst('2026-12-05T16:30:05Z')).toBe('2026-12-06 00:30:05');
    expect(formatCst('2026-12-06T00:30:05+08:00', 'YYYY-MM-DD HH:mm')).toBe('2026-12-06 00:30');
    expect(formatCst(new Date(Date.UTC(2026, 0, 1, 15, 59, 59)), 'YYYY-MM-DD')).toBe('2026-01-01');
    expect(formatCst(Date.UTC(2026, 0, 1, 16), 'HH:mm')).toBe('00:00');
  });

  it('gives an empty text for nothing or nonsense', () => {
    for (const v of [null, undefined, '', 'yesterday']) expect(formatCst(v)).toBe('');
  });
});
