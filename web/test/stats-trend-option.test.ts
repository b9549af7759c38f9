import { describe, expect, it } from 'vitest';
import { todayCst, trendOption } from '../src/features/stats/trend-option';

const day = (d: string, n: number) => ({ day: d, received: n, replied: n, closed: n });
const DAYS = [
  day('2026-11-19', 3),
  day('2026-11-20', 0),
  day('2026-11-21', 5),
  day('2026-11-22', 0),
];

describe('the board trend chart (issue 20, defect 8)', () => {
  const option = trendOption(DAYS, (k) => k, '2026-11-21');

  it('leaves days after today empty, not 0', () => {
    for (const s of option.series) expect(s.data).toEqual([3, 0, 5, null]);
  });

  it('draws straight segments from 0 up: nothing dips below 0', () => {
    for (const s of option.series) expect(s.smooth).toBe(false);
    expect(option.yAxis.min).toBe(0);
  });

  it('keeps the legend above the plot area and the labels inside the grid', () => {
    expect(option.legend.top).toBe(0);
    expect(option.grid.top).toBeGreaterThanOrEqual(32);
    expect(option.grid.containLabel).toBe(true);
  });

  it('today is the China-time day', () => {
    expect(todayCst(new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-22');
    expect(todayCst(new Date('2026-11-21T15:59:59Z'))).toBe('2026-11-21');
  });
});
