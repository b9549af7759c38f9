import { describe, expect, it } from 'vitest';
import { isWeekendDate, monthGrid } from '../src/features/work-calendar/month-grid';

describe('monthGrid', () => {
  const listed = new Map([
    ['2026-10-01', { kind: 'holiday' as const, name: '国庆节' }],
    ['2026-10-10', { kind: 'workday' as const, name: '国庆节调休' }],
  ]);

  it('October 2026 starts on a Thursday: weeks from Monday, padded to whole weeks', () => {
    const weeks = monthGrid(2026, 10, listed);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]!.slice(0, 3)).toEqual([null, null, null]);
    expect(weeks[0]![3]).toEqual({ date: '2026-10-01', day: 1, state: 'holiday', name: '国庆节' });
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks[4]!.at(-1)).toBeNull();
  });

  it('marks adjusted working days, weekends and ordinary days', () => {
    const days = monthGrid(2026, 10, listed).flat();
    const state = (date: string) => days.find((d) => d?.date === date)?.state;
    expect(state('2026-10-10')).toBe('adjusted');
    expect(state('2026-10-11')).toBe('weekend');
    expect(state('2026-10-12')).toBe('workday');
  });

  it('February of a leap year has 29 days', () => {
    expect(monthGrid(2028, 2, new Map()).flat().filter(Boolean)).toHaveLength(29);
  });

  it('isWeekendDate', () => {
    expect(isWeekendDate('2026-10-10')).toBe(true);
    expect(isWeekendDate('2026-10-09')).toBe(false);
  });
});
