import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { JSJB, act, codesOf, must, newOrder, world, type World } from '../support/lifecycle';
import { createTestApp } from '../support/test-app';
import { validIntake } from '../intake/intake-fixtures';
import { PUSH_PROTOCOL } from '@hotline/contract';
import { PushClient, listen, sleep } from './push-client';

/**
 * The push channel on one node (in-process hub), through a real socket: bind, count messages
 * to exactly the affected rooms after commit, nothing for a rolled-back or refused action,
 * nothing for unbound sockets, refused binds close the socket.
 */

let w: World;
let base: string;
const open: PushClient[] = [];

/** A socket opened with `token` (anonymous without), bound with it unless `bind` is false. */
async function client(token?: string, bind = true): Promise<PushClient> {
  const c = await PushClient.open(base, token ?? null);
  open.push(c);
  if (token && bind) await c.bound(token);
  return c;
}

beforeAll(async () => {
  w = await world(await createTestApp({ settings: { pushHeartbeatMs: 1000 } }));
  base = await listen(w.t.app);
  // A write that fails inside the action's transaction, after the domain said yes.
  await sql`
    CREATE FUNCTION push_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.comment = 'rollback-me' THEN RAISE EXCEPTION 'forced failure'; END IF;
      RETURN NEW;
    END $$`.execute(w.t.ctx.db);
  await sql`
    CREATE TRIGGER push_test_fail BEFORE INSERT ON order_events
    FOR EACH ROW EXECUTE FUNCTION push_test_fail()`.execute(w.t.ctx.db);
});
afterAll(async () => {
  for (const c of open) c.close();
  await w?.t.close();
});

const signed = async () => {
  const id = await newOrder(w.t);
  await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
  return id;
};

describe('bind and deliver', () => {
  it('init carries a client id; bind joins the rooms of the caller menu queues', async () => {
    const c = await client(w.tokens.street1, false);
    // The server answers with the channel's own subprotocol, never the token's.
    expect(c.ws.protocol).toBe(PUSH_PROTOCOL);
    expect(c.clientId).toMatch(/^[0-9a-f]{12}\.[A-Za-z0-9_-]+$/);
    const rooms = await c.bound(w.tokens.street1);
    expect(rooms).toContain(`q:jd_dqs@${w.units.S01}`);
    expect(rooms.some((r) => r.startsWith('q:qu_'))).toBe(false);
    const district = await (await client(w.tokens.dispatcher, false)).bound(w.tokens.dispatcher);
    expect(district).toContain('q:qu_dfp');
  });

  it('a dispatch reaches the host street (badge + notice), not the other street', async () => {
    const street1 = await client(w.tokens.street1);
    const street2 = await client(w.tokens.street2);
    const dispatcher = await client(w.tokens.dispatcher);
    const id = await signed();
    const order = await w.t.ctx.db
      .selectFrom('work_orders')
      .select('order_num')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));

    const got = await street1.waitFor((m) => m.type === 'count');
    expect(got).toEqual({
      type: 'count',
      menuId: 'jd_dqs',
      action: 'add',
      num: 1,
      notice: {
        msg: '您有新的待签收工单',
        orderNum: order.order_num,
        assignId: id,
        menuId: 'jd_dqs',
      },
      at: expect.any(Number),
    });
    // Stamped with the commit time: before we looked, and within this test.
    const at = (got as { at: number }).at;
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(at).toBeGreaterThan(Date.now() - 60_000);
    await dispatcher.waitFor(
      (m) => m.type === 'count' && m.menuId === 'qu_dfp' && m.action === 'sub',
    );
    // Sign: pending sign −1, signed today +1, in process +1, pending dispatch +1 (with notice).
    expect(dispatcher.deltas()).toEqual({ qu_dqs: -1, qu_yqs: 1, qu_blz: 1, qu_dfp: 0 });
    const assign = dispatcher.counts().find((m) => m.menuId === 'qu_dfp' && m.action === 'add');
    expect(assign?.notice?.msg).toBe('您有新的待分派工单');
    expect(dispatcher.counts().find((m) => m.action === 'sub')?.notice).toBeUndefined();
    await sleep(100);
    expect(street1.counts()).toHaveLength(1);
    expect(street2.counts()).toEqual([]);
  });

  it('an order from the self-built form is announced after its commit', async () => {
    const dispatcher = await client(w.tokens.dispatcher);
    const reply = await post<{ order: { id: number } }>(
      w.t,
      `${JSJB}/redaction/insert`,
      await validIntake(w.t),
      { token: w.tokens.agent },
    );
    expect(reply.code, reply.msg).toBe(200);
    const got = await dispatcher.waitFor((m) => m.type === 'count');
    expect(got).toMatchObject({ menuId: 'qu_dqs', action: 'add' });
  });
});

describe('nothing before commit, nothing for a rolled-back or refused write', () => {
  it('a rolled-back action sends nothing; the same action committed does', async () => {
    const street1 = await client(w.tokens.street1);
    const dispatcher = await client(w.tokens.dispatcher);
    const id = await signed();
    await dispatcher.waitFor((m) => m.type === 'count' && m.menuId === 'qu_dfp');
    const before = dispatcher.messages.length;

    const failed = await act(w, 'dispatcher', 'org/submitHandleOrgInfo', {
      id,
      hostUnitId: w.units.S01,
      comment: 'rollback-me',
    });
    expect(failed.code).toBe(500);
    expect(await codesOf(w.t, id)).toMatchObject({ status: 1, mainOrgStatus: -1 });
    // A refused action (409: already signed) is no write either.
    const refused = await act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 });
    expect(refused.code).toBe(409);

    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    const got = await street1.waitFor((m) => m.type === 'count');
    expect(got).toMatchObject({ menuId: 'jd_dqs', action: 'add' });
    await sleep(100);
    // Only the committed dispatch: street +1 once; dispatcher −1 pending dispatch once.
    expect(street1.counts()).toHaveLength(1);
    expect(dispatcher.messages.slice(before).filter((m) => m.type === 'count')).toEqual([
      { type: 'count', menuId: 'qu_dfp', action: 'sub', num: 1, at: expect.any(Number) },
    ]);
  });
});

describe('unbound and refused sockets', () => {
  it('an unbound socket receives no counts, and is closed after two heartbeats', async () => {
    const idle = await client();
    const street1 = await client(w.tokens.street1);
    const id = await signed();
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    await street1.waitFor((m) => m.type === 'count');
    expect(idle.counts()).toEqual([]);
    expect(await idle.waitClosed(8000)).toBe(4401);
    expect(idle.messages.every((m) => m.type === 'init' || m.type === 'ping')).toBe(true);
  });

  it('a bind without a token is 401 and closes the socket', async () => {
    const c = await client();
    const reply = await c.bind(null);
    expect(reply.code).toBe(401);
    expect(await c.waitClosed()).toBe(4401);
  });

  it('a bind with an unknown token is 401 and closes the socket', async () => {
    const c = await client();
    const reply = await c.bind('not-a-token');
    expect(reply.code).toBe(401);
    expect(await c.waitClosed()).toBe(4401);
  });

  it('a bind of an unknown client id is 404; a malformed one 400', async () => {
    const c = await client();
    const unknown = await c.bind(w.tokens.street1, base, 'abcdef012345.nope');
    expect(unknown.code).toBe(404);
    expect(unknown.msg).toContain('abcdef012345.nope');
    const bad = await c.bind(w.tokens.street1, base, 'has spaces/and slashes');
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('clientId');
  });

  it('a socket bound to one user cannot be bound by another who learns its id (403); its owner re-binds', async () => {
    const victim = await client(w.tokens.street1);
    const stolen = await victim.bind(w.tokens.dispatcher, base, victim.clientId, 'en-US');
    expect([stolen.code, stolen.msg]).toEqual([
      403,
      'this push connection was not opened with your session and cannot be bound',
    ]);
    // A refused stranger's bind leaves the line open; the opener session binds it again.
    const again = await victim.bind(w.tokens.street1);
    expect(again.code).toBe(200);
    // The socket still delivers the owner's counts, not the other user's.
    const id = await signed();
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    await victim.waitFor((m) => m.type === 'count');
    expect(victim.closeCode).toBeNull();
  });

  it('a fresh socket opened by user A cannot be bound by user B (403); A binds it', async () => {
    const fresh = await client(w.tokens.street1, false);
    const stolen = await fresh.bind(w.tokens.street2);
    expect([stolen.code, stolen.msg]).toEqual([
      403,
      '该推送连接不是以您的登录会话打开的，不能绑定',
    ]);
    expect(stolen.data).toBeNull();
    expect(await fresh.bound(w.tokens.street1)).toContain(`q:jd_dqs@${w.units.S01}`);
  });

  it('another session of the same user cannot bind the socket either (403)', async () => {
    const fresh = await client(w.tokens.street1, false);
    const other = await fresh.bind(await w.t.login('street1'));
    expect(other.code).toBe(403);
    await fresh.bound(w.tokens.street1);
  });

  it('a socket opened without a token (or with a dead one) cannot be bound (403)', async () => {
    for (const token of [null, 'not-a-token']) {
      const anonymous = await PushClient.open(base, token);
      open.push(anonymous);
      const reply = await anonymous.bind(w.tokens.street1, base, anonymous.clientId, 'en-US');
      expect([reply.code, reply.msg]).toEqual([
        403,
        'this push connection was opened without signing in and cannot be bound: reconnect signed in',
      ]);
      expect(anonymous.messages.some((m) => m.type === 'bound')).toBe(false);
    }
  });

  it('a bind without a session does not close a socket someone else opened', async () => {
    const owned = await client(w.tokens.street1, false);
    expect((await owned.bind(null)).code).toBe(401);
    expect((await owned.bind('not-a-token')).code).toBe(401);
    await sleep(100);
    expect(owned.closeCode).toBeNull();
    await owned.bound(w.tokens.street1);
  });

  it('signing out closes the sockets the session opened, bound or not, at once', async () => {
    const token = await w.t.login('street2');
    const bound = await client(token);
    const unbound = await client(token, false);
    const out = await fetch(`${base}/api/login/logout`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    expect(await bound.waitClosed(500)).toBe(4402);
    expect(await unbound.waitClosed(500)).toBe(4402);
  });

  it('a socket whose session was logged out is closed at the next heartbeat', async () => {
    const token = await w.t.login('street2');
    const c = await client(token);
    const out = await fetch(`${base}/api/login/logout`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    expect(await c.waitClosed(5000)).toBe(4402);
    expect(c.counts()).toEqual([]);
  });

  it('a bound client that stops answering heartbeats is dropped', async () => {
    const silent = await PushClient.open(base, w.tokens.street1, false);
    open.push(silent);
    await silent.bound(w.tokens.street1);
    // Dropped without a close handshake: the server terminates the dead line.
    expect(await silent.waitClosed(8000)).toBe(1006);
  });

  it('heartbeat pings arrive while the socket answers', async () => {
    const c = await client(w.tokens.leader);
    await c.waitFor((m) => m.type === 'ping', 4000);
    expect(c.closeCode).toBeNull();
  });
});
