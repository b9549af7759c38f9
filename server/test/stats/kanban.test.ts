import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KanbanData, UnitStats } from '@hotline/contract';
import type { NewWorkOrder } from '../../src/db/schema';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { unitIdOf } from '../work-orders/reads-fixtures';
import { download, readXlsx } from '../exports/exports-fixtures';

/**
 * kanban against a hand-computed table: orders seeded into period 2026-09 (2026-09-19 00:00 to
 * 2026-10-19 00:00, China time) with known visits, sign, reply and exclusion facts.
 */

const KANBAN = '/api/addons/jsjb/export/kanban';
let t: TestApp;
let admin: string;
let street1: string;
const unit: Record<string, number> = {};
const H = 3_600_000;
/** China time → instant. */
const cst = (s: string) => new Date(`${s}+08:00`);
let seq = 0;

async function order(p: Partial<NewWorkOrder>): Promise<void> {
  seq += 1;
  await t.ctx.db
    .insertInto('work_orders')
    .values({
      order_num: `K2026${String(seq).padStart(4, '0')}`,
      title: `考核测试 ${seq}`,
      major_content: '考核统计测试工单',
      call_time: cst('2026-09-20T09:00:00'),
      ...p,
    })
    .execute();
}

/** A visited order of `host`; the visit lies in the period. */
const visit = (host: string, v: Partial<NewWorkOrder>) =>
  order({
    host_unit_id: unit[host]!,
    status: 92,
    huifang_state: 1,
    visit_time: cst('2026-10-01T10:00:00'),
    visit_contacted: true,
    ...v,
  });

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
  admin = await t.login('admin');
  street1 = await t.login('street1');
  for (const code of ['S01', 'S02', 'T01', 'B01', 'B02'])
    unit[code] = await unitIdOf(t.ctx.db, code);
  const sat = (r: string, contacted: boolean, resolved: boolean) => ({
    visit_result: r,
    visit_host_contacted: contacted,
    visit_resolved: resolved,
  });
  // S01: 4 valid visits — contacted 4, resolved 3, satisfied 2, basic 1, unsatisfied 1.
  await visit('S01', sat('satisfied', true, true));
  await visit('S01', sat('satisfied', true, true));
  await visit('S01', sat('basic', true, true));
  await visit('S01', sat('unsatisfied', true, false));
  // …plus one not reached (not valid) and one excluded (left out, listed).
  await visit('S01', { visit_contacted: false, visit_result: null });
  await visit('S01', { ...sat('unsatisfied', false, false), tichu_type: '政策性问题' });
  // S02: 2 valid — contacted 1, resolved 2, satisfied 2.
  await visit('S02', sat('satisfied', true, true));
  await visit('S02', sat('satisfied', false, true));
  // T01: 1 valid — contacted, unresolved, unsatisfied.
  await visit('T01', sat('unsatisfied', true, false));
  // B01: 2 valid — contacted 2, resolved 2, basic 2.
  await visit('B01', sat('basic', true, true));
  await visit('B01', sat('basic', true, true));
  // A visit before the period does not count.
  await visit('B01', {
    ...sat('unsatisfied', false, false),
    visit_time: cst('2026-09-18T23:59:59'),
  });

  // Dispatch facts for S01 in the period: 4 orders (+1 excluded, +1 before the period).
  const d = cst('2026-09-25T08:00:00');
  const dispatched = (p: Partial<NewWorkOrder>) =>
    order({
      host_unit_id: unit.S01!,
      status: 1,
      main_org_status: 1,
      dispatch_time: d,
      deadline: new Date(d.getTime() + 168 * H),
      ...p,
    });
  await dispatched({
    host_sign_time: new Date(d.getTime() + 2 * H),
    reply_time: new Date(d.getTime() + 48 * H),
  });
  await dispatched({
    host_sign_time: new Date(d.getTime() + 23 * H),
    reply_time: new Date(d.getTime() + 100 * H),
  });
  await dispatched({
    host_sign_time: new Date(d.getTime() + 30 * H),
    reply_time: new Date(d.getTime() + 200 * H),
  });
  await dispatched({ host_sign_time: new Date(d.getTime() + 1 * H) }); // never replied, deadline passed
  await dispatched({ host_sign_time: new Date(d.getTime() + 1 * H), tichu_type: '重复工单' });
  await dispatched({ dispatch_time: cst('2026-09-10T08:00:00') });
});
afterAll(async () => {
  await t?.close();
});

const row = (data: KanbanData, code: string): UnitStats =>
  data.units.find((u) => u.id === unit[code])!;

describe('kanban', () => {
  it('equals the hand-computed assessment table for the period', async () => {
    const res = await post<KanbanData>(t, KANBAN, { period: '2026-09' }, { token: admin });
    expect(res.code).toBe(200);
    const data = res.data;
    expect(data.period).toEqual({
      start: '2026-09-18T16:00:00.000Z',
      end: '2026-10-18T16:00:00.000Z',
      label: '2026-09-19 ~ 2026-10-19',
    });
    expect(data.weights).toEqual({ response: 10, resolution: 50, satisfaction: 40 });
    // unit: valid, contacted, resolved, satisfied, basic, excluded, response, resolution, satisfaction, score, rank
    const table: Record<
      string,
      [
        number,
        number,
        number,
        number,
        number,
        number,
        number | null,
        number | null,
        number | null,
        number | null,
        number,
      ]
    > = {
      S02: [2, 1, 2, 2, 0, 0, 0.5, 1, 1, 95, 1],
      S01: [4, 4, 3, 2, 1, 1, 1, 0.75, 0.725, 76.5, 2],
      T01: [1, 1, 0, 0, 0, 0, 1, 0, 0, 10, 3],
      B01: [2, 2, 2, 0, 2, 0, 1, 1, 0.9, 96, 1],
    };
    for (const [
      code,
      [valid, contacted, resolved, satisfied, basic, excluded, rr, sr, satr, score, rank],
    ] of Object.entries(table)) {
      expect(row(data, code), code).toMatchObject({
        valid,
        contacted,
        resolved,
        satisfied,
        basic,
        excluded,
        responseRate: rr,
        resolutionRate: sr,
        satisfactionRate: satr,
        score,
        rank,
      });
    }
    expect(row(data, 'S01').group).toBe('street');
    expect(row(data, 'T01').group).toBe('street');
    expect(row(data, 'B01').group).toBe('department');
    // B02 had no valid visit: no score, ranked after every scored department.
    expect(row(data, 'B02')).toMatchObject({ valid: 0, score: null, responseRate: null });
    expect(row(data, 'B02').rank).toBeGreaterThan(1);
    // Streets and towns come first, each group in rank order.
    const groups = data.units.map((u) => u.group);
    expect(groups.indexOf('department')).toBeGreaterThan(groups.lastIndexOf('street'));

    // Dispatch figures of S01: 4 (the excluded one and the one before the period are out).
    expect(row(data, 'S01')).toMatchObject({
      volume: 4,
      signedOnTime: 3,
      signRate: 0.75,
      replied: 3,
      repliedOnTime: 2,
      replyRate: 0.5,
      overdue: 2,
    });
    expect(data.excludedOrders.map((o) => o.tichuType).sort()).toEqual(['政策性问题', '重复工单']);
    expect(data.totals).toMatchObject({ dispatched: 4, replied: 3, overdue: 2, excluded: 2 });
    expect(data.trendByDay).toHaveLength(30);
    expect(data.trendByDay[0]!.day).toBe('2026-09-19');
    expect(data.trendByDay.find((d) => d.day === '2026-09-20')!.received).toBe(18);
    expect(data.byCategory.reduce((n, c) => n + c.count, 0)).toBe(data.totals.received);
  });

  it('exports the ranking table as XLSX with the same figures', async () => {
    const res = await download(t, 'POST', `${KANBAN}Excel`, admin, { period: '2026-09' });
    expect(res.status).toBe(200);
    const rows = await readXlsx(res.body);
    const data = (await post<KanbanData>(t, KANBAN, { period: '2026-09' }, { token: admin })).data;
    expect(rows[0]!.slice(0, 3)).toEqual(['分组', '排名', '承办单位']);
    expect(rows.length - 1).toBe(data.units.length);
    const s01 = rows.find((r) => r[2] === row(data, 'S01').name)!;
    expect(s01.slice(0, 2)).toEqual(['街道/乡镇', 2]);
    expect(s01[21]).toBe(76.5);
    expect(s01[19]).toBe(0.75);
  });

  it('takes any range of days; a unit handler sees only its own row', async () => {
    const narrow = await post<KanbanData>(
      t,
      KANBAN,
      { from: '2026-10-02', to: '2026-10-18' },
      { token: admin },
    );
    expect(narrow.data.units.every((u) => u.valid === 0)).toBe(true);
    expect(narrow.data.trendByDay).toHaveLength(17);
    const own = await post<KanbanData>(t, KANBAN, { period: '2026-09' }, { token: street1 });
    expect(own.code).toBe(200);
    expect(own.data.units.map((u) => u.id)).toEqual([unit.S01]);
    expect(own.data.units[0]!.rank).toBe(2);
    // The street's leader too: its own row, not the district's.
    const leader1 = await t.login('leader1');
    const led = await post<KanbanData>(t, KANBAN, { period: '2026-09' }, { token: leader1 });
    expect(led.code).toBe(200);
    expect(led.data.units.map((u) => u.id)).toEqual([unit.S01]);
    expect(led.data.totals).toEqual(own.data.totals);
  });

  it("a unit's trend, categories and totals are its own orders', never the district's", async () => {
    const district = await post<KanbanData>(t, KANBAN, { period: '2026-09' }, { token: admin });
    const own = await post<KanbanData>(t, KANBAN, { period: '2026-09' }, { token: street1 });
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM work_orders
      WHERE host_unit_id = ${unit.S01}
        AND call_time >= ${district.data.period.start} AND call_time < ${district.data.period.end}`.execute(
      t.ctx.db,
    );
    const received = own.data.trendByDay.reduce((n, d) => n + d.received, 0);
    expect(received).toBe(rows[0]!.n);
    expect(own.data.totals.received).toBe(rows[0]!.n);
    expect(own.data.byCategory.reduce((n, c) => n + c.count, 0)).toBe(rows[0]!.n);
    expect(own.data.totals.dispatched).toBe(own.data.units[0]!.volume);
    expect(own.data.totals.received).toBeLessThan(district.data.totals.received);
  });

  it('refuses bad periods (400) and users without a unit or district role (403)', async () => {
    for (const body of [
      { period: '2026-13' },
      { period: '0000-01' },
      { from: '1900-01-01', to: '1900-01-02' },
      { from: '2026-10-01' },
      { from: '2026-10-05', to: '2026-10-01' },
      { from: '2024-01-01', to: '2026-01-01' },
      { period: '2026-09', from: '2026-09-01', to: '2026-09-02' },
    ]) {
      const res = await post(t, KANBAN, body, { token: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const agent = await t.login('agent');
    expect((await post(t, KANBAN, {}, { token: agent })).status).toBe(403);
  });
});
