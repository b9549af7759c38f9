import { DEMO_USERNAMES, type DemoUsername } from '../../src/seed/demo-org';
import { expect } from 'vitest';
import { sql } from 'kysely';
import { QUEUE_FILTERS, inQueue, type StateCodes } from '@hotline/domain';
import { loadWorkflowConfig } from '../../src/modules/work-orders/lifecycle-settings';
import { loadOrderState } from '../../src/modules/work-orders/order-state';
import { post, type Lang, type Reply } from './api';
import type { TestApp } from './test-app';

/**
 * Helpers of the lifecycle suites: fresh orders inserted straight into the database (status 0,
 * as the city centre delivers them), action calls through the HTTP API, and checks of the
 * state codes, the audit trail and queue membership after each step.
 */

export const JSJB = '/api/addons/jsjb';
export const HOUR = 3_600_000;

/** A demo account (the seed's list). */
export type Who = DemoUsername;

export interface ActionData {
  order: {
    id: number;
    orderNum: string;
    status: number;
    mainOrgStatus: number;
    huifangState: number;
    needReviewStatus: number | null;
    lockUserId?: number | null;
    lockUserName?: string | null;
    lockExpiresAt?: string | null;
    [key: string]: unknown;
  };
  abilities: string[];
}

export interface World {
  t: TestApp;
  tokens: Record<Who, string>;
  users: Record<Who, number>;
  realnames: Record<Who, string>;
  /** Unit ids by code (S01, S02, T01, B01, D01, S01C01, …). */
  units: Record<string, number>;
}

const WHO: readonly Who[] = DEMO_USERNAMES;

export async function world(t: TestApp): Promise<World> {
  const tokens = {} as Record<Who, string>;
  for (const who of WHO) tokens[who] = await t.login(who);
  const rows = await t.ctx.db.selectFrom('users').select(['id', 'username', 'realname']).execute();
  const users = {} as Record<Who, number>;
  const realnames = {} as Record<Who, string>;
  for (const r of rows) {
    if ((WHO as readonly string[]).includes(r.username)) {
      users[r.username as Who] = r.id;
      realnames[r.username as Who] = r.realname;
    }
  }
  const unitRows = await t.ctx.db.selectFrom('units').select(['id', 'code']).execute();
  const units = Object.fromEntries(unitRows.map((u) => [u.code, u.id]));
  return { t, tokens, users, realnames, units };
}

/** Moves the clock; sessions do not outlive a jump of hours, so everyone logs in again. */
export async function advance(w: World, ms: number): Promise<void> {
  w.t.advance(ms);
  for (const who of WHO) w.tokens[who] = await w.t.login(who);
}

let serial = 0;

/** A city-dispatched order as it arrives: status 0, refusal window of 24 hours. */
export async function newOrder(
  t: TestApp,
  fields: {
    urgency?: 'emergency' | 'utility' | 'general' | 'complex';
    title?: string;
    /** Source: 1 city-dispatched (default), 5 self-built, … */
    typeId?: number;
  } = {},
): Promise<number> {
  const now = t.ctx.now();
  serial += 1;
  const row = await t.ctx.db
    .insertInto('work_orders')
    .values({
      order_num: `T${now.getTime()}${String(serial).padStart(4, '0')}`,
      type_id: fields.typeId ?? 1,
      title: fields.title ?? `测试工单 ${serial}`,
      major_content: '小区门口路灯不亮，影响夜间出行。',
      caller_name: '测试市民',
      caller_phone: '13900000000',
      address: '望湖东里 3 号楼',
      urgency: fields.urgency ?? 'general',
      call_time: now,
      refuse_deadline: new Date(now.getTime() + 24 * HOUR),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const act = (
  w: World,
  who: Who,
  path: string,
  body: Record<string, unknown>,
  lang: Lang = 'en',
): Promise<Reply<ActionData>> =>
  post<ActionData>(w.t, `${JSJB}/${path}`, body, { token: w.tokens[who], lang });

export async function codesOf(t: TestApp, id: number): Promise<StateCodes> {
  const row = await t.ctx.db
    .selectFrom('work_orders')
    .select(['status', 'main_org_status', 'huifang_state', 'need_review_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    status: row.status,
    mainOrgStatus: row.main_org_status,
    huifangState: row.huifang_state,
    needReviewStatus: row.need_review_status,
  };
}

export async function eventsOf(t: TestApp, id: number) {
  return t.ctx.db
    .selectFrom('order_events')
    .select(['id', 'action', 'actor_id', 'actor_unit_id', 'from_state', 'to_state', 'comment'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
}

export const eventCount = async (t: TestApp, id: number) => (await eventsOf(t, id)).length;

/** The queues (by menu id) the order is in for a viewer of `unitId` (district: any unit). */
export async function queuesOf(t: TestApp, id: number, viewerUnitId: number): Promise<string[]> {
  const loaded = await loadOrderState(t.ctx.db, id);
  if (!loaded) throw new Error(`order ${id} is gone`);
  const config = await loadWorkflowConfig(t.ctx.db);
  const ctx = {
    now: t.ctx.now(),
    viewerUnitId,
    // nobody's own: the personal list (lr_wlr) is left out
    viewerUserId: -1,
    overdueMode: config.overdueMode,
    huifangMode: config.huifangMode,
  };
  return Object.keys(QUEUE_FILTERS)
    .filter((q) => inQueue(q, loaded.state, ctx))
    .sort();
}

export interface StepCheck {
  who: Who;
  path: string;
  body: Record<string, unknown>;
  /** The action the event row must record. */
  action: string;
  /** The codes the order must have afterwards (from the database). */
  to: Partial<StateCodes>;
}

/** Users whose badge counts the steps watch, with the unit their queues are scoped to. */
const COUNT_VIEWERS: readonly [Who, string][] = [
  ['dispatcher', 'D01'],
  ['street1', 'S01'],
  ['street2', 'S02'],
  ['dept1', 'B01'],
  ['visitor', 'D01'],
];

export type Deltas = Record<string, Record<string, number>>;

/** Badge counts of the watched users, through the counts endpoint (lists/counts). */
async function badgeCounts(w: World): Promise<Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [who] of COUNT_VIEWERS) {
    const r = await post<{ counts: Record<string, number> }>(
      w.t,
      `${JSJB}/lists/counts`,
      {},
      {
        token: w.tokens[who],
      },
    );
    if (r.code !== 200) throw new Error(`lists/counts for ${who}: ${r.code} ${r.msg}`);
    out[who] = r.data.counts;
  }
  return out;
}

async function memberships(w: World, id: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [who, unit] of COUNT_VIEWERS) out[who] = await queuesOf(w.t, id, w.units[unit] ?? -1);
  return out;
}

/** Non-zero differences per user and queue. */
function deltas(
  counts: Record<string, Record<string, number>>,
  value: (who: string, queue: string) => number,
): Deltas {
  const out: Deltas = {};
  for (const [who, byQueue] of Object.entries(counts)) {
    for (const queue of Object.keys(byQueue)) {
      const d = value(who, queue);
      if (d !== 0) (out[who] ??= {})[queue] = d;
    }
  }
  return out;
}

/**
 * One successful step: 200, the codes in the database, exactly one new event with the action
 * and the from/to codes, and every watched user's badge counts moved exactly as the order's
 * queue membership did (+1 where it entered, −1 where it left). Answers the reply.
 */
export async function step(
  w: World,
  id: number,
  s: StepCheck,
): Promise<Reply<ActionData> & { deltas: Deltas }> {
  const before = await codesOf(w.t, id);
  const eventsBefore = await eventsOf(w.t, id);
  const countsBefore = await badgeCounts(w);
  const inBefore = await memberships(w, id);
  const reply = await act(w, s.who, s.path, { id, ...s.body });
  expect({ status: reply.status, code: reply.code, msg: reply.msg }).toEqual({
    status: 200,
    code: 200,
    msg: 'success',
  });
  const after = await codesOf(w.t, id);
  expect(after).toMatchObject(s.to);
  const events = await eventsOf(w.t, id);
  // The new events by name and comment, so an unexpected writer (a sweep, a text message)
  // names itself in the failure.
  expect(
    events.slice(eventsBefore.length).map((e) => `${e.action}: ${e.comment ?? ''}`),
    `events written by ${s.action} on order ${id}`,
  ).toEqual([`${s.action}: ${events.at(-1)?.comment ?? ''}`]);
  const event = events.at(-1);
  expect(event).toMatchObject({
    action: s.action,
    actor_id: w.users[s.who],
    from_state: before,
    to_state: after,
  });
  expect(reply.data.order).toMatchObject({ id, ...after });
  const countsAfter = await badgeCounts(w);
  const inAfter = await memberships(w, id);
  const has = (m: Record<string, string[]>, who: string, q: string) =>
    m[who]?.includes(q) ? 1 : 0;
  const moved = deltas(
    countsAfter,
    (who, q) => (countsAfter[who]?.[q] ?? 0) - (countsBefore[who]?.[q] ?? 0),
  );
  expect(moved, `badge counts after ${s.action}`).toEqual(
    deltas(countsAfter, (who, q) => has(inAfter, who, q) - has(inBefore, who, q)),
  );
  return Object.assign(reply, { deltas: moved });
}

/** A refused step: the status and a message, nothing written. */
export async function refused(
  w: World,
  id: number,
  who: Who,
  path: string,
  body: Record<string, unknown>,
  expected: { status: number; msg: string | RegExp },
): Promise<void> {
  const digest = await orderDigest(w.t, id);
  const reply = await act(w, who, path, { id, ...body });
  expect({ status: reply.status, code: reply.code }).toEqual({
    status: expected.status,
    code: expected.status,
  });
  if (typeof expected.msg === 'string') expect(reply.msg).toBe(expected.msg);
  else expect(reply.msg).toMatch(expected.msg);
  expect(reply.data).toBeNull();
  expect(await orderDigest(w.t, id)).toEqual(digest);
}

/** The tables an action may write. */
export const ACTION_TABLES = [
  'work_orders',
  'order_events',
  'order_locks',
  'order_requests',
  'order_visits',
  'order_merges',
  'order_assignments',
  'order_units',
] as const;

/** Row count and digest of every action table (the bad-input technique), in one query. */
export async function digest(t: TestApp): Promise<Record<string, string>> {
  const parts = ACTION_TABLES.map(
    (
      table,
    ) => sql`(SELECT count(*)::int || ' rows, ' || COALESCE(md5(string_agg(x::text, '|' ORDER BY x::text)), '-')
                      FROM ${sql.table(table)} AS x) AS ${sql.ref(table)}`,
  );
  const { rows } = await sql<Record<string, string>>`SELECT ${sql.join(parts)}`.execute(t.ctx.db);
  return rows[0] ?? {};
}

/** Everything one order owns, for "nothing changed" checks on a single order. */
async function orderDigest(t: TestApp, id: number): Promise<string> {
  const { rows } = await sql<{ h: string }>`
    SELECT md5(concat_ws('|',
      (SELECT x::text FROM work_orders x WHERE id = ${id}),
      (SELECT string_agg(x::text, ',' ORDER BY id) FROM order_events x WHERE order_id = ${id}),
      (SELECT x::text FROM order_locks x WHERE order_id = ${id}),
      (SELECT string_agg(x::text, ',' ORDER BY id) FROM order_requests x WHERE order_id = ${id}),
      (SELECT string_agg(x::text, ',' ORDER BY id) FROM order_visits x WHERE order_id = ${id}),
      (SELECT x::text FROM order_merges x WHERE order_id = ${id}),
      (SELECT string_agg(x::text, ',' ORDER BY id) FROM order_assignments x WHERE order_id = ${id})
    )) AS h`.execute(t.ctx.db);
  return rows[0]?.h ?? '';
}

/** Walks a fresh order to "host handling" (status 1, mainOrgStatus 1) at `host`. */
export async function toHostHandling(w: World, hostCode = 'S01', host: Who = 'street1') {
  const id = await newOrder(w.t);
  await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
  await must(
    act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units[hostCode] }),
  );
  await must(act(w, host, 'Ft/signInFt', { id }));
  return id;
}

/** Walks a fresh order to "replied, visit pending" (status 91, huifangState 2). */
export async function toVisitPending(w: World, resolved = true) {
  const id = await toHostHandling(w);
  await must(
    act(w, 'street1', 'town/updateProResult', {
      id,
      content: '已修复路灯',
      contacted: 1,
      resolved: resolved ? 1 : 0,
    }),
  );
  await must(act(w, 'reviewer', 'district/reply', { id, pass: 1 }));
  return id;
}

export async function must(reply: Promise<Reply<ActionData>>): Promise<ActionData> {
  const r = await reply;
  if (r.code !== 200) throw new Error(`expected success, got ${r.code}: ${r.msg}`);
  return r.data;
}

export interface QueueView {
  district: string[];
  S01: string[];
  S02: string[];
  B01: string[];
  callback: string[];
}

/** Queue membership as each kind of viewer's menu shows it. */
export async function queueView(w: World, id: number): Promise<QueueView> {
  const of = async (unit: string, prefix: string) =>
    (await queuesOf(w.t, id, w.units[unit] ?? -1)).filter((q) => q.startsWith(prefix));
  return {
    district: await of('D01', 'qu_'),
    S01: await of('S01', 'jd_'),
    S02: await of('S02', 'jd_'),
    B01: await of('B01', 'bm_'),
    callback: await of('D01', 'hf_'),
  };
}

/** Expected membership; viewers not named are in no queue. */
export const queues = (v: Partial<QueueView>): QueueView => ({
  district: [],
  S01: [],
  S02: [],
  B01: [],
  callback: [],
  ...Object.fromEntries(Object.entries(v).map(([k, list]) => [k, [...list].sort()])),
});
