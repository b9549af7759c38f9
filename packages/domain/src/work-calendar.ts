/**
 * The working-day calendar (issue 21): which China days are working days. A day is a working
 * day when it is a weekday that is not a holiday, or a weekend day the schedule moves to work
 * (调休). Deadlines of limits counted in working days are a pure function of (start, limit,
 * calendar); limits in hours stay wall-clock (time.ts).
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CST_OFFSET = 8 * HOUR;

export type CalendarDayKind = 'holiday' | 'workday';
export const CALENDAR_DAY_KINDS: readonly CalendarDayKind[] = ['holiday', 'workday'];

/** One entry of the schedule: a day off (`holiday`) or an adjusted working day (`workday`). */
export interface CalendarDay {
  /** China date, YYYY-MM-DD. */
  date: string;
  kind: CalendarDayKind;
  name: string;
}

export interface WorkCalendar {
  /** Dates (YYYY-MM-DD) that are days off whatever the weekday. */
  holidays: ReadonlySet<string>;
  /** Weekend dates that are working days. */
  workdays: ReadonlySet<string>;
}

export const EMPTY_CALENDAR: WorkCalendar = { holidays: new Set(), workdays: new Set() };

export function buildCalendar(days: readonly Pick<CalendarDay, 'date' | 'kind'>[]): WorkCalendar {
  const holidays = new Set<string>();
  const workdays = new Set<string>();
  for (const d of days) (d.kind === 'holiday' ? holidays : workdays).add(d.date);
  return { holidays, workdays };
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `date` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(date: string): boolean {
  const m = DATE_RE.exec(date);
  if (!m) return false;
  const d = new Date(`${date}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** The China date (YYYY-MM-DD) of an instant. */
export function cstDate(at: Date): string {
  return new Date(at.getTime() + CST_OFFSET).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00.000Z`).getUTCDay();
}

const nextDate = (date: string) =>
  new Date(new Date(`${date}T00:00:00.000Z`).getTime() + DAY).toISOString().slice(0, 10);

export function isWorkingDay(date: string, calendar: WorkCalendar): boolean {
  if (calendar.holidays.has(date)) return false;
  if (calendar.workdays.has(date)) return true;
  const wd = weekdayOf(date);
  return wd !== 0 && wd !== 6;
}

/** The last instant (23:59:59 China time) of a China date. */
export function endOfCstDate(date: string): Date {
  return new Date(new Date(`${date}T00:00:00.000Z`).getTime() + DAY - 1000 - CST_OFFSET);
}

/** Far enough for any real limit; stops a calendar of only holidays looping for ever. */
const MAX_SCAN_DAYS = 3660;

/**
 * The deadline of `days` working days from `start`: the day `start` falls on is not counted
 * (a limit runs from the next day, as periods do in Chinese administrative practice, so a
 * start at 09:00 and one at 23:00 get the same deadline), and the deadline is the end
 * (23:59:59 China time) of the `days`-th working day after it. A start on a holiday or a
 * weekend therefore counts from the first working day after it. There are no working hours:
 * the rules in docs/workflow.md have none.
 */
export function addWorkingDays(start: Date, days: number, calendar: WorkCalendar): Date {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a positive integer');
  let date = cstDate(start);
  let left = days;
  for (let i = 0; i < MAX_SCAN_DAYS; i++) {
    date = nextDate(date);
    if (isWorkingDay(date, calendar) && --left === 0) return endOfCstDate(date);
  }
  throw new RangeError('no working days in the calendar');
}

/** A limit: wall-clock hours, or working days on the calendar. */
export type TimeLimit = { amount: number; unit: 'hours' } | { amount: number; unit: 'workdays' };

export function deadlineFor(start: Date, limit: TimeLimit, calendar: WorkCalendar): Date {
  return limit.unit === 'hours'
    ? new Date(start.getTime() + limit.amount * HOUR)
    : addWorkingDays(start, limit.amount, calendar);
}

/** Checks a schedule (an import): real dates, a kind, a name, each date once. */
export type CalendarProblem =
  | { key: 'date'; index: number }
  | { key: 'kind'; index: number }
  | { key: 'name'; index: number }
  | { key: 'duplicate'; index: number }
  | { key: 'year'; index: number }
  | { key: 'workdayOnWeekday'; index: number };

export const MAX_CALENDAR_NAME = 30;

export function checkCalendarDays(
  days: readonly { date: unknown; kind: unknown; name: unknown }[],
  year?: number,
): CalendarProblem | null {
  const seen = new Set<string>();
  for (const [index, d] of days.entries()) {
    if (typeof d.date !== 'string' || !isCalendarDate(d.date)) return { key: 'date', index };
    if (year !== undefined && Number(d.date.slice(0, 4)) !== year) return { key: 'year', index };
    if (d.kind !== 'holiday' && d.kind !== 'workday') return { key: 'kind', index };
    if (typeof d.name !== 'string' || !d.name.trim() || d.name.length > MAX_CALENDAR_NAME) {
      return { key: 'name', index };
    }
    if (d.kind === 'workday' && weekdayOf(d.date) !== 0 && weekdayOf(d.date) !== 6) {
      return { key: 'workdayOnWeekday', index };
    }
    if (seen.has(d.date)) return { key: 'duplicate', index };
    seen.add(d.date);
  }
  return null;
}

/** Server messages of the calendar, both languages (`{line}`: 1-based entry of an import). */
export const CALENDAR_MESSAGES = {
  'calendar.date': {
    zh: '日期须为真实日期，格式 YYYY-MM-DD',
    en: 'a date must be a real date, YYYY-MM-DD',
  },
  'calendar.kind': {
    zh: '类型只能是 holiday（放假）或 workday（调休上班）',
    en: 'the kind must be holiday or workday',
  },
  'calendar.nameRequired': {
    zh: '请填写名称（如：国庆节）',
    en: 'a name is required (e.g. National Day)',
  },
  'calendar.nameTooLong': {
    zh: `名称至多 ${MAX_CALENDAR_NAME} 个字符`,
    en: `a name may have at most ${MAX_CALENDAR_NAME} characters`,
  },
  'calendar.tooManyDays': { zh: '一年至多 366 天', en: 'a year has at most 366 days' },
  'calendar.provisional': {
    zh: '“暂定”只能是 true 或 false',
    en: 'provisional must be true or false',
  },
  'calendar.workdayOnWeekday': {
    zh: '调休上班日只能是周六或周日',
    en: 'an adjusted working day must be a Saturday or a Sunday',
  },
  'calendar.import.date': {
    zh: '第 {line} 条：日期须为真实日期，格式 YYYY-MM-DD',
    en: 'entry {line}: the date must be a real date, YYYY-MM-DD',
  },
  'calendar.import.year': {
    zh: '第 {line} 条：日期不在 {year} 年',
    en: 'entry {line}: the date is not in {year}',
  },
  'calendar.import.kind': {
    zh: '第 {line} 条：类型只能是 holiday 或 workday',
    en: 'entry {line}: the kind must be holiday or workday',
  },
  'calendar.import.name': {
    zh: `第 {line} 条：名称不能为空，至多 ${MAX_CALENDAR_NAME} 个字符`,
    en: `entry {line}: the name must have 1 to ${MAX_CALENDAR_NAME} characters`,
  },
  'calendar.import.duplicate': {
    zh: '第 {line} 条：日期重复',
    en: 'entry {line}: the date appears twice',
  },
  'calendar.import.workdayOnWeekday': {
    zh: '第 {line} 条：调休上班日只能是周六或周日',
    en: 'entry {line}: an adjusted working day must be a Saturday or a Sunday',
  },
} as const;
