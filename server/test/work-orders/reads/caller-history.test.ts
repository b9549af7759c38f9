import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, setConfig } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';
import { INTAKE_URL, validIntake } from '../../intake/intake-fixtures';

/**
 * lists/callerHistory: a caller's earlier orders (count, last 30 days, repeat-caller flag, the
 * five latest), within the asking user's row scope.
 */

const URL = '/api/addons/jsjb/lists/callerHistory';
const PHONE = '13766661234';

interface History {
  total: number;
  last30Days: number;
  repeat: boolean;
  threshold: number;
  recent: {
    id: number;
    orderNum: string;
    title: string;
    status: number;
    callTime: string;
    readable: boolean;
  }[];
}

let t: TestApp;
let agent: string;
const made: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ orders: 10 });
  agent = await t.login('agent');
  for (let i = 0; i < 6; i += 1) {
    const body = await validIntake(t, { callerPhone: PHONE, title: `楼道灯坏了 第${i + 1}次` });
    const reply = await post<{ order: { id: number } }>(t, INTAKE_URL, body, { token: agent });
    expect(reply.code, reply.msg).toBe(200);
    made.push(reply.data.order.id);
  }
  // One of them called in 40 days ago: counted in the total, not in the last 30 days.
  await t.ctx.db
    .updateTable('work_orders')
    .set({ call_time: new Date(Date.now() - 40 * 86_400_000) })
    .where('id', '=', made[0]!)
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const history = (token: string, body: object) => post<History>(t, URL, body, { token });

describe('caller history', () => {
  it('counts the number, flags a repeat caller and lists the five latest, newest first', async () => {
    const reply = await history(agent, { phone: PHONE });
    expect(reply.code, reply.msg).toBe(200);
    expect(reply.data).toMatchObject({ total: 6, last30Days: 5, repeat: true, threshold: 3 });
    expect(reply.data.recent.map((o) => o.id)).toEqual(made.slice(1).reverse());
    expect(reply.data.recent[0]?.title).toBe('楼道灯坏了 第6次');
  });

  it("leaves out the detail's own order; another number has no history", async () => {
    const reply = await history(agent, { phone: PHONE, excludeId: made[5] });
    expect(reply.data.total).toBe(5);
    expect(reply.data.recent.map((o) => o.id)).not.toContain(made[5]);
    const none = await history(agent, { phone: '13700000000' });
    expect(none.data).toMatchObject({ total: 0, last30Days: 0, repeat: false, recent: [] });
  });

  it('the threshold is a setting', async () => {
    const admin = await t.login('admin');
    await setConfig(t, admin, 'jsjb', 'repeat_caller_threshold', '6');
    const reply = await history(agent, { phone: PHONE });
    expect(reply.data).toMatchObject({ last30Days: 5, repeat: false, threshold: 6 });
    await setConfig(t, admin, 'jsjb', 'repeat_caller_threshold', '3');
  });

  it("an agent at intake sees the caller's orders anyone typed in, and may open its own only", async () => {
    // a dispatcher took the same caller's call (the agent did not type it in)
    const dispatcher = await t.login('dispatcher');
    const body = await validIntake(t, { callerPhone: PHONE, title: '楼道灯又坏了' });
    const theirs = await post<{ order: { id: number } }>(t, INTAKE_URL, body, {
      token: dispatcher,
    });
    expect(theirs.code, theirs.msg).toBe(200);
    try {
      const reply = await history(agent, { phone: PHONE });
      expect(reply.data.total).toBe(7);
      const byId = new Map(reply.data.recent.map((o) => [o.id, o.readable]));
      expect(byId.get(theirs.data.order.id)).toBe(false);
      expect(byId.get(made[5]!)).toBe(true);
      // the order it may not open stays closed to it
      const detail = await post(
        t,
        '/api/addons/jsjb/lists/detail',
        { id: theirs.data.order.id },
        { token: agent },
      );
      expect(detail.status).toBe(404);
      // a dispatcher may open every one
      const all = await history(dispatcher, { phone: PHONE });
      expect(all.data.recent.every((o) => o.readable)).toBe(true);
    } finally {
      // the other cases count this number's orders: this one takes another number
      await t.ctx.db
        .updateTable('work_orders')
        .set({ caller_phone: '13700009999' })
        .where('id', '=', theirs.data.order.id)
        .execute();
    }
  });

  it('a street handler sees only the orders in its scope (none of these: not dispatched)', async () => {
    const street = await t.login('street1');
    const reply = await history(street, { phone: PHONE });
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject({ total: 0, recent: [] });
  });

  it('bad input is 400 naming the field; without a session 401', async () => {
    for (const phone of ['12', 'abc-defg', '1'.repeat(31)]) {
      const reply = await history(agent, { phone });
      expect([reply.status, reply.code]).toEqual([400, 400]);
      expect(reply.msg).toMatch(/^phone: /);
    }
    const noPhone = await history(agent, {});
    expect(noPhone.code).toBe(400);
    const anonymous = await post(t, URL, { phone: PHONE });
    expect(anonymous.status).toBe(401);
  });
});
