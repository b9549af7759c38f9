import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATUS_CODES,
  OVERDUE_MODES,
  QUEUE_FILTERS,
  canRead,
  inQueue,
  type QueueContext,
} from '@hotline/domain';
import { actorFrom } from '../../../src/modules/work-orders/actor';
import { loadWorkflowConfig } from '../../../src/modules/work-orders/lifecycle-settings';
import { queueWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import { rowScope, scopeWhere } from '../../../src/modules/work-orders/reads/scope-sql';
import {
  allOrders,
  callers,
  ids,
  list,
  JSJB,
  unitIdOf,
  USERS,
  type Caller,
  type LoadedRow,
} from '../reads-fixtures';
import { get, post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';
import type { DemoUsername } from '../../../src/seed/demo-org';

/**
 * "The same definitions produce SQL on the server and membership checks in tests": for ~300
 * demo orders, every queue, several viewers, both visit modes, the three overdue variants and
 * several clocks, the rows the SQL selects are exactly the orders the domain's `inQueue`
 * accepts. Then the row scope (SQL vs the domain's `canRead`) for every demo user, and the
 * one-statement counts against the lists' totals for every queue of every demo user.
 */

let t: TestApp;
let orders: LoadedRow[];
let who: Record<DemoUsername, Caller>;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  orders = await allOrders(t.ctx.db);
  who = await callers(t);
});
afterAll(async () => {
  await t?.close();
});

const QUEUE_IDS = Object.keys(QUEUE_FILTERS);
const ALL_STATUSES = ORDER_STATUS_CODES.join(',');

async function sqlMembers(qctx: QueueContext): Promise<Record<string, number[]>> {
  let query = t.ctx.db.selectFrom('work_orders').select((eb) => eb.fn.countAll().as('n'));
  for (const [i, q] of QUEUE_IDS.entries()) {
    const where = queueWhere(q, qctx);
    query = query.select((eb) =>
      eb.fn.agg<number[] | null>('array_agg', ['work_orders.id']).filterWhere(where).as(`q${i}`),
    );
  }
  const row = (await query.executeTakeFirstOrThrow()) as Record<string, unknown>;
  return Object.fromEntries(
    QUEUE_IDS.map((q, i) => [
      q,
      ((row[`q${i}`] as number[] | null) ?? []).map(Number).sort((a, b) => a - b),
    ]),
  );
}

describe('queue SQL ≡ domain membership', () => {
  it('every queue, viewer, mode and clock selects exactly the inQueue orders', async () => {
    const base = t.ctx.now();
    const viewers = await Promise.all(
      ['D01', 'S01', 'S02', 'T01', 'B01', 'B02'].map((c) => unitIdOf(t.ctx.db, c)),
    );
    const clocks = [0, -30 * HOUR, -5 * HOUR, 20 * HOUR, 60 * HOUR].map(
      (d) => new Date(base.getTime() + d),
    );
    // The two who type orders in, in turn (the personal list lr_wlr reads the viewer).
    const creators = [who.agent, who.dispatcher].map((c) => actorFrom(c.auth).userId);
    const seen = new Map<string, number>(QUEUE_IDS.map((q) => [q, 0]));
    let checks = 0;
    for (const [i, viewerUnitId] of viewers.entries()) {
      const viewerUserId = creators[i % 2] ?? 0;
      for (const now of clocks) {
        for (const overdueMode of OVERDUE_MODES) {
          for (const huifangMode of [0, 1] as const) {
            const qctx: QueueContext = {
              now,
              viewerUnitId,
              viewerUserId,
              overdueMode,
              huifangMode,
            };
            const fromSql = await sqlMembers(qctx);
            for (const q of QUEUE_IDS) {
              const fromDomain = orders
                .filter((o) => inQueue(q, o.state, qctx))
                .map((o) => o.row.id);
              expect(
                fromSql[q],
                `${q} viewer ${viewerUnitId} ${overdueMode}/${huifangMode} at ${now.toISOString()}`,
              ).toEqual(fromDomain);
              seen.set(q, (seen.get(q) ?? 0) + fromDomain.length);
              checks++;
            }
          }
        }
      }
    }
    expect(checks).toBe(6 * 5 * 3 * 2 * QUEUE_IDS.length);
    // Not vacuous: every queue held orders in some of these situations.
    expect([...seen].filter(([, n]) => n === 0).map(([q]) => q)).toEqual([]);
  });
});

describe('row scope SQL ≡ domain canRead', () => {
  it.each(USERS)('%s', async (name) => {
    const actor = actorFrom(who[name].auth);
    const rows = await t.ctx.db
      .selectFrom('work_orders')
      .select('id')
      .where(scopeWhere(rowScope(actor)))
      .execute();
    const expected = orders.filter((o) => canRead(actor, o.state)).map((o) => o.row.id);
    expect(ids(rows)).toEqual(expected);
  });

  it('the scopes differ as the roles do', async () => {
    const sizes: Record<string, number> = {};
    for (const name of USERS) {
      const actor = actorFrom(who[name].auth);
      sizes[name] = orders.filter((o) => canRead(actor, o.state)).length;
    }
    for (const name of ['admin', 'dispatcher', 'reviewer', 'leader'] as const) {
      expect(sizes[name], name).toBe(orders.length);
    }
    for (const name of [
      'street1',
      'street2',
      'town1',
      'dept1',
      'dept2',
      'visitor',
      'agent',
    ] as const) {
      expect(sizes[name], name).toBeGreaterThan(0);
      expect(sizes[name], name).toBeLessThan(orders.length);
    }
  });
});

describe('lists/counts ≡ list totalCount ≡ domain', () => {
  it.each(USERS)('%s: every queue of the menu', async (name) => {
    const { token, auth } = who[name];
    const counts = await post<{ counts: Record<string, number> }>(
      t,
      `${JSJB}/lists/counts`,
      {},
      { token },
    );
    expect(counts.code, counts.msg).toBe(200);
    const queues = Object.keys(counts.data.counts);
    // The agent types orders in; a leader in a street (leader1) has no queue group of his
    // own (district queues are the district's, the street's are its handlers'): neither counts.
    if (name === 'agent' || name === 'leader1') expect(queues).toEqual([]);
    else expect(queues.length).toBeGreaterThan(0);
    const actor = actorFrom(auth);
    const config = await loadWorkflowConfig(t.ctx.db);
    for (const menuId of queues) {
      const reply = await list(t, token, { menuId, isAmount: 1 });
      expect(reply.code, `${name} ${menuId}: ${reply.msg}`).toBe(200);
      expect(reply.data.totalCount, `${name} ${menuId}`).toBe(counts.data.counts[menuId]);
      // A filter that keeps everything forces the count over work_orders itself (not the tally).
      const counted = await list(t, token, { menuId, isAmount: 1, status: ALL_STATUSES });
      expect(counted.data.totalCount, `${name} ${menuId} (rows)`).toBe(counts.data.counts[menuId]);
      // And the domain agrees (clock-free queues only: the others move with the clock).
      const clockFree = !['qu_yqs', 'qu_yjyj', 'jd_yjyj', 'bm_yjyj'].includes(menuId);
      if (clockFree) {
        const qctx: QueueContext = {
          now: t.ctx.now(),
          viewerUnitId: actor.unitId,
          viewerUserId: actor.userId,
          overdueMode: config.overdueMode,
          huifangMode: config.huifangMode,
        };
        const expected = orders.filter(
          (o) => canRead(actor, o.state) && inQueue(menuId, o.state, qctx),
        ).length;
        expect(counts.data.counts[menuId], `${name} ${menuId} (domain)`).toBe(expected);
      }
    }
  });

  it('queues count every source by default; a narrower typeId counts and lists fewer', async () => {
    // a reviewer, without /ddw_button_role: a queue is work, whatever its orders' sources
    const { token } = who.reviewer;
    const typeId = '1,5,7';
    const every = await post<{ counts: Record<string, number> }>(
      t,
      `${JSJB}/lists/counts`,
      {},
      { token },
    );
    const narrow = await post<{ counts: Record<string, number> }>(
      t,
      `${JSJB}/lists/counts`,
      { typeId },
      { token },
    );
    const other = await post<{ counts: Record<string, number> }>(
      t,
      `${JSJB}/lists/counts`,
      { typeId: '8,9,10' },
      { token },
    );
    expect([every.code, narrow.code, other.code]).toEqual([200, 200, 200]);
    let more = 0;
    for (const [menuId, n] of Object.entries(narrow.data.counts)) {
      expect(every.data.counts[menuId], menuId).toBe(n + (other.data.counts[menuId] ?? 0));
      more += other.data.counts[menuId] ?? 0;
      const reply = await list(t, token, { menuId, typeId, isAmount: 1 });
      expect(reply.data.totalCount, menuId).toBe(n);
    }
    expect(more).toBeGreaterThan(0);
  });

  it('the menu badges are the counts', async () => {
    for (const name of ['dispatcher', 'street1', 'dept1', 'visitor'] as const) {
      const { token } = who[name];
      const counts = await post<{ counts: Record<string, number> }>(
        t,
        `${JSJB}/lists/counts`,
        {},
        { token },
      );
      const menu = await get<{ list: MenuTree[] }>(t, '/api/rule/menu?ismenu=1', { token });
      const badges: Record<string, number | null> = {};
      const walk = (nodes: MenuTree[]) => {
        for (const n of nodes) {
          if (n.meta.menuId) badges[n.meta.menuId] = n.meta.badge;
          walk(n.children);
        }
      };
      walk(menu.data.list);
      // the personal list (lr_wlr, dispatchers) is an entry without a badge, and not counted
      if ('lr_wlr' in badges) expect(badges.lr_wlr, name).toBeNull();
      delete badges.lr_wlr;
      expect(badges, name).toEqual(counts.data.counts);
    }
  });
});

interface MenuTree {
  meta: { menuId: string | null; badge: number | null };
  children: MenuTree[];
}

// The tallies behind the counts (migration 015) against a recount: counts-tally.test.ts.
