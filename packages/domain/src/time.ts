/**
 * Time rules of WORKFLOW section 3. Days are China Standard Time (UTC+8, no daylight saving),
 * whatever the server's own time zone.
 */
import {
  DEFAULT_HANDLING_LIMIT_HOURS,
  DEFAULT_REFUSE_SIGN_HOURS,
  type Urgency,
} from './work-order';
import { addWorkingDays, EMPTY_CALENDAR, type WorkCalendar } from './work-calendar';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CST_OFFSET = 8 * HOUR;

/** 00:00 China time of the day `at` falls on. */
export function startOfDayCst(at: Date): Date {
  const shifted = at.getTime() + CST_OFFSET;
  return new Date(shifted - (((shifted % DAY) + DAY) % DAY) - CST_OFFSET);
}

/**
 * An instant as China time, `pattern` made of YYYY, MM, DD, HH, mm and ss (default
 * `YYYY-MM-DD HH:mm:ss`): what the console shows, whatever the browser's own time zone, so a
 * time reads the same on every screen, on the printed order and in the exports. '' for a
 * missing or unreadable value.
 */
export function formatCst(
  at: Date | string | number | null | undefined,
  pattern = 'YYYY-MM-DD HH:mm:ss',
): string {
  if (at === null || at === undefined || at === '') return '';
  const ms = at instanceof Date ? at.getTime() : new Date(at).getTime();
  if (Number.isNaN(ms)) return '';
  const d = new Date(ms + CST_OFFSET);
  const two = (n: number) => String(n).padStart(2, '0');
  const parts: Record<string, string> = {
    YYYY: String(d.getUTCFullYear()),
    MM: two(d.getUTCMonth() + 1),
    DD: two(d.getUTCDate()),
    HH: two(d.getUTCHours()),
    mm: two(d.getUTCMinutes()),
    ss: two(d.getUTCSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token] ?? token);
}

export function addHours(at: Date, hours: number): Date {
  return new Date(at.getTime() + hours * HOUR);
}

/** Configurable limits (config group jsjb); defaults from WORKFLOW section 3. */
export interface TimeLimits {
  refuseSignHours: number;
  handlingHours: Record<Urgency, number>;
  /**
   * Handling limits counted in working days on the calendar (issue 21): when set (> 0) for an
   * urgency it replaces that urgency's hours. None by default: the defaults are wall-clock.
   */
  handlingWorkdays?: Partial<Record<Urgency, number>>;
}

export const DEFAULT_TIME_LIMITS: TimeLimits = {
  refuseSignHours: DEFAULT_REFUSE_SIGN_HOURS,
  handlingHours: { ...DEFAULT_HANDLING_LIMIT_HOURS },
};

export function handlingDeadline(
  from: Date,
  urgency: Urgency,
  limits: TimeLimits,
  calendar: WorkCalendar = EMPTY_CALENDAR,
): Date {
  const workdays = limits.handlingWorkdays?.[urgency];
  return workdays && workdays > 0
    ? addWorkingDays(from, workdays, calendar)
    : addHours(from, limits.handlingHours[urgency]);
}

/** The handling limit in whole hours as stored with the order (working days: rounded up). */
export function handlingLimitHours(
  from: Date,
  urgency: Urgency,
  limits: TimeLimits,
  calendar: WorkCalendar = EMPTY_CALENDAR,
): number {
  const workdays = limits.handlingWorkdays?.[urgency];
  if (!workdays || workdays <= 0) return limits.handlingHours[urgency];
  return Math.ceil(
    (handlingDeadline(from, urgency, limits, calendar).getTime() - from.getTime()) / HOUR,
  );
}

export function refuseDeadline(from: Date, limits: TimeLimits): Date {
  return addHours(from, limits.refuseSignHours);
}

/** The three overdue-warning variants of web config `overdue_warning_mode`. */
export type OverdueMode = 'yesterday' | '2days' | '8hours';
export const OVERDUE_MODES: readonly OverdueMode[] = ['yesterday', '2days', '8hours'];

/**
 * The deadline window of the overdue-warning queue, [from, to):
 * - yesterday: the deadline fell yesterday (China time);
 * - 2days: from now until 23:59:59 of the day after tomorrow;
 * - 8hours: from now until 8 hours from now.
 */
export function overdueWindow(mode: OverdueMode, now: Date): { from: Date; to: Date } {
  const today = startOfDayCst(now);
  if (mode === 'yesterday') return { from: new Date(today.getTime() - DAY), to: today };
  if (mode === '8hours') return { from: now, to: addHours(now, 8) };
  return { from: now, to: new Date(today.getTime() + 3 * DAY) };
}

/** Milliseconds left to refuse (negative once past), for the list's live countdown. */
export function refuseTimeLeft(deadline: Date | null, now: Date): number | null {
  return deadline ? deadline.getTime() - now.getTime() : null;
}
