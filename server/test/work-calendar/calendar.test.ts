import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  buildCalendar,
  cstDate,
  NATIONAL_SCHEDULE,
  type CalendarDay,
} from '@hotline/domain';
import { workCalendar } from '../../src/modules/work-calendar/calendar-cache';
import { post } from '../support/api';
import { newOrder, step, world, type World } from '../support/lifecycle';
import { createTestApp } from '../support/test-app';

/**
 * The working-day calendar (issue 21): the seeded schedule, reading and changing a year
 * (administrators only, audited, all-or-nothing imports with the first problem named), and
 * deadlines of limits in working days computed on it by the server.
 */

let w: World;
let admin: string;

beforeAll(async () => {
  w = await world(await createTestApp());
  admin = await w.t.login('admin');
});
afterAll(async () => {
  await w?.t.close();
});

interface YearData {
  year: number;
  provisional: boolean;
  defined: boolean;
  days: CalendarDay[];
}
const year = (y: number, token = admin) =>
  post<YearData>(w.t, '/api/admin/calendar/year', { year: y }, { token });
const setDay = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') =>
  post<YearData>(w.t, '/api/admin/calendar/day', body, { token: admin, lang });
const importYear = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') =>
  post<YearData>(w.t, '/api/admin/calendar/import', body, { token: admin, lang });
const auditCount = async () =>
  Number(
    (
      await w.t.ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', 'calendar.change')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the seeded schedule', () => {
  it('migration 023 holds the national schedule of 2026 and the provisional 2027', async () => {
    const y2026 = await year(2026);
    expect(y2026.code).toBe(200);
    expect(y2026.data).toEqual({
      year: 2026,
      provisional: false,
      defined: true,
      days: NATIONAL_SCHEDULE[2026],
    });
    const y2027 = (await year(2027)).data;
    expect(y2027.provisional).toBe(true);
    expect(y2027.days).toEqual(NATIONAL_SCHEDULE[2027]);
    const years = await post<{ years: { year: number; days: number }[] }>(
      w.t,
      '/api/admin/calendar/years',
      {},
      { token: admin },
    );
    expect(years.data.years.map((y) => [y.year, y.days])).toEqual([
      [2026, 39],
      [2027, 6],
    ]);
  });

  it('a year never edited is empty and not defined', async () => {
    expect((await year(2030)).data).toEqual({
      year: 2030,
      provisional: false,
      defined: false,
      days: [],
    });
  });

  it('is for administrators only', async () => {
    const r = await year(2026, w.tokens.dispatcher);
    expect(r.status).toBe(403);
  });
});

describe('changing a day', () => {
  it('sets, renames and clears a day, each audited', async () => {
    const before = await auditCount();
    let r = await setDay({ date: '2030-03-04', kind: 'holiday', name: '测试假日' });
    expect(r.code).toBe(200);
    expect(r.data.defined).toBe(true);
    expect(r.data.days).toEqual([{ date: '2030-03-04', kind: 'holiday', name: '测试假日' }]);
    r = await setDay({ date: '2030-03-04', kind: 'holiday', name: '改名' });
    expect(r.data.days).toEqual([{ date: '2030-03-04', kind: 'holiday', name: '改名' }]);
    r = await setDay({ date: '2030-03-04', kind: null });
    expect(r.data.days).toEqual([]);
    expect(await auditCount()).toBe(before + 3);
  });

  it.each([
    [
      { date: '2030-02-30', kind: 'holiday', name: 'x' },
      'date: a date must be a real date, YYYY-MM-DD',
    ],
    [{ date: '2030-03-04', kind: 'rest', name: 'x' }, 'kind: the kind must be holiday or workday'],
    [{ date: '2030-03-04', kind: 'holiday' }, 'name: a name is required (e.g. National Day)'],
    // 2030-03-04 is a Monday.
    [
      { date: '2030-03-04', kind: 'workday', name: '调休' },
      'date: an adjusted working day must be a Saturday or a Sunday',
    ],
  ])('refuses %j: %s', async (body, msg) => {
    const before = await auditCount();
    const r = await setDay(body);
    expect([r.status, r.code, r.msg]).toEqual([400, 400, msg]);
    expect(await auditCount()).toBe(before);
  });
});

describe('marking a year provisional', () => {
  const mark = (body: Record<string, unknown>, token = admin, lang: 'zh' | 'en' = 'en') =>
    post<YearData>(w.t, '/api/admin/calendar/provisional', body, { token, lang });

  it('the seeded 2027 is provisional until the administrator says otherwise; audited, days kept', async () => {
    const before = await auditCount();
    const r = await mark({ year: 2027, provisional: false });
    expect(r.code).toBe(200);
    expect(r.data).toEqual({
      year: 2027,
      provisional: false,
      defined: true,
      days: NATIONAL_SCHEDULE[2027],
    });
    expect((await year(2027)).data.provisional).toBe(false);
    const again = await mark({ year: 2027, provisional: true });
    expect(again.data.provisional).toBe(true);
    expect(await auditCount()).toBe(before + 2);
    const audit = await w.t.ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'calendar.change')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit.detail).toEqual({ provisional: [false, true] });
  });

  it('a year not yet listed can be marked provisional before its days are entered', async () => {
    const r = await mark({ year: 2033, provisional: true });
    expect(r.data).toEqual({ year: 2033, provisional: true, defined: true, days: [] });
  });

  it('checks the body and the caller', async () => {
    const before = await auditCount();
    const bad = await mark({ year: 2027, provisional: 'yes' }, admin, 'zh');
    expect([bad.status, bad.msg]).toEqual([400, 'provisional: “暂定”只能是 true 或 false']);
    const outOfRange = await mark({ year: 1999, provisional: true });
    expect(outOfRange.status).toBe(400);
    const denied = await mark({ year: 2027, provisional: false }, w.tokens.dispatcher);
    expect(denied.status).toBe(403);
    expect(await auditCount()).toBe(before);
    expect((await year(2027)).data.provisional).toBe(true);
  });
});

describe('importing a year', () => {
  const days = [
    { date: '2031-01-01', kind: 'holiday', name: '元旦' },
    { date: '2031-01-04', kind: 'workday', name: '调休' }, // Saturday
  ];

  it('replaces the year, all or nothing; the export is the year read back', async () => {
    await setDay({ date: '2031-06-02', kind: 'holiday', name: '旧的' });
    const r = await importYear({ year: 2031, provisional: true, days });
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ year: 2031, provisional: true, defined: true, days });
    // Round trip: the file the console exports is this answer; importing it changes nothing.
    const again = await importYear({ ...r.data });
    expect(again.data).toEqual(r.data);
  });

  it.each([
    [
      { date: '2031-13-01', kind: 'holiday', name: 'x' },
      'entry 2: the date must be a real date, YYYY-MM-DD',
    ],
    [{ date: '2032-01-05', kind: 'holiday', name: 'x' }, 'entry 2: the date is not in 2031'],
    [
      { date: '2031-01-05', kind: 'off', name: 'x' },
      'entry 2: the kind must be holiday or workday',
    ],
    [
      { date: '2031-01-05', kind: 'holiday', name: '' },
      'entry 2: the name must have 1 to 30 characters',
    ],
    [{ date: '2031-01-01', kind: 'holiday', name: 'x' }, 'entry 2: the date appears twice'],
    [
      { date: '2031-01-06', kind: 'workday', name: 'x' },
      'entry 2: an adjusted working day must be a Saturday or a Sunday',
    ],
  ])('refuses a file with %j: %s (and changes nothing)', async (bad, msg) => {
    const before = (await year(2031)).data;
    const r = await importYear({ year: 2031, days: [days[0], bad] });
    expect([r.status, r.msg]).toEqual([400, msg]);
    expect((await year(2031)).data).toEqual(before);
  });

  it('names the problem in Chinese too', async () => {
    const r = await importYear(
      { year: 2031, days: [{ date: 'x', kind: 'holiday', name: 'a' }] },
      'zh',
    );
    expect(r.msg).toBe('第 1 条：日期须为真实日期，格式 YYYY-MM-DD');
  });
});

describe('deadlines in working days', () => {
  async function dispatchGeneral(): Promise<{ dispatch: Date; deadline: Date; hours: number }> {
    const id = await newOrder(w.t, { urgency: 'general' });
    await step(w, id, {
      who: 'dispatcher',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 1 },
      action: 'sign',
      to: { status: 1, mainOrgStatus: -1 },
    });
    await step(w, id, {
      who: 'dispatcher',
      path: 'org/submitHandleOrgInfo',
      body: { hostUnitId: w.units.S01 },
      action: 'dispatch',
      to: { mainOrgStatus: 0 },
    });
    const row = await w.t.ctx.db
      .selectFrom('work_orders')
      .select(['dispatch_time', 'deadline', 'handling_limit_hours'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      dispatch: row.dispatch_time!,
      deadline: row.deadline!,
      hours: row.handling_limit_hours!,
    };
  }

  it('a limit in working days counts on the stored calendar, and follows a change of it', async () => {
    // 系统配置: 一般件办理时限（工作日） = 3 (the key is seeded as 0, the hours).
    await w.t.ctx.db
      .updateTable('config')
      .set({ value: '3' })
      .where('group_name', '=', 'jsjb')
      .where('name', '=', 'limit_general_workdays')
      .execute();
    const first = await dispatchGeneral();
    const calendar = await workCalendar(w.t.ctx);
    expect(first.deadline).toEqual(addWorkingDays(first.dispatch, 3, calendar));

    // Ten days off from tomorrow on: the next deadline moves past them; the first stays.
    const start = first.dispatch.getTime();
    const dates = Array.from({ length: 10 }, (_, i) =>
      cstDate(new Date(start + (i + 1) * 86_400_000)),
    );
    for (const date of dates) await setDay({ date, kind: 'holiday', name: '测试' });
    const second = await dispatchGeneral();
    const after = buildCalendar(
      (
        await Promise.all(
          [...new Set(dates.map((d) => Number(d.slice(0, 4))))].map(
            async (y) => (await year(y)).data.days,
          ),
        )
      )
        .flat()
        .concat(NATIONAL_SCHEDULE[2026]!),
    );
    expect(second.deadline).toEqual(addWorkingDays(second.dispatch, 3, after));
    expect(cstDate(second.deadline) > dates[9]!).toBe(true);
    expect(second.hours).toBe(
      Math.ceil((second.deadline.getTime() - second.dispatch.getTime()) / 3_600_000),
    );
    const firstAgain = await w.t.ctx.db
      .selectFrom('work_orders')
      .select('deadline')
      .where('dispatch_time', '=', first.dispatch)
      .executeTakeFirstOrThrow();
    expect(firstAgain.deadline).toEqual(first.deadline);
  });
});
