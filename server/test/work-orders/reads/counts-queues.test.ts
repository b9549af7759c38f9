import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_IDS, ORDER_STATUS_CODES, canRead, inQueue } from '@hotline/domain';
import { authenticate } from '../../../src/modules/auth/session.service';
import { queueCounts } from '../../../src/modules/work-orders/reads/count.service';
import { recountQueues } from '../../../src/modules/work-orders/reads/count-recount';
import { readerFor, type Reader } from '../../../src/modules/work-orders/reads/list-access';
import { post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';
import { JSJB, allOrders, list, unitIdOf } from '../reads-fixtures';

/**
 * Every queue count of every kind of caller — district roles, a street, a department, call-back
 * staff, a call-centre agent and users holding several roles (a street handler who also
 * visits, one who also takes calls, a dispatcher who also visits) — equals the list's row
 * count, the same queue counted over the orders (count-recount.ts, clock queues included, at
 * the same instant) and the domain's inQueue ∧ canRead over every order.
 */

let t: TestApp;
const SINGLE = ['admin', 'dispatcher', 'reviewer', 'street1', 'dept1', 'visitor', 'agent'] as const;
const MULTI: Record<string, { unit: string; groups: string[] }> = {
  street_visitor: { unit: 'S01', groups: ['street', 'visitor'] },
  street_agent: { unit: 'S01', groups: ['street', 'agent'] },
  dept_visitor_agent: { unit: 'B01', groups: ['department', 'visitor', 'agent'] },
  dispatcher_visitor: { unit: 'D01', groups: ['dispatcher', 'visitor'] },
};
const tokens: Record<string, string> = {};
const ALL_STATUSES = ORDER_STATUS_CODES.join(',');

beforeAll(async () => {
  t = await createTestApp({ orders: 240 });
  const db = t.ctx.db;
  const model = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', 'street1')
    .executeTakeFirstOrThrow();
  for (const [username, { unit, groups }] of Object.entries(MULTI)) {
    const user = await db
      .insertInto('users')
      .values({
        username,
        realname: username,
        password_hash: model.password_hash,
        unit_id: await unitIdOf(db, unit),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = await db
      .selectFrom('auth_groups')
      .select('id')
      .where('name', 'in', groups)
      .execute();
    expect(ids.length).toBe(groups.length);
    await db
      .insertInto('user_groups')
      .values(ids.map((g) => ({ user_id: user.id, group_id: g.id })))
      .execute();
  }
  // Orders the agents created, so their scope is not empty.
  const agents = await db
    .selectFrom('users')
    .select('id')
    .where('username', 'in', ['agent', 'street_agent', 'dept_visitor_agent'])
    .execute();
  const some = await db.selectFrom('work_orders').select('id').orderBy('id').limit(60).execute();
  for (const [i, o] of some.entries()) {
    await db
      .updateTable('work_orders')
      .set({ created_by: agents[i % agents.length]?.id ?? null })
      .where('id', '=', o.id)
      .execute();
  }
  for (const name of [...SINGLE, ...Object.keys(MULTI)]) tokens[name] = await t.login(name);
});
afterAll(async () => {
  await t?.close();
});

async function readerOf(name: string): Promise<Reader> {
  return readerFor(t.ctx, await authenticate(t.ctx, tokens[name] as string));
}

describe('counts of every queue, every kind of caller', () => {
  it.each([...SINGLE, ...Object.keys(MULTI)])('%s', async (name) => {
    const token = tokens[name] as string;
    const reply = await post<{ counts: Record<string, number> }>(
      t,
      `${JSJB}/lists/counts`,
      {},
      { token },
    );
    expect(reply.code, reply.msg).toBe(200);
    const counts = reply.data.counts;
    for (const menuId of Object.keys(counts)) {
      const rows = await list(t, token, { menuId, isAmount: 1, status: ALL_STATUSES });
      expect(rows.code, `${name} ${menuId}: ${rows.msg}`).toBe(200);
      expect(rows.data.totalCount, `${name} ${menuId} (rows)`).toBe(counts[menuId]);
    }

    // At one instant: the tallies, the recount and the domain, clock queues included.
    const reader = await readerOf(name);
    const types = [...DEFAULT_TYPE_IDS];
    const [tally, recount, orders] = await Promise.all([
      queueCounts(t.ctx, reader, reader.queues, types),
      recountQueues(t.ctx, reader, reader.queues, types),
      allOrders(t.ctx.db),
    ]);
    expect(tally).toEqual(recount);
    const domain = Object.fromEntries(
      reader.queues.map((q) => [
        q,
        orders.filter(
          (o) =>
            types.includes(o.state.typeId) &&
            canRead(reader.actor, o.state) &&
            inQueue(q, o.state, reader.queueCtx),
        ).length,
      ]),
    );
    expect(tally).toEqual(domain);
    // an agent's only queue is its personal list (never a badge; counted here on request)
    if (name === 'agent') expect(reader.queues).toEqual(['lr_wlr']);
    else
      expect(
        Object.values(tally).some((n) => n > 0),
        name,
      ).toBe(true);
  });

  it('a wider choice of sources is counted from the tallies too', async () => {
    const reader = await readerOf('admin');
    const types = [1, 5, 7, 8, 9, 10];
    expect(await queueCounts(t.ctx, reader, reader.queues, types)).toEqual(
      await recountQueues(t.ctx, reader, reader.queues, types),
    );
  });
});
