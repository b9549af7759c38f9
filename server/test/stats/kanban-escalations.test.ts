import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KanbanData, UnitStats } from '@hotline/contract';
import { sweepDeadlines } from '../../src/modules/deadlines/deadline-sweep';
import { post } from '../support/api';
import { insertHeldOrder } from '../support/held-order';
import { createTestApp, type TestApp } from '../support/test-app';
import { unitIdOf } from '../work-orders/reads-fixtures';

/**
 * The board counts escalations per unit (issue 21): level 1 and level 2 fired in the period,
 * by the unit that held the order when it missed the limit; excluded orders left out; the
 * district's own (orders not yet dispatched) only in the totals; a unit handler sees its row.
 */

const KANBAN = '/api/addons/jsjb/export/kanban';
const H = 3_600_000;
let t: TestApp;
let admin: string;
let street1: string;
const unit: Record<string, number> = {};
/** The clock when the orders were made: every escalation falls within the next three days. */
let t0: Date;

/** An order signed at t0 whose handling limit is 2 hours later; fields override. */
const order = (fields: Record<string, unknown>) =>
  insertHeldOrder(t.ctx.db, t0, { deadline: new Date(t0.getTime() + 2 * H), ...fields });

const sweepAt = (hours: number) =>
  sweepDeadlines(t.ctx, { batch: 100, maxBatches: 10, now: new Date(t0.getTime() + hours * H) });

/** The China-time day of an instant. */
const day = (d: Date) => new Date(d.getTime() + 8 * H).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
  admin = await t.login('admin');
  street1 = await t.login('street1');
  for (const code of ['S01', 'S02', 'B01']) unit[code] = await unitIdOf(t.ctx.db, code);
  t0 = t.ctx.now();
  // S01: three orders miss the handling limit (2 h); two of them stay open a day longer → level 2.
  await order({ host_unit_id: unit.S01 });
  await order({ host_unit_id: unit.S01 });
  const s01Third = await order({ host_unit_id: unit.S01 });
  // S02: one misses it, replied before level 2.
  const s02 = await order({ host_unit_id: unit.S02 });
  // B01: one excluded from assessment — left out of every figure.
  await order({ host_unit_id: unit.B01, tichu_type: '重复工单' });
  // The district's own: a new order (status 0) whose sign limit passes.
  await order({
    status: 0,
    main_org_status: -1,
    host_unit_id: null,
    dispatch_time: null,
    host_sign_time: null,
    deadline: null,
    refuse_deadline: new Date(t0.getTime() + 3 * H),
  });
  await sweepAt(4); // level 1 for all six
  await t.ctx.db
    .updateTable('work_orders')
    .set({ status: 11, main_org_status: 11, reply_time: new Date(t0.getTime() + 5 * H) })
    .where('id', 'in', [s02, s01Third])
    .execute();
  await sweepAt(27); // level 2 for the two S01 orders still open (and the excluded one)
});
afterAll(async () => {
  await t?.close();
});

const range = () => ({
  from: day(t0),
  to: day(new Date(t0.getTime() + 27 * H)),
});
const row = (data: KanbanData, code: string): UnitStats =>
  data.units.find((u) => u.id === unit[code])!;

describe('kanban: escalations per unit', () => {
  it('counts level 1 and level 2 by the unit that held the order', async () => {
    const res = await post<KanbanData>(t, KANBAN, range(), { token: admin });
    expect(res.code).toBe(200);
    const counts = (code: string) => {
      const r = row(res.data, code);
      return [r.escalationsL1, r.escalationsL2];
    };
    expect(counts('S01')).toEqual([3, 2]);
    expect(counts('S02')).toEqual([1, 0]);
    expect(counts('B01')).toEqual([0, 0]);
    // totals: the district's own sign-limit escalation too, the excluded order not
    expect(res.data.totals).toMatchObject({ escalationsL1: 5, escalationsL2: 2 });
  });

  it('only the period: a range before the escalations counts none', async () => {
    const before = new Date(t0.getTime() - 48 * H);
    const res = await post<KanbanData>(
      t,
      KANBAN,
      { from: day(before), to: day(before) },
      { token: admin },
    );
    expect(res.data.units.every((u) => u.escalationsL1 === 0 && u.escalationsL2 === 0)).toBe(true);
    expect(res.data.totals).toMatchObject({ escalationsL1: 0, escalationsL2: 0 });
  });

  it('a street handler sees its own row', async () => {
    const res = await post<KanbanData>(t, KANBAN, range(), { token: street1 });
    expect(res.data.units.map((u) => [u.id, u.escalationsL1, u.escalationsL2])).toEqual([
      [unit.S01, 3, 2],
    ]);
  });

  it('the XLSX ranking has both columns', async () => {
    const { download, readXlsx } = await import('../exports/exports-fixtures');
    const res = await download(t, 'POST', `${KANBAN}Excel`, admin, range());
    const rows = await readXlsx(res.body);
    const header = rows[0]!;
    const l1 = header.indexOf('一级升级');
    const l2 = header.indexOf('二级升级');
    expect([l1, l2].every((i) => i > 0)).toBe(true);
    const data = (await post<KanbanData>(t, KANBAN, range(), { token: admin })).data;
    const s01 = rows.find((r) => r[2] === row(data, 'S01').name)!;
    expect([s01[l1], s01[l2]]).toEqual([3, 2]);
  });

  it('migration 029 rebuilds the facts of earlier escalations from their timeline events', async () => {
    const text = readFileSync(
      new URL('../../migrations/029_deadline_escalations.sql', import.meta.url),
      'utf8',
    );
    const backfill = text.slice(text.indexOf('INSERT INTO deadline_escalations'));
    // Run it where the facts are gone; compare with what the sweep recorded. Rolled back.
    const recorded = await facts();
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('deadline_escalations').execute();
        await sql.raw(backfill).execute(trx);
        expect(await facts(trx)).toEqual(recorded);
        throw new Error('rollback');
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || e.message !== 'rollback') throw e;
      });
    expect(await facts()).toEqual(recorded);
  });
});

async function facts(db = t.ctx.db) {
  const rows = await db
    .selectFrom('deadline_escalations')
    .select(['order_id', 'level', 'limit_kind', 'unit_id', 'escalated_at'])
    .orderBy('order_id')
    .orderBy('level')
    .execute();
  return rows.map((r) => [
    Number(r.order_id),
    r.level,
    r.limit_kind,
    r.unit_id,
    new Date(r.escalated_at).toISOString(),
  ]);
}
