import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../support/api';
import {
  JSJB,
  act,
  advance,
  eventsOf,
  must,
  newOrder,
  refused,
  step,
  toHostHandling,
  world,
  type World,
} from '../../support/lifecycle';
import { createTestApp } from '../../support/test-app';

/**
 * Order locks: exclusive, 30 minutes after the holder's last action, breakable by an
 * administrator, and every lock and unlock in the audit trail.
 */

const MINUTE = 60_000;
let w: World;

beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

const lockRow = (id: number) =>
  w.t.ctx.db
    .selectFrom('order_locks')
    .select(['user_id', 'locked_at', 'expires_at'])
    .where('order_id', '=', id)
    .executeTakeFirst();

interface MyLocks {
  list: { id: number; orderNum: string; title: string; status: number; lockExpiresAt: string }[];
  totalCount: number;
}
const myLocks = (who: 'dispatcher' | 'reviewer' | 'street1') =>
  post<MyLocks>(
    w.t,
    `${JSJB}/Assignlock/getMyOrders`,
    { pageNo: 1, pageSize: 10 },
    {
      token: w.tokens[who],
    },
  );

describe('locks', () => {
  it('a lock is exclusive: others are refused with the holder named', async () => {
    const id = await newOrder(w.t);
    const locked = await step(w, id, {
      who: 'dispatcher',
      path: 'lock/assignLock',
      body: {},
      action: 'lock',
      to: { status: 0 },
    });
    expect(locked.data.order).toMatchObject({
      lockUserId: w.users.dispatcher,
      lockUserName: w.realnames.dispatcher,
    });
    expect(locked.data.abilities).toContain('unlock');
    const lockedBy = `the order is locked by ${w.realnames.dispatcher}; try again later`;
    await refused(
      w,
      id,
      'admin',
      'cy/a5HandleOrderSignInCy',
      { signType: 1 },
      {
        status: 409,
        msg: lockedBy,
      },
    );
    await refused(w, id, 'admin', 'lock/assignLock', {}, { status: 409, msg: lockedBy });
    await refused(w, id, 'reviewer', 'lock/assignUnlock', {}, { status: 409, msg: lockedBy });
    const zh = await act(w, 'admin', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }, 'zh');
    expect(zh.msg).toBe(`工单已被 ${w.realnames.dispatcher} 锁定，请稍后再试`);
    // The holder acts; the order moved on, so the lock is released with it.
    await step(w, id, {
      who: 'dispatcher',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 1 },
      action: 'sign',
      to: { status: 1 },
    });
    expect(await lockRow(id)).toBeUndefined();
  });

  it('the holder unlocks; an admin breaks a lock only with force, and it is audited', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'lock/assignLock', { id }));
    await step(w, id, {
      who: 'dispatcher',
      path: 'lock/assignUnlock',
      body: {},
      action: 'unlock',
      to: { status: 0 },
    });
    expect(await lockRow(id)).toBeUndefined();

    await must(act(w, 'dispatcher', 'lock/assignLock', { id }));
    await refused(
      w,
      id,
      'admin',
      'lock/assignUnlock',
      { force: 0 },
      {
        status: 409,
        msg: `the order is locked by ${w.realnames.dispatcher}; try again later`,
      },
    );
    await step(w, id, {
      who: 'admin',
      path: 'lock/assignUnlock',
      body: { force: 1, reason: '经办人休假' },
      action: 'unlock',
      to: { status: 0 },
    });
    expect(await lockRow(id)).toBeUndefined();
    const trail = await eventsOf(w.t, id);
    expect(trail.map((e) => [e.action, e.actor_id, e.comment])).toEqual([
      ['lock', w.users.dispatcher, ''],
      ['unlock', w.users.dispatcher, ''],
      ['lock', w.users.dispatcher, ''],
      ['unlock', w.users.admin, `force: ${w.realnames.dispatcher}; 经办人休假`],
    ]);
    // A non-admin's force means nothing.
    await must(act(w, 'dispatcher', 'lock/assignLock', { id }));
    await refused(
      w,
      id,
      'reviewer',
      'lock/assignUnlock',
      { force: 1 },
      {
        status: 409,
        msg: `the order is locked by ${w.realnames.dispatcher}; try again later`,
      },
    );
    await must(act(w, 'dispatcher', 'lock/assignUnlock', { id }));
  });

  it('a lock expires after 30 minutes without activity', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'lock/assignLock', { id }));
    await advance(w, 29 * MINUTE);
    await refused(
      w,
      id,
      'admin',
      'cy/a5HandleOrderSignInCy',
      { signType: 1 },
      {
        status: 409,
        msg: `the order is locked by ${w.realnames.dispatcher}; try again later`,
      },
    );
    await advance(w, 2 * MINUTE);
    await step(w, id, {
      who: 'admin',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 1 },
      action: 'sign',
      to: { status: 1 },
    });
  });

  it("acting as the holder without changing the order's state refreshes the lock", async () => {
    const id = await toHostHandling(w);
    await must(act(w, 'dispatcher', 'lock/assignLock', { id }));
    const first = await lockRow(id);
    await advance(w, 20 * MINUTE);
    await step(w, id, {
      who: 'dispatcher',
      path: 'Cy/supervision',
      body: { comment: '请加快' },
      action: 'supervise',
      to: { status: 1 },
    });
    const refreshed = await lockRow(id);
    const moved = (refreshed?.expires_at.getTime() ?? 0) - (first?.expires_at.getTime() ?? 0);
    expect(moved).toBeGreaterThanOrEqual(20 * MINUTE);
    expect(moved).toBeLessThan(21 * MINUTE);
    expect(refreshed?.locked_at).toEqual(first?.locked_at);
    await advance(w, 20 * MINUTE);
    // 40 minutes after locking, 20 after the last action: still held.
    await refused(
      w,
      id,
      'street1',
      'town/updateProResult',
      { content: '已办', contacted: 1, resolved: 1 },
      {
        status: 409,
        msg: `the order is locked by ${w.realnames.dispatcher}; try again later`,
      },
    );
  });

  it('getMyOrders lists the unexpired locks of the caller only', async () => {
    const a = await newOrder(w.t, { title: '锁定一' });
    const b = await newOrder(w.t, { title: '锁定二' });
    const before = (await myLocks('reviewer')).data.totalCount;
    await must(act(w, 'reviewer', 'lock/assignLock', { id: a }));
    await must(act(w, 'reviewer', 'lock/assignLock', { id: b }));
    const mine = await myLocks('reviewer');
    expect(mine.code).toBe(200);
    expect(mine.data.totalCount).toBe(before + 2);
    expect(mine.data.list.map((o) => o.id)).toEqual(expect.arrayContaining([a, b]));
    expect(mine.data.list.find((o) => o.id === a)).toMatchObject({ title: '锁定一', status: 0 });
    expect((await myLocks('dispatcher')).data.list.map((o) => o.id)).not.toContain(a);
    await advance(w, 31 * MINUTE);
    expect((await myLocks('reviewer')).data.totalCount).toBe(0);
  });

  it('a street user locks its own order; its replies carry no lock fields', async () => {
    const id = await toHostHandling(w);
    const locked = await must(act(w, 'street1', 'lock/assignLock', { id }));
    expect(locked.order).not.toHaveProperty('lockUserName');
    expect(locked.order).not.toHaveProperty('lockUserId');
    expect((await myLocks('street1')).data.list.map((o) => o.id)).toEqual([id]);
    await refused(
      w,
      id,
      'street2',
      'lock/assignLock',
      {},
      { status: 404, msg: 'no such work order' },
    );
    // The district sees who holds it.
    await refused(
      w,
      id,
      'dispatcher',
      'lock/assignLock',
      {},
      {
        status: 409,
        msg: `the order is locked by ${w.realnames.street1}; try again later`,
      },
    );
  });

  it('a closed order cannot be locked', async () => {
    const id = await newOrder(w.t);
    await must(
      act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 2, reason: '非本区' }),
    );
    await refused(
      w,
      id,
      'dispatcher',
      'lock/assignLock',
      {},
      {
        status: 409,
        msg: 'the order is refused: "lock" does not apply now',
      },
    );
  });
});

const forceUnlocks = (id: number) =>
  w.t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'order.forceUnlock')
    .where('target_id', '=', String(id))
    .execute();

describe('force unlock: a reason, and the audit log', () => {
  it("breaking someone else's lock without a reason → 400 naming reason; nothing written", async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'lock/assignLock', { id }));
    const lockBefore = await lockRow(id);
    const eventsBefore = (await eventsOf(w.t, id)).length;
    for (const body of [{ force: 1 }, { force: 1, reason: '' }, { force: 1, reason: '   ' }]) {
      const reply = await act(w, 'admin', 'lock/assignUnlock', { id, ...body });
      expect([reply.status, reply.code, reply.msg]).toEqual([
        400,
        400,
        "reason: a reason is required to break someone else's lock",
      ]);
    }
    const zh = await act(w, 'admin', 'lock/assignUnlock', { id, force: 1 }, 'zh');
    expect(zh.msg).toBe('reason: 强制解除他人的锁定须填写原因');
    const long = await act(w, 'admin', 'lock/assignUnlock', {
      id,
      force: 1,
      reason: 'x'.repeat(201),
    });
    expect([long.status, long.code]).toEqual([400, 400]);
    expect(long.msg).toMatch(/^reason: /);
    expect(await lockRow(id)).toEqual(lockBefore);
    expect((await eventsOf(w.t, id)).length).toBe(eventsBefore);
    expect(await forceUnlocks(id)).toEqual([]);
    await must(act(w, 'dispatcher', 'lock/assignUnlock', { id }));
  });

  it('a force unlock writes order.forceUnlock with the order number, the holder and the reason', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'lock/assignLock', { id }));
    const { order_num } = await w.t.ctx.db
      .selectFrom('work_orders')
      .select('order_num')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const reply = await act(w, 'admin', 'lock/assignUnlock', {
      id,
      force: 1,
      reason: ' 当事人已离岗 ',
    });
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect(reply.data.abilities).not.toContain('unlock');
    expect(await lockRow(id)).toBeUndefined();
    const rows = await forceUnlocks(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: w.users.admin,
      actor_name: 'admin',
      target_type: 'order',
      target_id: String(id),
      target_name: order_num,
    });
    expect(rows[0]!.ip).not.toBe('');
    expect(rows[0]!.detail).toMatchObject({
      orderNum: order_num,
      holder: { id: w.users.dispatcher, name: w.realnames.dispatcher },
      reason: '当事人已离岗',
    });
    // the audit row and the event were written in the same transaction as the unlock
    const last = (await eventsOf(w.t, id)).at(-1)!;
    expect([last.action, last.comment]).toEqual([
      'unlock',
      `force: ${w.realnames.dispatcher}; 当事人已离岗`,
    ]);
  });

  it('releasing your own lock needs no reason and writes no audit row, force or not', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'admin', 'lock/assignLock', { id }));
    await must(act(w, 'admin', 'lock/assignUnlock', { id, force: 1 }));
    await must(act(w, 'dispatcher', 'lock/assignLock', { id }));
    await must(act(w, 'dispatcher', 'lock/assignUnlock', { id }));
    expect(await forceUnlocks(id)).toEqual([]);
  });

  it('a non-admin with force and a reason is still refused, and nothing is audited', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'lock/assignLock', { id }));
    await refused(
      w,
      id,
      'reviewer',
      'lock/assignUnlock',
      { force: 1, reason: '我要办' },
      {
        status: 409,
        msg: `the order is locked by ${w.realnames.dispatcher}; try again later`,
      },
    );
    expect(await forceUnlocks(id)).toEqual([]);
    // an expired lock binds nobody: there is nothing to break (and no reason is asked)
    await advance(w, 31 * MINUTE);
    const gone = await act(w, 'admin', 'lock/assignUnlock', { id, force: 1 });
    expect([gone.status, gone.code]).toEqual([409, 409]);
    expect(await forceUnlocks(id)).toEqual([]);
  });
});
