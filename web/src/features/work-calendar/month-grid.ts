/**
 * The year view's month grids: weeks from Monday, each cell a date of the month (or null
 * before the 1st and after the last day), with what the day is on the calendar.
 */
export type DayState = 'workday' | 'weekend' | 'holiday' | 'adjusted';

export interface GridDay {
  date: string;
  day: number;
  state: DayState;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function monthGrid(
  year: number,
  month: number,
  listed: ReadonlyMap<string, { kind: 'holiday' | 'workday'; name: string }>,
): (GridDay | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7; // Monday first
  const cells: (GridDay | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) {
    const date = `${year}-${pad(month)}-${pad(d)}`;
    const weekday = (lead + d - 1) % 7; // 0 = Monday
    const entry = listed.get(date);
    const weekend = weekday >= 5;
    const state: DayState = entry
      ? entry.kind === 'holiday'
        ? 'holiday'
        : 'adjusted'
      : weekend
        ? 'weekend'
        : 'workday';
    cells.push({ date, day: d, state, name: entry?.name ?? '' });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (GridDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export const isWeekendDate = (date: string) => {
  const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
  return wd === 0 || wd === 6;
};
