import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeText } from '@hotline/domain';
import { DeliveryTrace, type DeliveryRecord } from '../../src/modules/push/trace';
import { call } from '../support/api';
import { act, must, newOrder, world, type World } from '../support/lifecycle';
import { createTestApp, type TestApp } from '../support/test-app';
import { PushClient, listen } from './push-client';

/**
 * One room, one frame per language, and the delivery trace of the push benchmark: kept only
 * with PUSH_TRACE (settings.pushTrace), served at GET /api/push/trace, absent otherwise.
 */

let w: World;
let base: string;
let plain: TestApp;
const open: PushClient[] = [];

beforeAll(async () => {
  w = await world(await createTestApp({ settings: { pushTrace: true } }));
  base = await listen(w.t.app);
  plain = await createTestApp();
});
afterAll(async () => {
  for (const c of open) c.close();
  await w?.t.close();
  await plain?.close();
});

async function street1(language: string): Promise<PushClient> {
  const c = await PushClient.open(base, w.tokens.street1);
  open.push(c);
  await c.bound(w.tokens.street1, base, language);
  return c;
}

type Trace = { nodeId: string; sockets: number; deliveries: DeliveryRecord[] };

describe('one room, several languages', () => {
  it('each socket gets the notice in its own language, however the room mixes them', async () => {
    const clients = [
      await street1('zh-CN'),
      await street1('en-US'),
      await street1('zh-CN'),
      await street1('en-US'),
    ];
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    const notices = await Promise.all(
      clients.map(async (c) => {
        const m = await c.waitFor((x) => x.type === 'count' && x.notice?.assignId === id);
        return m.type === 'count' ? m.notice?.msg : undefined;
      }),
    );
    const [zh, en] = [noticeText('jd_dqs', 'zh'), noticeText('jd_dqs', 'en')];
    expect(zh).not.toBe(en);
    expect(notices).toEqual([zh, en, zh, en]);
  });
});

describe('delivery trace', () => {
  it('records a change delivered here: commit → taken up → write loop → last write', async () => {
    const clients = [await street1('zh-CN'), await street1('zh-CN')];
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    const got = await clients[0]!.waitFor((m) => m.type === 'count' && m.notice?.assignId === id);
    const at = got.type === 'count' ? got.at : undefined;

    const reply = await call<Trace>(w.t, 'GET', '/api/push/trace', { token: w.tokens.street1 });
    expect(reply.status).toBe(200);
    expect(reply.data.sockets).toBeGreaterThanOrEqual(2);
    const dispatch = reply.data.deliveries.filter((d) => d.orderId === id && d.at === at);
    expect(dispatch).toHaveLength(1);
    const [record] = dispatch as [DeliveryRecord];
    expect(record.role).toBe('origin');
    // Every street1 socket bound in this file so far (no district socket is bound here).
    expect(record.sockets).toBeGreaterThanOrEqual(clients.length);
    expect(record.takenMs).toBeLessThanOrEqual(record.startMs);
    expect(record.startMs).toBeLessThanOrEqual(record.lastWriteMs);
    // The sign came first, for the same order.
    const signs = reply.data.deliveries.filter((d) => d.orderId === id && d.at !== at);
    expect(signs.length).toBe(1);
  });

  it('needs a session', async () => {
    const reply = await call(w.t, 'GET', '/api/push/trace');
    expect(reply.status).toBe(401);
  });

  it('does not exist without PUSH_TRACE', async () => {
    const token = await plain.login('street1');
    const reply = await plain.app.inject({
      method: 'GET',
      url: '/api/push/trace',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(404);
  });

  it('keeps the last records, oldest first', () => {
    const trace = new DeliveryTrace(3);
    const entry = (orderId: number): DeliveryRecord => ({
      orderId,
      at: 0,
      role: 'origin',
      takenMs: 0,
      startMs: 0,
      lastWriteMs: 0,
      sockets: 0,
    });
    expect(trace.list()).toEqual([]);
    trace.record(entry(1));
    trace.record(entry(2));
    expect(trace.list().map((r) => r.orderId)).toEqual([1, 2]);
    for (const n of [3, 4, 5]) trace.record(entry(n));
    expect(trace.list().map((r) => r.orderId)).toEqual([3, 4, 5]);
  });
});
