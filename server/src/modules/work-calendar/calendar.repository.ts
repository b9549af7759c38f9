import type { CalendarDay } from '@hotline/domain';
import type { Db } from '../../context';

/** The working-day calendar tables (migration 023). */

export interface YearRow {
  year: number;
  provisional: boolean;
}

export async function allDays(db: Db): Promise<CalendarDay[]> {
  const rows = await db
    .selectFrom('work_calendar_days')
    .select(['day', 'kind', 'name'])
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ date: r.day, kind: r.kind, name: r.name }));
}

export async function yearDays(db: Db, year: number): Promise<CalendarDay[]> {
  const rows = await db
    .selectFrom('work_calendar_days')
    .select(['day', 'kind', 'name'])
    .where('year', '=', year)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ date: r.day, kind: r.kind, name: r.name }));
}

export function findYear(db: Db, year: number): Promise<YearRow | undefined> {
  return db
    .selectFrom('work_calendar_years')
    .select(['year', 'provisional'])
    .where('year', '=', year)
    .executeTakeFirst();
}

export function listYears(db: Db): Promise<(YearRow & { days: number })[]> {
  return db
    .selectFrom('work_calendar_years as y')
    .leftJoin('work_calendar_days as d', 'd.year', 'y.year')
    .select((eb) => ['y.year', 'y.provisional', eb.fn.count<string>('d.day').as('days')])
    .groupBy(['y.year', 'y.provisional'])
    .orderBy('y.year')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, days: Number(r.days) })));
}

/** Creates the year when missing (and locks it: concurrent edits of one year queue here). */
export async function lockYear(db: Db, year: number, now: Date): Promise<YearRow> {
  await db
    .insertInto('work_calendar_years')
    .values({ year, updated_at: now })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
  return db
    .selectFrom('work_calendar_years')
    .select(['year', 'provisional'])
    .where('year', '=', year)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function touchYear(db: Db, year: number, now: Date, provisional?: boolean) {
  await db
    .updateTable('work_calendar_years')
    .set({ updated_at: now, ...(provisional === undefined ? {} : { provisional }) })
    .where('year', '=', year)
    .execute();
}

export async function upsertDay(db: Db, day: CalendarDay, now: Date): Promise<void> {
  await db
    .insertInto('work_calendar_days')
    .values({
      day: day.date,
      year: Number(day.date.slice(0, 4)),
      kind: day.kind,
      name: day.name,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet({ kind: day.kind, name: day.name, updated_at: now }),
    )
    .execute();
}

export async function deleteDay(db: Db, date: string): Promise<void> {
  await db.deleteFrom('work_calendar_days').where('day', '=', date).execute();
}

export async function replaceYear(db: Db, year: number, days: CalendarDay[], now: Date) {
  await db.deleteFrom('work_calendar_days').where('year', '=', year).execute();
  if (days.length === 0) return;
  await db
    .insertInto('work_calendar_days')
    .values(days.map((d) => ({ day: d.date, year, kind: d.kind, name: d.name, updated_at: now })))
    .execute();
}
