import { DEFAULT_REMINDER_SETTINGS, deadlinePlan } from '@hotline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillDeadlineJobs, WATCHED_SQL } from '../../src/modules/deadlines/deadline-backfill';
import { syncDeadlineJobs } from '../../src/modules/deadlines/deadline-sync';
import { sweepDeadlines } from '../../src/modules/deadlines/deadline-sweep';
import { advance, HOUR, world, type World } from '../support/lifecycle';
import { createTestApp, TEST_DB } from '../support/test-app';

/**
 * Orders open before their jobs existed (an upgrade past migration 024, a bulk load, the demo
 * seed) are planned by the backfill every node runs before its first sweep: the SQL selection
 * mirrors the domain's plan, reminders already past are recorded without a notice, escalations
 * already due fire on the next sweep, and a second run finds nothing.
 */

let w: World;
beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

const db = () => w.t.ctx.db;
let serial = 0;

type Fields = {
  status: number;
  main_org_status: number;
  merged_into_id?: number | null;
  refuse_deadline: Date | null;
  deadline: Date | null;
  dispatch_time?: Date | null;
  created_at?: Date;
};

/** Orders straight into the table, as a bulk load puts them: no jobs. */
async function insertOrders(rows: Fields[]): Promise<number[]> {
  const now = w.t.ctx.now();
  const values = rows.map((f) => ({
    order_num: `BF${now.getTime()}${String(serial++).padStart(5, '0')}`,
    type_id: 1,
    title: '补建时限任务',
    major_content: '路灯不亮',
    caller_name: '测试市民',
    caller_phone: '13900000001',
    address: '望湖东里',
    urgency: 'general',
    call_time: now,
    host_unit_id: f.status === 0 ? null : w.units.S01,
    created_at: now,
    dispatch_time: f.dispatch_time ?? (f.status === 0 ? null : now),
    ...f,
  }));
  const out = await db().insertInto('work_orders').values(values).returning('id').execute();
  return out.map((r) => r.id);
}

async function jobsOf(ids: number[]) {
  return db()
    .selectFrom('deadline_jobs')
    .select(['order_id', 'offset_key', 'done_at', 'attempts'])
    .where('order_id', 'in', ids)
    .orderBy('order_id')
    .orderBy('offset_key')
    .execute();
}

describe('the watched-order selection', () => {
  it('is exactly the orders whose domain plan is not empty', async () => {
    const now = w.t.ctx.now();
    const [target] = await insertOrders([
      { status: 91, main_org_status: 72, refuse_deadline: null, deadline: null },
    ]);
    const later = new Date(now.getTime() + 48 * HOUR);
    const grid: Fields[] = [];
    for (const status of [0, 1, 11, 12, 71, 72, 91, 92])
      for (const main of [-1, 0, 1, 11, 12, 71, 72])
        for (const merged of [null, target!])
          for (const refuse of [null, later])
            for (const deadline of [null, later])
              grid.push({
                status,
                main_org_status: main,
                merged_into_id: merged,
                refuse_deadline: refuse,
                deadline,
              });
    const ids = await insertOrders(grid);
    const selected = await db()
      .selectFrom('work_orders')
      .select('id')
      .where('id', 'in', ids)
      .where(WATCHED_SQL)
      .execute();
    const expected = ids.filter((_, i) => {
      const f = grid[i]!;
      const plan = deadlinePlan(
        {
          status: f.status,
          mainOrgStatus: f.main_org_status,
          mergedIntoId: f.merged_into_id ?? null,
          refuseDeadline: f.refuse_deadline,
          deadline: f.deadline,
          dispatchTime: null,
        },
        DEFAULT_REMINDER_SETTINGS,
        null,
      );
      return plan.length > 0;
    });
    expect(expected.length).toBeGreaterThan(10);
    expect(selected.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected);
    // Leave nothing for the tests below to plan.
    await db().deleteFrom('work_orders').where('id', 'in', ids).execute();
    await db().deleteFrom('work_orders').where('id', '=', target!).execute();
  });
});

describe('backfill', () => {
  it('plans bulk-loaded orders once; past reminders are recorded unsent, due escalations fire', async () => {
    // Clear what the seed's orders would add, so the figures below are this test's alone.
    await backfillDeadlineJobs(db(), w.t.ctx.now());
    const now = w.t.ctx.now();
    const hours = (h: number) => new Date(now.getTime() + h * HOUR);
    const [farAhead, soon, overdue, unsigned, closed] = await insertOrders([
      // handled, deadline in 30 h: every reminder still ahead
      {
        status: 1,
        main_org_status: 1,
        refuse_deadline: hours(-10),
        deadline: hours(30),
        dispatch_time: hours(-40),
      },
      // handled, deadline in 2 h: the 24 h and 4 h reminders are past
      {
        status: 1,
        main_org_status: 1,
        refuse_deadline: hours(-10),
        deadline: hours(2),
        dispatch_time: hours(-40),
      },
      // handled, deadline 3 h ago: level 1 due now, level 2 in 21 h
      {
        status: 1,
        main_org_status: 1,
        refuse_deadline: hours(-30),
        deadline: hours(-3),
        dispatch_time: hours(-60),
      },
      // at the district since 3 h ago, not signed, sign limit in 1 h: the 2 h reminder is past
      {
        status: 0,
        main_org_status: 0,
        refuse_deadline: hours(1),
        deadline: null,
        created_at: hours(-3),
      },
      // finished: nothing to watch
      { status: 91, main_org_status: 72, refuse_deadline: null, deadline: null },
    ]);
    const ids = [farAhead!, soon!, overdue!, unsigned!, closed!];
    const first = await backfillDeadlineJobs(db(), now, 2); // small batches: the keyset pages
    expect(first).toEqual({ orders: 4, jobs: 4 + 4 + 4 + 2, skipped: 2 + 3 + 1, escalated: 1 });
    const jobs = await jobsOf(ids);
    const keys = (id: number, pending: boolean) =>
      jobs
        .filter((j) => j.order_id === id && (j.done_at === null) === pending)
        .map((j) => j.offset_key);
    expect(keys(farAhead!, true)).toEqual([
      'handling:-24h',
      'handling:-4h',
      'handling:L1',
      'handling:L2',
    ]);
    expect(keys(soon!, true)).toEqual(['handling:L1', 'handling:L2']);
    expect(keys(soon!, false)).toEqual(['handling:-24h', 'handling:-4h']);
    expect(keys(overdue!, true)).toEqual(['handling:L2']);
    expect(keys(overdue!, false)).toEqual(['handling:-24h', 'handling:-4h', 'handling:L1']);
    expect(keys(unsigned!, true)).toEqual(['sign:L1']);
    expect(keys(unsigned!, false)).toEqual(['sign:-2h']);
    expect(jobs.filter((j) => j.order_id === closed)).toEqual([]);
    // Recorded unsent: done, never attempted.
    expect(jobs.filter((j) => j.done_at !== null).every((j) => j.attempts === 0)).toBe(true);
    // The order already late is marked escalated, with its event, and nobody is notified.
    const levels = await db()
      .selectFrom('work_orders')
      .select(['id', 'escalation_level'])
      .where('id', 'in', ids)
      .where('escalation_level', '>', 0)
      .execute();
    expect(levels).toEqual([{ id: overdue, escalation_level: 1 }]);
    const events = await db()
      .selectFrom('order_events')
      .select(['order_id', 'comment'])
      .where('order_id', 'in', ids)
      .where('action', '=', 'deadline_escalation')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.comment).toContain('启用时限提醒时已超时');
    // The board counts it when the limit was missed, for the unit that held the order.
    const board = await db()
      .selectFrom('deadline_escalations')
      .select(['order_id', 'level', 'limit_kind', 'unit_id', 'escalated_at'])
      .where('order_id', 'in', ids)
      .execute();
    expect(board).toEqual([
      {
        order_id: overdue,
        level: 1,
        limit_kind: 'handling',
        unit_id: w.units.S01,
        escalated_at: hours(-3),
      },
    ]);

    // A second run (another node starting, a restart) finds nothing to plan.
    expect(await backfillDeadlineJobs(db(), now)).toEqual({
      orders: 0,
      jobs: 0,
      skipped: 0,
      escalated: 0,
    });

    // The next sweep sends nothing for these orders: everything due was recorded.
    const swept = await sweepDeadlines(w.t.ctx, { batch: 100, maxBatches: 5 });
    expect(swept.notices.filter((n) => ids.includes(n.notice.orderId))).toEqual([]);
    // An action's sync afterwards does not plan the skipped reminders again; an hour on, the
    // unsigned order reaches its sign limit and escalates, and nothing goes out for `soon`.
    await syncDeadlineJobs(db(), soon!);
    await advance(w, HOUR);
    const later = await sweepDeadlines(w.t.ctx, { batch: 100, maxBatches: 5 });
    expect(later.notices.filter((n) => n.notice.orderId === soon)).toEqual([]);
    const escalatedUnsigned = later.notices.filter((n) => n.notice.orderId === unsigned);
    expect(escalatedUnsigned.length).toBeGreaterThan(0);
    expect(escalatedUnsigned.every((n) => n.notice.kind === 'escalation')).toBe(true);
  });
});

describe.runIf(TEST_DB === 'postgres')('an order an action holds', () => {
  it('is skipped by the sweep without waiting, and its job fires on the next sweep', async () => {
    const now = w.t.ctx.now();
    const [id] = await insertOrders([
      {
        status: 1,
        main_org_status: 1,
        refuse_deadline: new Date(now.getTime() - 10 * HOUR),
        deadline: new Date(now.getTime() + 30 * HOUR),
        dispatch_time: new Date(now.getTime() - 10 * HOUR),
      },
    ]);
    await syncDeadlineJobs(db(), id!);
    await advance(w, 7 * HOUR); // the 24-hours reminder is due
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // An action's transaction: the order row locked, then (after the sweep) its jobs moved.
    const action = db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .selectFrom('work_orders')
          .select('id')
          .where('id', '=', id!)
          .forUpdate()
          .execute();
        locked();
        await held;
        await syncDeadlineJobs(trx, id!);
      });
    await isLocked;
    const during = await sweepDeadlines(w.t.ctx, { batch: 100, maxBatches: 1 });
    expect(during.busy).toBe(1);
    expect(during.notices.filter((n) => n.notice.orderId === id)).toEqual([]);
    release();
    await action;
    const after = await sweepDeadlines(w.t.ctx, { batch: 100, maxBatches: 1 });
    expect(
      after.notices.filter((n) => n.notice.orderId === id).map((n) => n.notice.kind),
    ).toContain('reminder');
  });
});
