import type { z } from 'zod';
import type {
  calendarImportBody,
  calendarProvisionalBody,
  calendarSetDayBody,
  CalendarYearData,
} from '@hotline/contract';
import { checkCalendarDays, weekdayOf, PROVISIONAL_YEARS, type CalendarDay } from '@hotline/domain';
import type { AppContext, Db } from '../../context';
import { AppError } from '../../http/app-error';
import { fieldError } from '../intake/field-error';
import { recordAudit, type AuditActor } from '../audit';
import { forgetConfig } from '../config/config-cache';
import * as repo from './calendar.repository';

/**
 * The working-day calendar (issue 21): read a year, set or clear one day, replace a year from
 * a file. Each change is one transaction with one `calendar.change` audit row; after the
 * commit this node forgets its cached calendar (the others follow within CONFIG_CACHE_MS).
 * Deadlines already set are not recomputed (docs/workflow.md, "Working-day calendar").
 */

async function yearData(db: Db, year: number): Promise<CalendarYearData> {
  const [row, days] = await Promise.all([repo.findYear(db, year), repo.yearDays(db, year)]);
  return {
    year,
    provisional: row?.provisional ?? PROVISIONAL_YEARS.includes(year),
    defined: Boolean(row),
    days,
  };
}

export function getYear(ctx: AppContext, year: number): Promise<CalendarYearData> {
  return yearData(ctx.db, year);
}

export async function listYears(ctx: AppContext) {
  return { years: await repo.listYears(ctx.db) };
}

export async function setDay(
  ctx: AppContext,
  input: z.output<typeof calendarSetDayBody>,
  actor: AuditActor,
): Promise<CalendarYearData> {
  const { date, kind } = input;
  const name = input.name?.trim() ?? '';
  if (kind && !name) throw fieldError('name', 'calendar.nameRequired');
  if (kind === 'workday' && ![0, 6].includes(weekdayOf(date))) {
    throw fieldError('date', 'calendar.workdayOnWeekday');
  }
  const year = Number(date.slice(0, 4));
  if (year < 2000 || year > 2100) throw fieldError('date', 'calendar.date');
  const now = ctx.now();
  const data = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockYear(trx, year, now);
    const before = (await repo.yearDays(trx, year)).find((d) => d.date === date) ?? null;
    if (kind) await repo.upsertDay(trx, { date, kind, name }, now);
    else await repo.deleteDay(trx, date);
    await repo.touchYear(trx, year, now);
    const after = kind ? { kind, name } : null;
    await recordAudit(trx, actor, {
      action: 'calendar.change',
      target: { type: 'calendar', id: date, name: String(year) },
      detail: { changes: { [date]: [describe(before), describe(after)] } },
      at: now,
    });
    return yearData(trx, year);
  });
  forgetConfig(ctx);
  return data;
}

/**
 * Marks a year provisional (未发布) or official — the seeded 2027 is provisional until an
 * administrator has entered the State Council's notice and says so. Deadlines are not touched:
 * the flag only tells people how far to trust the year.
 */
export async function setProvisional(
  ctx: AppContext,
  input: z.output<typeof calendarProvisionalBody>,
  actor: AuditActor,
): Promise<CalendarYearData> {
  const { year, provisional } = input;
  const now = ctx.now();
  const data = await ctx.db.transaction().execute(async (trx) => {
    const before =
      (await repo.findYear(trx, year))?.provisional ?? PROVISIONAL_YEARS.includes(year);
    await repo.lockYear(trx, year, now);
    await repo.touchYear(trx, year, now, provisional);
    await recordAudit(trx, actor, {
      action: 'calendar.change',
      target: { type: 'calendar', id: year, name: String(year) },
      detail: { provisional: [before, provisional] },
      at: now,
    });
    return yearData(trx, year);
  });
  forgetConfig(ctx);
  return data;
}

const describe = (d: Pick<CalendarDay, 'kind' | 'name'> | null) =>
  d ? `${d.kind === 'holiday' ? '放假' : '上班'} ${d.name}` : '';

export async function importYear(
  ctx: AppContext,
  input: z.output<typeof calendarImportBody>,
  actor: AuditActor,
): Promise<CalendarYearData> {
  const { year, provisional } = input;
  const problem = checkCalendarDays(input.days, year);
  if (problem) {
    throw new AppError(400, `calendar.import.${problem.key}`, { line: problem.index + 1, year });
  }
  const days = (input.days as CalendarDay[])
    .map((d) => ({ date: d.date, kind: d.kind, name: d.name.trim() }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const now = ctx.now();
  const data = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockYear(trx, year, now);
    const before = await repo.yearDays(trx, year);
    await repo.replaceYear(trx, year, days, now);
    await repo.touchYear(trx, year, now, provisional);
    await recordAudit(trx, actor, {
      action: 'calendar.change',
      target: { type: 'calendar', id: year, name: String(year) },
      detail: { imported: { days: [before.length, days.length], provisional } },
      at: now,
    });
    return yearData(trx, year);
  });
  forgetConfig(ctx);
  return data;
}
