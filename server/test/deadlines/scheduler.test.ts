import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { syncDeadlineJobs } from '../../src/modules/deadlines/deadline-sync';
import { sweepDeadlines, type SweepResult } from '../../src/modules/deadlines/deadline-sweep';
import { heldOrderRow } from '../support/held-order';
import { advance, HOUR, newOrder, step, world, type World } from '../support/lifecycle';
import { createTestApp, TEST_DB } from '../support/test-app';
import { listAll } from '../work-orders/reads-fixtures';

/**
 * Reminders and escalation (issue 21): one due-job table, swept by every node. Two nodes on
 * one database and a moved clock: many orders crossing their offsets → each job fires once;
 * a sweep whose transaction rolls back mid-batch → nothing lost, nothing doubled; actions keep
 * the jobs in step with the deadlines; notices go to the right people.
 */

let w: World;
let nodeB: FastifyInstance;
let ctxB: AppContext;

beforeAll(async () => {
  w = await world(await createTestApp());
  const built = await buildApp({
    db: w.t.ctx.db.withoutPlugins(),
    settings: w.t.ctx.settings,
    sms: w.t.sms,
    now: w.t.ctx.now,
  });
  nodeB = built.app;
  ctxB = built.ctx;
  await nodeB.ready();
});
afterAll(async () => {
  await nodeB?.close();
  await w?.t.close();
});

const db = () => w.t.ctx.db;

/** Open orders hosted by S01, signed, deadlines `hours[i]` from now. */
async function hostedOrders(n: number, hoursFor: (i: number) => number): Promise<number[]> {
  const now = w.t.ctx.now();
  const ids: number[] = [];
  for (let start = 0; start < n; start += 200) {
    const rows = Array.from({ length: Math.min(200, n - start) }, (_, k) => {
      const i = start + k;
      return heldOrderRow(now, {
        host_unit_id: w.units.S01,
        deadline: new Date(now.getTime() + hoursFor(i) * HOUR),
      });
    });
    const inserted = await db().insertInto('work_orders').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
  }
  for (const id of ids) await syncDeadlineJobs(db(), id);
  return ids;
}

/** Both nodes sweep at the same time, in small batches, until neither finds work. */
async function sweepBoth(batch: number): Promise<SweepResult[]> {
  const results: SweepResult[] = [];
  const loop = async (ctx: AppContext) => {
    for (;;) {
      const r = await sweepDeadlines(ctx, { batch, maxBatches: 1 });
      results.push(r);
      if (r.claimed === 0) return;
    }
  };
  await Promise.all([loop(w.t.ctx), loop(ctxB)]);
  return results;
}

const total = (rs: SweepResult[], key: 'fired' | 'claimed' | 'stale') =>
  rs.reduce((s, r) => s + r[key], 0);

async function eventCounts(ids: number[], action: string): Promise<Map<number, number>> {
  const rows = await db()
    .selectFrom('order_events')
    .select(['order_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('order_id', 'in', ids)
    .where('action', '=', action)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.n)]));
}

describe('two nodes, a moved clock, many orders', () => {
  const N = TEST_DB === 'postgres' ? 1000 : 200;

  it(
    `${N} orders: each reminder and escalation fires exactly once`,
    { timeout: 300_000 },
    async () => {
      // Deadlines 30–39 h ahead: reminders at 6–15 h (24 h before) and 26–35 h (4 h before).
      const ids = await hostedOrders(N, (i) => 30 + (i % 10));
      const jobs = await db()
        .selectFrom('deadline_jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('order_id', 'in', ids)
        .executeTakeFirstOrThrow();
      expect(Number(jobs.n)).toBe(N * 4);

      await advance(w, 16 * HOUR); // every "24 h before" is due, nothing else
      let rs = await sweepBoth(25);
      expect(total(rs, 'fired')).toBe(N);
      let counts = await eventCounts(ids, 'deadline_reminder');
      expect(counts.size).toBe(N);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      // The street handler heard of each order once.
      const toStreet = rs.flatMap((r) => r.notices).filter((x) => x.userId === w.users.street1);
      expect(toStreet).toHaveLength(N);
      expect(new Set(toStreet.map((x) => x.notice.orderId)).size).toBe(N);
      // Both nodes took part on PostgreSQL (SKIP LOCKED); a sweep again finds nothing.
      expect((await sweepBoth(25)).every((r) => r.claimed === 0)).toBe(true);

      await advance(w, 30 * HOUR); // 46 h: the "4 h before" reminders and level 1 are due, level 2 not
      rs = await sweepBoth(40);
      expect(total(rs, 'fired')).toBe(2 * N);
      counts = await eventCounts(ids, 'deadline_reminder');
      expect([...counts.values()].every((n) => n === 2)).toBe(true);
      const escalated = await eventCounts(ids, 'deadline_escalation');
      expect([...escalated.values()].every((n) => n === 1)).toBe(true);
      const levels = await db()
        .selectFrom('work_orders')
        .select(['escalation_level', (eb) => eb.fn.countAll<string>().as('n')])
        .where('id', 'in', ids)
        .groupBy('escalation_level')
        .execute();
      expect(levels.map((l) => [l.escalation_level, Number(l.n)])).toEqual([[1, N]]);
      const pending = await db()
        .selectFrom('deadline_jobs')
        .select(['offset_key', (eb) => eb.fn.countAll<string>().as('n')])
        .where('order_id', 'in', ids)
        .where('done_at', 'is', null)
        .groupBy('offset_key')
        .execute();
      expect(pending.map((p) => [p.offset_key, Number(p.n)])).toEqual([['handling:L2', N]]);
      // Level 1 went to the district dispatchers and S01's own leader (leader1, checked in
      // next-deadline.test.ts), not to the district leader; level 2 to him, a day later.
      const escalations = rs
        .flatMap((r) => r.notices)
        .filter((x) => x.notice.kind === 'escalation');
      expect(escalations.filter((x) => x.userId === w.users.dispatcher)).toHaveLength(N);
      expect(escalations.filter((x) => x.userId === w.users.leader)).toHaveLength(0);
      await advance(w, 24 * HOUR);
      rs = await sweepBoth(50);
      expect(total(rs, 'fired')).toBe(N);
      const second = rs.flatMap((r) => r.notices);
      expect(second.filter((x) => x.userId === w.users.leader)).toHaveLength(N);
      expect(second.every((x) => x.notice.level === 2)).toBe(true);
    },
  );
});

describe('a sweep interrupted mid-batch', () => {
  it('rolls back whole: nothing lost, nothing doubled', async () => {
    const ids = await hostedOrders(30, () => 10);
    // Deadlines 10 h ahead: no "24 h before" (already past when set); "4 h before" due at 6 h.
    await advance(w, 7 * HOUR);
    await expect(
      sweepDeadlines(
        w.t.ctx,
        { batch: 1000, maxBatches: 1 },
        {
          beforeCommit: () => {
            throw new Error('node killed');
          },
        },
      ),
    ).rejects.toThrow('node killed');
    expect((await eventCounts(ids, 'deadline_reminder')).size).toBe(0);
    const pending = await db()
      .selectFrom('deadline_jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('order_id', 'in', ids)
      .where('done_at', 'is', null)
      .where('offset_key', '=', 'handling:-4h')
      .executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(30);

    await sweepBoth(7);
    const counts = await eventCounts(ids, 'deadline_reminder');
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('actions keep the jobs in step', () => {
  const jobsOf = (id: number) =>
    db()
      .selectFrom('deadline_jobs')
      .select(['kind', 'offset_key', 'due_at', 'done_at'])
      .where('order_id', '=', id)
      .orderBy('due_at')
      .execute();

  it('sign clears the sign jobs, dispatch plans both limits, host sign clears the sign limit jobs', async () => {
    const id = await newOrder(w.t, { urgency: 'general' });
    await syncDeadlineJobs(db(), id);
    expect((await jobsOf(id)).map((j) => j.offset_key)).toEqual(['sign:-2h', 'sign:L1']);
    await step(w, id, {
      who: 'dispatcher',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 1 },
      action: 'sign',
      to: { status: 1, mainOrgStatus: -1 },
    });
    expect(await jobsOf(id)).toEqual([]);
    await step(w, id, {
      who: 'dispatcher',
      path: 'org/submitHandleOrgInfo',
      body: { hostUnitId: w.units.S01 },
      action: 'dispatch',
      to: { mainOrgStatus: 0 },
    });
    const row = await db()
      .selectFrom('work_orders')
      .select(['refuse_deadline', 'deadline'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const planned = await jobsOf(id);
    expect(planned.map((j) => j.offset_key)).toEqual([
      'sign:-2h',
      'sign:L1',
      'handling:-24h',
      'handling:-4h',
      'handling:L1',
      'handling:L2',
    ]);
    expect(planned[1]!.due_at).toEqual(row.refuse_deadline);
    expect(planned[4]!.due_at).toEqual(row.deadline);

    await step(w, id, {
      who: 'street1',
      path: 'Ft/signInFt',
      body: {},
      action: 'host_sign',
      to: { status: 1, mainOrgStatus: 1 },
    });
    expect((await jobsOf(id)).map((j) => j.offset_key)).toEqual([
      'handling:-24h',
      'handling:-4h',
      'handling:L1',
      'handling:L2',
    ]);
  });
});

describe('escalated orders in lists', () => {
  it('carry escalationLevel and filter with escalated=1/0', async () => {
    const ids = await hostedOrders(3, () => 1);
    await advance(w, 2 * HOUR);
    await sweepBoth(100);
    const token = w.tokens.dispatcher;
    const escalated = await listAll(w.t, token, { escalated: 1 });
    const mine = escalated.filter((o) => ids.includes(o.id));
    expect(mine.map((o) => [o.escalationLevel, typeof o.escalatedAt])).toEqual([
      [1, 'string'],
      [1, 'string'],
      [1, 'string'],
    ]);
    expect(escalated.every((o) => o.escalationLevel > 0)).toBe(true);
    const others = await listAll(w.t, token, { escalated: 0 });
    expect(others.some((o) => ids.includes(o.id))).toBe(false);
    expect(others.every((o) => o.escalationLevel === 0)).toBe(true);
  });
});
