import { randomBytes } from 'node:crypto';
import { Socket, createServer, type Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { DeliveryRecord } from '../../src/modules/push/trace';
import { call } from '../support/api';
import { act, must, newOrder, world, type World } from '../support/lifecycle';
import { createTestApp } from '../support/test-app';
import { PushClient, listen, sleep } from './push-client';

/**
 * Two API nodes on one database, fanned out through the real Redis (REDIS_URL of the machine,
 * a channel of their own per run). Node B reaches Redis through a TCP relay the test can cut,
 * to show a node losing Redis keeps serving its own clients and resumes fan-out after.
 */

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const channel = `hotline-test:push:${randomBytes(6).toString('hex')}`;

let w: World;
let nodeA: string;
let nodeB: string;
let appB: FastifyInstance;
const open: PushClient[] = [];

/** A TCP relay to Redis: `cut()` drops every connection and refuses new ones until `mend()`. */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(): Promise<void> {
    const target = new URL(REDIS);
    this.server = createServer((inbound) => {
      const outbound = new Socket();
      outbound.connect(Number(target.port || 6379), target.hostname);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('error', () => s.destroy());
        s.on('close', () => {
          this.sockets.delete(s);
          inbound.destroy();
          outbound.destroy();
        });
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
const relay = new Relay();

beforeAll(async () => {
  const t = await createTestApp({
    settings: { redisUrl: REDIS, pushChannel: channel, pushTrace: true },
  });
  w = await world(t);
  nodeA = await listen(t.app);
  await relay.start();
  const nodeBuilt = await buildApp({
    ...t.ctx,
    settings: { ...t.ctx.settings, redisUrl: `redis://127.0.0.1:${relay.port}` },
  });
  appB = nodeBuilt.app;
  const ctxB = nodeBuilt.ctx;
  nodeB = await listen(appB);
  await Promise.all([t.ctx.push!.hub.ready(), ctxB.push!.hub.ready()]);
});
afterAll(async () => {
  for (const c of open) c.close();
  await appB?.close();
  await w?.t.close();
});

async function clientOn(node: string, token: string, bindVia = node): Promise<PushClient> {
  const c = await PushClient.open(node, token);
  open.push(c);
  await c.bound(token, bindVia);
  if (bindVia !== node) await c.waitFor((m) => m.type === 'bound');
  return c;
}

/** Sign and dispatch a fresh order to S01 through the given node's HTTP API. */
async function dispatchVia(node: string): Promise<number> {
  const id = await newOrder(w.t);
  for (const [path, body] of [
    ['cy/a5HandleOrderSignInCy', { id, signType: 1 }],
    ['org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }],
  ] as const) {
    const res = await fetch(`${node}/api/addons/jsjb/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${w.tokens.dispatcher}`,
      },
      body: JSON.stringify(body),
    });
    const reply = (await res.json()) as { code: number; msg: string };
    expect(reply.code, reply.msg).toBe(200);
  }
  return id;
}

const gained = (c: PushClient, id: number) =>
  c.waitFor((m) => m.type === 'count' && m.menuId === 'jd_dqs' && m.notice?.assignId === id);

describe('two nodes, one Redis', () => {
  it('a bind through the other node by another session is ignored where the socket lives', async () => {
    const onA = await PushClient.open(nodeA, w.tokens.street1);
    open.push(onA);
    // Node B cannot check the opener: it hands the bind on (200, local false) ...
    const stolen = await onA.bind(w.tokens.street2, nodeB);
    expect([stolen.code, stolen.data?.local]).toEqual([200, false]);
    // ... and node A, where the socket lives, does not bind it for street2.
    await sleep(300);
    expect(onA.messages.some((m) => m.type === 'bound')).toBe(false);
    await onA.bound(w.tokens.street1, nodeB);
    await onA.waitFor((m) => m.type === 'bound');
    // Closed, so the later tests' traces count only their own sockets.
    onA.close();
    await onA.waitClosed();
    await sleep(50);
  });

  it('a transition on node A updates a client bound on node B', async () => {
    const onB = await clientOn(nodeB, w.tokens.street1);
    const onA = await clientOn(nodeA, w.tokens.street1);
    const other = await clientOn(nodeB, w.tokens.street2);
    const id = await dispatchVia(nodeA);
    await gained(onB, id);
    await gained(onA, id);
    await sleep(150);
    // Exactly once each (the origin node does not also deliver its own message from Redis).
    expect(onB.counts()).toHaveLength(1);
    expect(onA.counts()).toHaveLength(1);
    expect(other.counts()).toEqual([]);
    // Each node's trace has the dispatch: A as its origin, B as a relay through Redis.
    const roles = async (app: FastifyInstance) => {
      const reply = await call<{ deliveries: DeliveryRecord[] }>(app, 'GET', '/api/push/trace', {
        token: w.tokens.street1,
      });
      return reply.data.deliveries.filter((d) => d.orderId === id && d.sockets > 0);
    };
    expect((await roles(w.t.app)).map((d) => [d.role, d.sockets])).toEqual([['origin', 1]]);
    expect((await roles(appB)).map((d) => [d.role, d.sockets])).toEqual([['relay', 1]]);
  });

  it('a socket on node B may be bound through node A', async () => {
    const c = await clientOn(nodeB, w.tokens.street1, nodeA);
    const id = await dispatchVia(nodeA);
    await gained(c, id);
  });

  it('a refused action on node A publishes nothing to node B', async () => {
    const dispatcher = await clientOn(nodeB, w.tokens.dispatcher);
    const id = await must(
      act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id: await newOrder(w.t), signType: 1 }),
    ).then((d) => d.order.id);
    await dispatcher.waitFor((m) => m.type === 'count' && m.menuId === 'qu_dfp');
    const seen = dispatcher.messages.length;
    const again = await act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 });
    expect(again.code).toBe(409);
    await sleep(200);
    expect(dispatcher.messages.slice(seen).filter((m) => m.type === 'count')).toEqual([]);
  });

  it('node B without Redis serves its own clients; with Redis back it resyncs and fans out', async () => {
    const onB = await clientOn(nodeB, w.tokens.street1);
    await relay.cut();
    await sleep(300);
    const missed = await dispatchVia(nodeA);
    const local = await dispatchVia(nodeB);
    await gained(onB, local);
    expect(onB.counts().some((m) => m.notice?.assignId === missed)).toBe(false);

    await relay.start();
    await onB.waitFor((m) => m.type === 'resync', 8000);
    const after = await dispatchVia(nodeA);
    await gained(onB, after);
  });
});
