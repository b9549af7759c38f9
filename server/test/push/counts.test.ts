import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import {
  HOUR,
  JSJB,
  act,
  advance,
  must,
  newOrder,
  world,
  type Who,
  type World,
} from '../support/lifecycle';
import { createTestApp } from '../support/test-app';
import { validIntake } from '../intake/intake-fixtures';
import { PushClient, listen, sleep } from './push-client';

/**
 * Counts never drift: a console that started from lists/counts and applied every count
 * message has exactly the server's counts after a mix of lives, for every kind of user; a
 * console that reconnects re-reads them. And a socket whose session has ended gets nothing.
 */

let w: World;
let base: string;
const open: PushClient[] = [];
const USERS: Who[] = [
  'admin',
  'dispatcher',
  'reviewer',
  'visitor',
  'leader',
  'street1',
  'street2',
  'town1',
  'dept1',
  'agent',
];

async function counts(who: Who): Promise<Record<string, number>> {
  const reply = await post<{ counts: Record<string, number> }>(
    w.t,
    `${JSJB}/lists/counts`,
    {},
    { token: w.tokens[who] },
  );
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.counts;
}

async function bound(who: Who): Promise<PushClient> {
  const c = await PushClient.open(base, w.tokens[who]);
  open.push(c);
  await c.bound(w.tokens[who]);
  return c;
}

beforeAll(async () => {
  w = await world(await createTestApp({ orders: 60 }));
  base = await listen(w.t.app);
});
afterAll(async () => {
  for (const c of open) c.close();
  await w?.t.close();
});

/** Orders inserted straight into the database (as the suites do) are no change the server
 * made, so they are created before the start counts are read; every later step is an API call. */
async function rawOrders(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await newOrder(w.t));
  return ids;
}

async function toHost(id: number, unit: string, host: Who): Promise<void> {
  await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
  await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units[unit] }));
  await must(act(w, host, 'Ft/signInFt', { id }));
}

async function toVisit(id: number, resolved: boolean): Promise<void> {
  await toHost(id, 'S01', 'street1');
  const reply = { id, content: '已修复路灯', contacted: 1, resolved: resolved ? 1 : 0 };
  await must(act(w, 'street1', 'town/updateProResult', reply));
  await must(act(w, 'reviewer', 'district/reply', { id, pass: 1 }));
}

/** A mix of lives: dispatches to a street, a town and a department, returns, reviews, visits,
 * a key appeal and a self-built order. */
async function lives([visit, unresolved, dept, back, town]: number[]): Promise<void> {
  await toVisit(visit!, true);
  await must(
    act(w, 'visitor', 'updateHuifangSjs', {
      id: visit,
      reached: 1,
      hostContacted: 1,
      resolved: 1,
      satisfaction: 'satisfied',
      remark: '满意',
    }),
  );
  await toVisit(unresolved!, false);
  await toHost(dept!, 'B01', 'dept1');
  await must(act(w, 'dispatcher', 'handleImportantAppeal', { id: dept, on: 1 }));
  await toHost(back!, 'S01', 'street1');
  await must(act(w, 'street1', 'org/handleBackOrgUpdate', { id: back, reason: '不属于本街道' }));
  await must(act(w, 'reviewer', 'Approve/feedbackInformation', { id: back, pass: 1 }));
  await must(
    act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id: back, hostUnitId: w.units.S02 }),
  );
  await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id: town, signType: 1 }));
  await must(
    act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id: town, hostUnitId: w.units.T01 }),
  );
  const intake = await post(w.t, `${JSJB}/redaction/insert`, await validIntake(w.t), {
    token: w.tokens.agent,
  });
  expect(intake.code, intake.msg).toBe(200);
}

describe('counts after the messages equal the server counts', () => {
  it('every user: lists/counts + applied count messages = lists/counts afterwards', async () => {
    const ids = await rawOrders(5);
    const start: Partial<Record<Who, Record<string, number>>> = {};
    const clients: Partial<Record<Who, PushClient>> = {};
    for (const who of USERS) {
      clients[who] = await bound(who);
      start[who] = await counts(who);
    }
    await lives(ids);
    await sleep(300);
    let moved = 0;
    for (const who of USERS) {
      expect(clients[who]!.closeCode, `${who}'s socket stayed open`).toBeNull();
      const applied = { ...start[who] };
      for (const [menuId, delta] of Object.entries(clients[who]!.deltas())) {
        expect(menuId in applied, `${who} got ${menuId}, not on its menu`).toBe(true);
        applied[menuId] = (applied[menuId] ?? 0) + delta;
        if (delta !== 0) moved += 1;
      }
      expect(applied, who).toEqual(await counts(who));
    }
    expect(moved).toBeGreaterThan(15);
  });

  it('after a reconnect the console re-reads: changes made while away are in the counts', async () => {
    const [away, later] = await rawOrders(2);
    const first = await bound('street1');
    const before = await counts('street1');
    first.close();
    await first.waitClosed();
    await toHost(away!, 'S01', 'street1');
    const again = await bound('street1');
    const reread = await counts('street1');
    expect(reread.jd_blz).toBe((before.jd_blz ?? 0) + 1);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id: later, signType: 1 }));
    await must(
      act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id: later, hostUnitId: w.units.S01 }),
    );
    await again.waitFor((m) => m.type === 'count');
    const applied = { ...reread };
    for (const [k, d] of Object.entries(again.deltas())) applied[k] = (applied[k] ?? 0) + d;
    expect(applied).toEqual(await counts('street1'));
  });
});

describe('expired sessions and tokens', () => {
  it('a bind with an expired access token is 402; after a refresh the same socket binds', async () => {
    const stale = w.tokens.street1;
    const c = await PushClient.open(base, stale);
    open.push(c);
    w.t.advance(31 * 60_000);
    const reply = await c.bind(stale);
    expect(reply.code).toBe(402);
    // The refreshed token belongs to the same session: the socket it opened is still its own.
    const refreshed = await fetch(`${base}/api/refreshToken`, {
      headers: { authorization: `Bearer ${stale}` },
    });
    const fresh = ((await refreshed.json()) as { data: { token: string } }).data.token;
    await c.bound(fresh);
    expect(c.closeCode).toBeNull();
    await advance(w, 0);
  });

  it('a socket opened with an expired access token of a live session is that session’s', async () => {
    const stale = w.tokens.street1;
    w.t.advance(31 * 60_000);
    const c = await PushClient.open(base, stale);
    open.push(c);
    const refreshed = await fetch(`${base}/api/refreshToken`, {
      headers: { authorization: `Bearer ${stale}` },
    });
    await c.bound(((await refreshed.json()) as { data: { token: string } }).data.token);
    await advance(w, 0);
  });

  it('a socket whose session ended receives nothing and is closed', async () => {
    const old = await bound('street1');
    await advance(w, 13 * HOUR);
    // Opened with the ended session's token: anonymous, it cannot be bound.
    const late = await PushClient.open(base, old.token);
    open.push(late);
    expect((await late.bind(w.tokens.street1)).code).toBe(403);
    const fresh = await bound('street1');
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    await fresh.waitFor((m) => m.type === 'count' && m.menuId === 'jd_dqs');
    expect(await old.waitClosed(3000)).toBe(4402);
    expect(old.counts()).toEqual([]);
  });
});
