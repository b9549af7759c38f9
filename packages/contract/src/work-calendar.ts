import { z } from 'zod';
import {
  CALENDAR_DAY_KINDS,
  isCalendarDate,
  MAX_CALENDAR_NAME,
  type CalendarDayKind,
} from '@hotline/domain';
import { envelope, intField } from './common';
import { endpoint } from './endpoint';

/**
 * The working-day calendar (工作日历, issue 21): per year, the days off and the adjusted working
 * days (调休). Administrators only. Limits counted in working days are computed on it when a
 * deadline is set; deadlines already set are not moved by a change (docs/workflow.md).
 */

export const calendarYear = intField((n) => n.min(2000).max(2100));
export const calendarDate = z.string().trim().refine(isCalendarDate, 'calendar.date');
export const calendarDayKind = z.enum(
  CALENDAR_DAY_KINDS as [CalendarDayKind, ...CalendarDayKind[]],
  {
    message: 'calendar.kind',
  },
);
export const calendarDayName = z
  .string()
  .trim()
  .min(1, 'calendar.nameRequired')
  .max(MAX_CALENDAR_NAME, 'calendar.nameTooLong');

export const calendarDay = z.object({
  date: z.string(),
  kind: calendarDayKind,
  name: z.string(),
});
export type CalendarDayItem = z.infer<typeof calendarDay>;

export const calendarYearData = z.object({
  year: z.number().int(),
  /** The schedule is not the official one yet (未发布). */
  provisional: z.boolean(),
  /** Whether the year has a schedule at all (a year never edited has none). */
  defined: z.boolean(),
  days: z.array(calendarDay),
});
export type CalendarYearData = z.infer<typeof calendarYearData>;

export const calendarYearBody = z.object({ year: calendarYear });
export const calendarYearResponse = envelope(calendarYearData);
export const calendarYearsResponse = envelope(
  z.object({
    years: z.array(
      z.object({ year: z.number().int(), provisional: z.boolean(), days: z.number().int() }),
    ),
  }),
);

/** Set one day (kind and name), or clear it back to an ordinary day (`kind: null`). */
export const calendarSetDayBody = z.object({
  date: calendarDate,
  kind: calendarDayKind.nullable(),
  name: z.string().trim().max(MAX_CALENDAR_NAME, 'calendar.nameTooLong').optional(),
});

/**
 * A whole year as a file (JSON, the shape the export writes): it replaces the year's schedule.
 * Every day is checked (a real date of that year, a kind, a name, each date once, adjusted
 * working days only at weekends); the first problem is named with its line.
 */
export const MAX_CALENDAR_DAYS = 366;
export const calendarImportBody = z.object({
  year: calendarYear,
  provisional: z.boolean().default(false),
  days: z
    .array(z.object({ date: z.unknown(), kind: z.unknown(), name: z.unknown() }))
    .max(MAX_CALENDAR_DAYS, 'calendar.tooManyDays'),
});

/**
 * Mark a year's schedule provisional (未发布: the State Council's notice is not out, or not yet
 * entered) or official, from the year view; the schedule itself is not changed.
 */
export const calendarProvisionalBody = z.object({
  year: calendarYear,
  provisional: z.boolean({ message: 'calendar.provisional' }),
});

const tags = ['work calendar'];

export const workCalendarEndpoints = {
  listCalendarYears: endpoint({
    method: 'POST',
    paths: ['/admin/calendar/years'],
    summary: 'The years that have a schedule, with how many days each lists',
    tags,
    access: 'admin',
    response: calendarYearsResponse,
  }),
  getCalendarYear: endpoint({
    method: 'POST',
    paths: ['/admin/calendar/year'],
    summary: "One year's days off and adjusted working days (also the export file's content)",
    tags,
    access: 'admin',
    body: calendarYearBody,
    response: calendarYearResponse,
  }),
  setCalendarDay: endpoint({
    method: 'POST',
    paths: ['/admin/calendar/day'],
    summary: 'Mark one day as a day off or an adjusted working day, or clear it',
    tags,
    access: 'admin',
    body: calendarSetDayBody,
    response: calendarYearResponse,
  }),
  setCalendarProvisional: endpoint({
    method: 'POST',
    paths: ['/admin/calendar/provisional'],
    summary: "Mark one year's schedule as provisional (not the official notice yet) or official",
    tags,
    access: 'admin',
    body: calendarProvisionalBody,
    response: calendarYearResponse,
  }),
  importCalendarYear: endpoint({
    method: 'POST',
    paths: ['/admin/calendar/import'],
    summary: "Replace one year's schedule with an imported file (all checked, all or nothing)",
    tags,
    access: 'admin',
    body: calendarImportBody,
    response: calendarYearResponse,
  }),
};
