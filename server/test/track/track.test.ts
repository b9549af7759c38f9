import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUPS_PER_HOUR } from '../../src/modules/track/track.service';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The citizens' status lookup: POST /api/public/track {orderNum, phoneTail}, no session. A
 * wrong pair answers exactly like an unknown order; the public state, milestones and the
 * approved reply only; throttled per address and counted per order number.
 */

const URL = '/api/public/track';

interface Tracked {
  orderNum: string;
  open: boolean;
  stage: string;
  statusText: string;
  categoryName: string | null;
  milestones: { key: string; at: string | null }[];
  expectedAt: string | null;
  reply: string | null;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    orders: 40,
    settings: { rateLimits: { login: 20, sms: 5, integration: 600, lookup: 4 } },
  });
});
afterAll(async () => {
  await t?.close();
});

/** A seeded order in the given state that has a caller phone. */
async function orderWhere(status: number) {
  return t.ctx.db
    .selectFrom('work_orders')
    .select(['id', 'order_num', 'caller_phone', 'reply_content', 'caller_name'])
    .where('status', '=', status)
    .where('merged_into_id', 'is', null)
    .where('caller_phone', '<>', '')
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

const tail = (phone: string) => phone.replace(/\D/g, '').slice(-4);
const wrongTail = (phone: string) => String((Number(tail(phone)) + 1) % 10_000).padStart(4, '0');

describe('status lookup', () => {
  it('the right pair: public state, milestones, no internal names; the number in any case', async () => {
    const order = await orderWhere(0);
    const reply = await post<Tracked>(t, URL, {
      orderNum: order.order_num.toLowerCase(),
      phoneTail: tail(order.caller_phone),
    });
    expect([reply.status, reply.code], reply.msg).toEqual([200, 200]);
    expect(reply.data).toMatchObject({
      orderNum: order.order_num,
      open: true,
      stage: 'open',
      statusText: 'Received, waiting to be accepted',
      reply: null,
    });
    expect(reply.data.milestones.map((m) => m.key)).toEqual([
      'accepted',
      'dispatched',
      'answered',
      'visited',
      'closed',
    ]);
    expect(reply.data.milestones[0]?.at).not.toBeNull();
    expect(reply.data.milestones.slice(1).every((m) => m.at === null)).toBe(true);
    const text = JSON.stringify(reply.data);
    expect(text).not.toContain(order.caller_phone);
    if (order.caller_name) expect(text).not.toContain(order.caller_name);
    const zh = await post<Tracked>(
      t,
      URL,
      { orderNum: order.order_num, phoneTail: tail(order.caller_phone) },
      { lang: 'zh' },
    );
    expect(zh.data.statusText).toBe('已受理，待签收');
  });

  it('a closed order shows its approved reply and every milestone it reached', async () => {
    const order = await orderWhere(92);
    const reply = await post<Tracked>(t, URL, {
      orderNum: order.order_num,
      phoneTail: tail(order.caller_phone),
    });
    expect(reply.code, reply.msg).toBe(200);
    expect(reply.data.open).toBe(false);
    expect(reply.data.stage).toBe('closed');
    expect(reply.data.statusText).toBe('Closed');
    expect(reply.data.reply).toBe(order.reply_content?.trim() || null);
    const reached = Object.fromEntries(reply.data.milestones.map((m) => [m.key, m.at !== null]));
    expect(reached).toMatchObject({ accepted: true, closed: true });
    expect(reply.data.expectedAt).toBeNull();
  });

  it('an answered order waiting for its return visit is neither open nor finished', async () => {
    const order = await orderWhere(91);
    const reply = await post<Tracked>(t, URL, {
      orderNum: order.order_num,
      phoneTail: tail(order.caller_phone),
    });
    expect(reply.code, reply.msg).toBe(200);
    expect([reply.data.open, reply.data.stage, reply.data.statusText]).toEqual([
      false,
      'answered',
      'Answered',
    ]);
    const reached = Object.fromEntries(reply.data.milestones.map((m) => [m.key, m.at !== null]));
    expect(reached).toMatchObject({ answered: true, closed: false });
  });

  it('a wrong pair answers exactly like an unknown number', async () => {
    const order = await orderWhere(1);
    const wrong = await post(t, URL, {
      orderNum: order.order_num,
      phoneTail: wrongTail(order.caller_phone),
    });
    const unknown = await post(t, URL, { orderNum: 'ZJ209901010001', phoneTail: '1234' });
    expect([wrong.status, wrong.code, wrong.data]).toEqual([404, 404, null]);
    expect([unknown.status, unknown.code, unknown.msg, unknown.data]).toEqual([
      wrong.status,
      wrong.code,
      wrong.msg,
      wrong.data,
    ]);
    expect(wrong.msg).toBe(
      'no order found: check the order number and the last four digits of the phone number',
    );
  });

  it('bad input: 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ orderNum: 'ab', phoneTail: '1234' }, 'orderNum: enter the order number'],
      [{ orderNum: 'ZJ2026', phoneTail: '12a4' }, 'phoneTail: enter the last four digits'],
      [{ orderNum: 'ZJ2026', phoneTail: '12345' }, 'phoneTail: enter the last four digits'],
      [{ phoneTail: '1234' }, 'orderNum:'],
    ];
    for (const [body, message] of cases) {
      const reply = await post(t, URL, body);
      expect([reply.status, reply.code], JSON.stringify(body)).toEqual([400, 400]);
      expect(reply.msg).toContain(message);
    }
  });

  it('one order number is looked up at most LOOKUPS_PER_HOUR times an hour, from any address', async () => {
    const order = await orderWhere(11).catch(() => orderWhere(1));
    const addresses = Array.from({ length: LOOKUPS_PER_HOUR }, (_, i) => `198.51.100.${i + 1}`);
    for (const remoteAddress of addresses) {
      const r = await post(
        t,
        URL,
        { orderNum: order.order_num, phoneTail: '0000' },
        { remoteAddress },
      );
      expect(r.status).not.toBe(429);
    }
    const blocked = await post(
      t,
      URL,
      { orderNum: order.order_num, phoneTail: tail(order.caller_phone) },
      { remoteAddress: '198.51.100.200', lang: 'zh' },
    );
    expect([blocked.status, blocked.code]).toEqual([429, 429]);
    expect(blocked.msg).toMatch(/^该工单的查询次数过多，请 \d+ 分钟后再试$/);
    // The next hour it answers again.
    t.advance(3_600_000);
    const later = await post<Tracked>(
      t,
      URL,
      { orderNum: order.order_num, phoneTail: tail(order.caller_phone) },
      { remoteAddress: '198.51.100.201' },
    );
    expect(later.code, later.msg).toBe(200);
  });

  it('right pairs do not count: a citizen looking again and again is never locked out', async () => {
    t.advance(3_600_000);
    const order = await orderWhere(1);
    for (let i = 0; i < LOOKUPS_PER_HOUR + 5; i += 1) {
      const r = await post(
        t,
        URL,
        { orderNum: order.order_num, phoneTail: tail(order.caller_phone) },
        { remoteAddress: `198.51.101.${i + 1}` },
      );
      expect(r.status, `lookup ${i + 1}`).toBe(200);
    }
    // wrong pairs still reach the cap, and then the right one waits too
    for (let i = 0; i < LOOKUPS_PER_HOUR; i += 1) {
      const r = await post(
        t,
        URL,
        { orderNum: order.order_num, phoneTail: wrongTail(order.caller_phone) },
        { remoteAddress: `198.51.102.${i + 1}` },
      );
      expect(r.status).toBe(404);
    }
    const blocked = await post(
      t,
      URL,
      { orderNum: order.order_num, phoneTail: tail(order.caller_phone) },
      { remoteAddress: '198.51.103.1' },
    );
    expect(blocked.status).toBe(429);
  });

  it('one address is throttled (the lookup class) whatever numbers it tries', async () => {
    const remoteAddress = '203.0.113.77';
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await post(
        t,
        URL,
        { orderNum: `ZJ20990101000${i}`, phoneTail: '1234' },
        { remoteAddress },
      );
      codes.push(r.status);
    }
    expect(codes).toEqual([404, 404, 404, 404, 429]);
  });
});
