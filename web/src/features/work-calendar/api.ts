import { queryOptions } from '@tanstack/react-query';
import type { EndpointData, EndpointInput } from '@hotline/contract';
import { workCalendarEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

/**
 * Calls of 工作日历 (docs/api.md "Working-day calendar"). Writes pass `noError`: the page shows
 * the server's message itself.
 */

export type CalendarYear = EndpointData<typeof workCalendarEndpoints.getCalendarYear>;
export type CalendarDayEntry = CalendarYear['days'][number];
export type SetDayInput = Omit<
  EndpointInput<typeof workCalendarEndpoints.setCalendarDay>,
  'noError'
>;

export const calendarKey = ['work-calendar'] as const;

export const calendarYearQuery = (year: number) =>
  queryOptions({
    queryKey: [...calendarKey, year],
    queryFn: ({ signal }) =>
      call(workCalendarEndpoints.getCalendarYear, { year }, { signal, noError: true }),
    staleTime: 0,
  });

export function setCalendarDay(input: SetDayInput): Promise<CalendarYear> {
  return call(workCalendarEndpoints.setCalendarDay, input, { noError: true });
}

export function setCalendarProvisional(year: number, provisional: boolean): Promise<CalendarYear> {
  return call(
    workCalendarEndpoints.setCalendarProvisional,
    { year, provisional },
    { noError: true },
  );
}

export function importCalendarYear(file: unknown): Promise<CalendarYear> {
  return call(
    workCalendarEndpoints.importCalendarYear,
    file as EndpointInput<typeof workCalendarEndpoints.importCalendarYear>,
    { noError: true },
  );
}
