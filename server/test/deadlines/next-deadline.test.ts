import type { OrderSummary } from '@hotline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncDeadlineJobs } from '../../src/modules/deadlines/deadline-sync';
import { sweepDeadlines } from '../../src/modules/deadlines/deadline-sweep';
import { post } from '../support/api';
import { advance, HOUR, JSJB, world, type World } from '../support/lifecycle';
import { insertHeldOrder } from '../support/held-order';
import { createTestApp } from '../support/test-app';
import { listAll } from '../work-orders/reads-fixtures';

/**
 * Each open order's next deadline and its state in lists and the detail (issue 21): computed
 * per row from the row's fields, the request's clock and the reminder offsets ("due soon" from
 * the first reminder); closed orders carry none. The street's own leader hears of an
 * escalation of its orders.
 */

let w: World;
beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

const db = () => w.t.ctx.db;
/** An order hosted by S01, dispatched now; fields override (no deadline jobs planned). */
const order = (fields: Record<string, unknown>) =>
  insertHeldOrder(db(), w.t.ctx.now(), { host_unit_id: w.units.S01, ...fields }, { jobs: false });

const at = (h: number) => new Date(w.t.ctx.now().getTime() + h * HOUR);

async function listed(ids: number[], token = w.tokens.dispatcher) {
  const rows = await listAll(w.t, token, {});
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id));
}

const detailOf = async (id: number, token = w.tokens.dispatcher) => {
  const reply = await post<{ order: OrderSummary }>(w.t, `${JSJB}/lists/detail`, { id }, { token });
  expect(reply.code).toBe(200);
  return reply.data.order;
};

describe('nextDeadline in lists and detail', () => {
  it('on time, due soon (from the first reminder), overdue; none once replied or closed', async () => {
    const onTime = await order({});
    // dispatched 150 h ago with a 168-hour limit: 18 h left, inside the 24-hour reminder
    const soon = await order({ dispatch_time: at(-150), deadline: at(18) });
    const overdue = await order({ dispatch_time: at(-200), deadline: at(-32) });
    // not yet signed by the host: the sign limit (2 h before it is due soon) comes first
    const unsigned = await order({
      main_org_status: 0,
      dispatch_time: at(-23),
      host_sign_time: null,
      refuse_deadline: at(1),
    });
    const replied = await order({ status: 11, main_org_status: 11, deadline: at(-5) });
    const closed = await order({ status: 92, deadline: at(-5) });

    const rows = await listed([onTime, soon, overdue, unsigned, replied, closed]);
    expect(rows.map((r) => r?.nextDeadline?.state ?? null)).toEqual([
      'onTime',
      'dueSoon',
      'overdue',
      'dueSoon',
      null,
      null,
    ]);
    expect(rows[0]!.nextDeadline).toEqual({
      limit: 'handling',
      at: rows[0]!.deadline,
      dueSoonAt: new Date(Date.parse(rows[0]!.deadline!) - 24 * HOUR).toISOString(),
      state: 'onTime',
    });
    expect(rows[3]!.nextDeadline).toMatchObject({ limit: 'sign', at: rows[3]!.refuseDeadline });

    // The detail says the same; a street handler of the unit sees it too.
    expect((await detailOf(soon)).nextDeadline).toEqual(rows[1]!.nextDeadline);
    expect((await detailOf(overdue, w.tokens.street1)).nextDeadline?.state).toBe('overdue');
  });

  it('the reminder offsets of the settings move "due soon"', async () => {
    const id = await order({ dispatch_time: at(-100), deadline: at(40) });
    expect((await detailOf(id)).nextDeadline?.state).toBe('onTime');
    await db()
      .updateTable('config')
      .set({ value: '48' })
      .where('name', '=', 'remind_handling_hours')
      .execute();
    try {
      expect((await detailOf(id)).nextDeadline?.state).toBe('dueSoon');
    } finally {
      await db()
        .updateTable('config')
        .set({ value: '24,4' })
        .where('name', '=', 'remind_handling_hours')
        .execute();
    }
  });

  it('escalated once the sweep has escalated an order past its limit; the street leader is told', async () => {
    const id = await order({ dispatch_time: at(-10), deadline: at(1) });
    await syncDeadlineJobs(db(), id);
    expect((await detailOf(id)).nextDeadline?.state).toBe('dueSoon');
    await advance(w, 1.5 * HOUR);
    const r = await sweepDeadlines(w.t.ctx, { batch: 100, maxBatches: 5 });
    const told = r.notices.filter((n) => n.notice.orderId === id && n.notice.kind === 'escalation');
    const leader1 = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'leader1')
      .executeTakeFirstOrThrow();
    // level 1: the street's leader and the district dispatchers, not the district leader
    expect(told.map((n) => n.userId).sort()).toEqual([leader1.id, w.users.dispatcher].sort());
    expect(told.every((n) => n.notice.level === 1)).toBe(true);

    const [row] = await listed([id], w.tokens.leader);
    expect([row?.escalationLevel, row?.nextDeadline?.state]).toEqual([1, 'escalated']);
    const leaderToken = await w.t.login('leader1');
    expect((await detailOf(id, leaderToken)).nextDeadline?.state).toBe('escalated');
  });

  it('action replies carry it too', async () => {
    const id = await order({ main_org_status: 0, host_sign_time: null, refuse_deadline: at(20) });
    const reply = await post<{ order: OrderSummary }>(
      w.t,
      `${JSJB}/Ft/signInFt`,
      { id },
      { token: w.tokens.street1 },
    );
    expect(reply.code).toBe(200);
    expect(reply.data.order.nextDeadline).toMatchObject({ limit: 'handling', state: 'onTime' });
  });
});
