import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncDeadlineJobs } from '../../src/modules/deadlines/deadline-sync';
import { sweepDeadlines } from '../../src/modules/deadlines/deadline-sweep';
import { groupId, PATH } from '../admin-users/admin-users-fixtures';
import { post } from '../support/api';
import { advance, HOUR, newOrder, world, type World } from '../support/lifecycle';
import { insertHeldOrder } from '../support/held-order';
import { createTestApp } from '../support/test-app';

/**
 * Who hears of a deadline (issue 21, docs/workflow.md "Reminders and escalation"), limit by
 * limit and holder by holder:
 * - the district holds the sign limit (a city order not yet signed): reminders to the district
 *   dispatchers; at the limit the dispatchers and the district leaders;
 * - a unit holds it or the handling limit: reminders to the unit's handlers (street or
 *   department role, in the unit or one of its communities); at the limit the unit's leaders
 *   (the leader role, given to a user of that unit) and the district dispatchers; the second
 *   level the district leaders only.
 * Disabled users and administrators never; a leader of another unit or of a community below
 * the unit is not the unit's leader.
 */

let w: World;
let admin: string;
const made: Record<string, number> = {};

beforeAll(async () => {
  w = await world(await createTestApp());
  admin = await w.t.login('admin');
  const leaderRole = await groupId(w.t, 'leader');
  const streetRole = await groupId(w.t, 'street');
  const create = async (username: string, unit: string, groupIds: number[]) => {
    const r = await post<{ user: { id: number } }>(
      w.t,
      PATH.create,
      { username, realname: username, unitId: w.units[unit], groupIds },
      { token: admin },
    );
    expect(r.code, r.msg).toBe(200);
    made[username] = r.data.user.id;
  };
  // 柳荫街道 (S02) gets a leader by role; another leader of S02 is disabled; a community of
  // S02 has a leader of its own (not the street's) and a handler (who is the street's).
  await create('s2.leader', 'S02', [leaderRole]);
  await create('s2.gone', 'S02', [leaderRole]);
  await create('s2c.leader', 'S02C01', [leaderRole]);
  await create('s2c.handler', 'S02C01', [streetRole]);
  const off = await post(w.t, PATH.disable, { id: made['s2.gone'] }, { token: admin });
  expect(off.code, off.msg).toBe(200);
});
afterAll(async () => {
  await w?.t.close();
});

const db = () => w.t.ctx.db;
/** An order at `unit`, fields as given (dispatched now, signed, 168-hour limit by default). */
const hosted = (unit: string, fields: Record<string, unknown> = {}) =>
  insertHeldOrder(db(), w.t.ctx.now(), { host_unit_id: w.units[unit], ...fields });

/** Sweeps at the moved clock; the user names told of `orderId`, per job kind and level. */
async function sweepFor(orderId: number): Promise<Record<string, string[]>> {
  const r = await sweepDeadlines(w.t.ctx, { batch: 500, maxBatches: 10 });
  const names = new Map(
    (await db().selectFrom('users').select(['id', 'username']).execute()).map((u) => [
      u.id,
      u.username,
    ]),
  );
  const out: Record<string, string[]> = {};
  for (const { userId, notice } of r.notices) {
    if (notice.orderId !== orderId) continue;
    const key = `${notice.kind}:${notice.limit}:${notice.level}`;
    (out[key] ??= []).push(names.get(userId)!);
  }
  for (const list of Object.values(out)) list.sort();
  return out;
}

const escalationUnits = (orderId: number) =>
  db()
    .selectFrom('deadline_escalations')
    .select(['level', 'limit_kind', 'unit_id'])
    .where('order_id', '=', orderId)
    .orderBy('level')
    .execute();

describe('the district holds the sign limit', () => {
  it('reminder to the dispatchers; at the limit the dispatchers and the district leader', async () => {
    const id = await newOrder(w.t, { urgency: 'general' }); // status 0, sign limit in 24 h
    await syncDeadlineJobs(db(), id);
    await advance(w, 22.5 * HOUR);
    expect(await sweepFor(id)).toEqual({ 'reminder:sign:0': ['dispatcher'] });
    await advance(w, 2 * HOUR);
    expect(await sweepFor(id)).toEqual({ 'escalation:sign:1': ['dispatcher', 'leader'] });
    expect(await escalationUnits(id)).toEqual([{ level: 1, limit_kind: 'sign', unit_id: null }]);
  });
});

describe('a street holds the sign limit', () => {
  it("reminder to its handlers; at the limit its own leader and the dispatchers, not the district's", async () => {
    const now = w.t.ctx.now();
    const id = await hosted('S01', {
      main_org_status: 0,
      host_sign_time: null,
      refuse_deadline: new Date(now.getTime() + 3 * HOUR),
      deadline: new Date(now.getTime() + 400 * HOUR),
    });
    await advance(w, 1.5 * HOUR);
    expect(await sweepFor(id)).toEqual({ 'reminder:sign:0': ['street1'] });
    await advance(w, 2 * HOUR);
    expect(await sweepFor(id)).toEqual({ 'escalation:sign:1': ['dispatcher', 'leader1'] });
    expect(await escalationUnits(id)).toEqual([
      { level: 1, limit_kind: 'sign', unit_id: w.units.S01 },
    ]);
  });
});

describe('the handling limit', () => {
  it("a department's handlers are reminded, nobody else's", async () => {
    const now = w.t.ctx.now();
    // Set 10 h before a 15-hour limit: only the "4 hours before" reminder is planned.
    const id = await hosted('B01', {
      dispatch_time: new Date(now.getTime() - 10 * HOUR),
      deadline: new Date(now.getTime() + 5 * HOUR),
    });
    await advance(w, 1.5 * HOUR);
    expect(await sweepFor(id)).toEqual({ 'reminder:handling:0': ['dept1'] });
  });

  it("level 1 to the unit's leaders by role (enabled, of the unit itself) and the dispatchers; level 2 to the district leaders", async () => {
    const now = w.t.ctx.now();
    const id = await hosted('S02', {
      dispatch_time: new Date(now.getTime() - 10 * HOUR),
      deadline: new Date(now.getTime() + 5 * HOUR),
    });
    await advance(w, 1.5 * HOUR);
    // The street's handlers, those of its communities included.
    expect(await sweepFor(id)).toEqual({ 'reminder:handling:0': ['s2c.handler', 'street2'] });
    await advance(w, 4 * HOUR);
    expect(await sweepFor(id)).toEqual({ 'escalation:handling:1': ['dispatcher', 's2.leader'] });
    await advance(w, 24 * HOUR);
    expect(await sweepFor(id)).toEqual({ 'escalation:handling:2': ['leader'] });
    expect(await escalationUnits(id)).toEqual([
      { level: 1, limit_kind: 'handling', unit_id: w.units.S02 },
      { level: 2, limit_kind: 'handling', unit_id: w.units.S02 },
    ]);
    const order = await db()
      .selectFrom('work_orders')
      .select('escalation_level')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order.escalation_level).toBe(2);
  });
});
