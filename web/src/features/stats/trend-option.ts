import type { KanbanData } from '@hotline/contract';

const SERIES = ['received', 'replied', 'closed'] as const;
export type TrendSeries = (typeof SERIES)[number];

/** Today in China time (the board's periods are China-time days), as YYYY-MM-DD. */
export function todayCst(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The trend chart of the board: one line per count over the period's days.
 * - Days after today have no value yet (null: no point, no line), not 0.
 * - Straight segments: a smoothed line overshoots between points and dips below 0.
 * - The legend sits above the plot area (grid.top leaves it room) and the axis labels inside
 *   the grid, so neither is drawn over the other.
 */
export function trendOption(
  days: KanbanData['trendByDay'],
  name: (series: TrendSeries) => string,
  today: string = todayCst(),
) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, left: 'center' },
    grid: { left: 8, right: 16, bottom: 8, top: 40, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1, min: 0 },
    series: SERIES.map((k) => ({
      name: name(k),
      type: 'line',
      smooth: false,
      connectNulls: false,
      data: days.map((d) => (d.day > today ? null : d[k])),
    })),
  };
}
