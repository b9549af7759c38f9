import type { CalendarDay } from './work-calendar';

/**
 * The national schedule seeded by migration 023 (issue 21).
 *
 * 2026: 国务院办公厅关于2026年部分节假日安排的通知 (2025-11-04).
 * 2027: no official schedule was published when this was written, so only the fixed-date
 * statutory days off are seeded (元旦 Jan 1, 劳动节 May 1–2, 国庆节 Oct 1–3) — provisional: the
 * lunar holidays (春节, 清明, 端午, 中秋) and the 调休 days must be added by an administrator
 * once the State Council publishes the 2027 notice.
 */
const range = (from: string, to: string, name: string): CalendarDay[] => {
  const out: CalendarDay[] = [];
  for (
    let t = Date.parse(`${from}T00:00:00Z`);
    t <= Date.parse(`${to}T00:00:00Z`);
    t += 86_400_000
  ) {
    out.push({ date: new Date(t).toISOString().slice(0, 10), kind: 'holiday', name });
  }
  return out;
};
const work = (date: string, name: string): CalendarDay => ({ date, kind: 'workday', name });

export const NATIONAL_SCHEDULE: Readonly<Record<number, readonly CalendarDay[]>> = {
  2026: [
    ...range('2026-01-01', '2026-01-03', '元旦'),
    work('2026-01-04', '元旦调休'),
    work('2026-02-14', '春节调休'),
    ...range('2026-02-15', '2026-02-23', '春节'),
    work('2026-02-28', '春节调休'),
    ...range('2026-04-04', '2026-04-06', '清明节'),
    ...range('2026-05-01', '2026-05-05', '劳动节'),
    work('2026-05-09', '劳动节调休'),
    ...range('2026-06-19', '2026-06-21', '端午节'),
    work('2026-09-20', '国庆节调休'),
    ...range('2026-09-25', '2026-09-27', '中秋节'),
    ...range('2026-10-01', '2026-10-07', '国庆节'),
    work('2026-10-10', '国庆节调休'),
  ],
  2027: [
    ...range('2027-01-01', '2027-01-01', '元旦'),
    ...range('2027-05-01', '2027-05-02', '劳动节'),
    ...range('2027-10-01', '2027-10-03', '国庆节'),
  ],
};

/** Years whose seeded schedule is not the official one (shown as 未发布/provisional). */
export const PROVISIONAL_YEARS: readonly number[] = [2027];
