import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  act,
  eventsOf,
  must,
  newOrder,
  toHostHandling,
  world,
  type ActionData,
  type World,
} from '../../support/lifecycle';
import type { Reply } from '../../support/api';
import { TEST_DB, createTestApp } from '../../support/test-app';

/**
 * Two people acting on one order at once: exactly one wins, the other is told why, and the
 * audit trail holds one event. On PostgreSQL the requests really overlap (a pool of five
 * connections, serialised by the row lock); PGlite has one session and runs them in turn.
 */

let w: World;

beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

/** One 200 and one refusal, in whichever order they finished. */
function oneWins(replies: Reply<ActionData>[], refusal: string) {
  const statuses = replies.map((r) => r.status).sort();
  expect(statuses, replies.map((r) => r.msg).join(' | ')).toEqual([200, 409]);
  expect(replies.find((r) => r.status === 409)?.msg).toBe(refusal);
}

describe(`concurrent actions on ${TEST_DB}`, () => {
  it('two signs at once: one signs, the other is told the order is already in process', async () => {
    const id = await newOrder(w.t);
    const replies = await Promise.all([
      act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }),
      act(w, 'admin', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }),
    ]);
    oneWins(replies, 'the order is in process: "sign" does not apply now');
    expect((await eventsOf(w.t, id)).map((e) => e.action)).toEqual(['sign']);
  });

  // Proof that the requests really overlap: both are parked on the row lock held here, then
  // released together. PGlite's single connection cannot hold a lock while others wait.
  it.runIf(TEST_DB === 'postgres')('both wait on the row lock, then exactly one wins', async () => {
    const id = await newOrder(w.t);
    let replies: Promise<Reply<ActionData>[]> | undefined;
    await w.t.ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('work_orders').select('id').where('id', '=', id).forUpdate().execute();
      replies = Promise.all([
        act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }),
        act(w, 'admin', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(trx);
      expect(rows[0]?.n).toBe(2);
    });
    oneWins(
      await (replies ?? Promise.resolve([])),
      'the order is in process: "sign" does not apply now',
    );
    expect(await eventsOf(w.t, id)).toHaveLength(1);
  });

  it('sign and refuse at once: exactly one of them happens', async () => {
    const id = await newOrder(w.t);
    const replies = await Promise.all([
      act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 2, reason: '非本区' }),
      act(w, 'admin', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await eventsOf(w.t, id)).toHaveLength(1);
  });

  it('two dispatches at once: one host, one assignment, one event', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    const replies = await Promise.all([
      act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }),
      act(w, 'admin', 'lists/undertakeSave', { id, hostUnitId: w.units.S02 }),
    ]);
    oneWins(replies, 'the order is in process: "dispatch" does not apply now');
    expect((await eventsOf(w.t, id)).map((e) => e.action)).toEqual(['sign', 'dispatch']);
    const active = await w.t.ctx.db
      .selectFrom('order_assignments')
      .select('unit_id')
      .where('order_id', '=', id)
      .where('active', '=', true)
      .execute();
    expect(active).toHaveLength(1);
  });

  it('two host signs at once', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    const replies = await Promise.all([
      act(w, 'street1', 'Ft/signInFt', { id }),
      act(w, 'street1', 'town/operateOrder', { id, operate: 'sign' }),
    ]);
    oneWins(replies, 'the order is in process: "sign as host" does not apply now');
    expect((await eventsOf(w.t, id)).filter((e) => e.action === 'host_sign')).toHaveLength(1);
  });

  it('reply and return request at once: one of them, not both', async () => {
    const id = await toHostHandling(w);
    const replies = await Promise.all([
      act(w, 'street1', 'town/updateProResult', { id, content: '已办', contacted: 1, resolved: 1 }),
      act(w, 'street1', 'org/handleBackOrgUpdate', { id, reason: '非本街道' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const last = (await eventsOf(w.t, id)).slice(3).map((e) => e.action);
    expect(last).toHaveLength(1);
  });

  it('two locks at once: one holder, the other told who holds it', async () => {
    const id = await newOrder(w.t);
    const replies = await Promise.all([
      act(w, 'dispatcher', 'lock/assignLock', { id }),
      act(w, 'reviewer', 'lock/assignLock', { id }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.status === 200)?.data.order.lockUserName;
    expect(replies.find((r) => r.status === 409)?.msg).toBe(
      `the order is locked by ${winner}; try again later`,
    );
    const rows = await w.t.ctx.db
      .selectFrom('order_locks')
      .select('user_id')
      .where('order_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('merging two orders into each other at once: no deadlock, one merge', async () => {
    const a = await newOrder(w.t);
    const b = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id: a, signType: 1 }));
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id: b, signType: 1 }));
    const replies = await Promise.all([
      act(w, 'dispatcher', 'handleGatherAppeal', { id: a, intoId: b }),
      act(w, 'admin', 'handleGatherAppeal', { id: b, intoId: a }),
    ]);
    const statuses = replies.map((r) => r.status).sort();
    // The loser finds either a closed target (400) or its own order closed (409).
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const merges = await w.t.ctx.db
      .selectFrom('order_merges')
      .select('order_id')
      .where('order_id', 'in', [a, b])
      .execute();
    expect(merges).toHaveLength(1);
  });

  it('ten supervisions at once: the count goes up by exactly the successes', async () => {
    const id = await toHostHandling(w);
    const who = ['dispatcher', 'reviewer', 'leader', 'admin', 'dispatcher'] as const;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        act(w, who[i % who.length] ?? 'dispatcher', 'Cy/supervision', { id, comment: `督办 ${i}` }),
      ),
    );
    const successes = replies.filter((r) => r.status === 200).length;
    expect(successes).toBe(10);
    const row = await w.t.ctx.db
      .selectFrom('work_orders')
      .select('supervise_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.supervise_count).toBe(successes);
    expect((await eventsOf(w.t, id)).filter((e) => e.action === 'supervise')).toHaveLength(10);
  });
});
