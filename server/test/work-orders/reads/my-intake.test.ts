import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '@hotline/contract';
import { get, post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';
import { INTAKE_URL, validIntake } from '../../intake/intake-fixtures';
import { newOrder } from '../../support/lifecycle';
import { JSJB, list, listAll, unitIdOf } from '../reads-fixtures';

/**
 * 我录入的工单 (issue 22, queue lr_wlr): whoever types orders in (agents, dispatchers) lists
 * the orders they created, with the lists' filters, paging and totals; row-scoped on the server
 * (agent A never sees agent B's orders, whatever the filter); a menu entry without a badge;
 * other roles have no entry and are refused the queue.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const created: Record<string, number[]> = { agent: [], agent2: [], dispatcher: [] };
let cityOrder = 0;

async function intake(who: string, title: string, extra: object = {}): Promise<number> {
  const body = await validIntake(t, { title, ...extra });
  const reply = await post<{ order: { id: number } }>(t, INTAKE_URL, body, { token: tokens[who] });
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.order.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  // A second call-centre agent at the district centre.
  const model = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', 'agent')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      username: 'agent2',
      realname: '话务员二',
      password_hash: model.password_hash,
      unit_id: await unitIdOf(db, 'D01'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await db
    .selectFrom('auth_groups')
    .select('id')
    .where('name', '=', 'agent')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_groups').values({ user_id: user.id, group_id: group.id }).execute();
  for (const name of [
    'admin',
    'agent',
    'agent2',
    'dispatcher',
    'reviewer',
    'visitor',
    'leader',
    'street1',
    'dept1',
  ]) {
    tokens[name] = await t.login(name);
  }
  for (let i = 1; i <= 3; i++) {
    t.advance(60_000);
    created.agent?.push(
      await intake('agent', `甲录入 ${i}`, { urgency: i === 2 ? 'emergency' : 'general' }),
    );
  }
  for (let i = 1; i <= 2; i++) {
    t.advance(60_000);
    created.agent2?.push(await intake('agent2', `乙录入 ${i}`));
  }
  t.advance(60_000);
  created.dispatcher?.push(await intake('dispatcher', '派单员录入'));
  cityOrder = await newOrder(t, { title: '市级派发' });
});
afterAll(async () => {
  await t?.close();
});

const newestFirst = (ids: number[] | undefined) => [...(ids ?? [])].reverse();

function findMenu(nodes: MenuNode[], menuId: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.meta.menuId === menuId) return n;
    const inner = findMenu(n.children, menuId);
    if (inner) return inner;
  }
  return undefined;
}

async function menuOf(who: string): Promise<MenuNode[]> {
  const reply = await get<{ list: MenuNode[] }>(t, '/api/rule/menu', { token: tokens[who] });
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.list;
}

describe('the list of my intake (lr_wlr)', () => {
  it('each agent sees exactly the orders it typed in, newest first, with the total', async () => {
    for (const who of ['agent', 'agent2', 'dispatcher'] as const) {
      const reply = await list(t, tokens[who] ?? '', { menuId: 'lr_wlr', isAmount: 1 });
      expect(reply.code, reply.msg).toBe(200);
      expect(
        reply.data.list.map((o) => o.id),
        who,
      ).toEqual(newestFirst(created[who]));
      expect(reply.data.totalCount, who).toBe(created[who]?.length);
    }
    // The administrator typed nothing in: its own list is empty, not everybody's.
    const admin = await list(t, tokens.admin ?? '', { menuId: 'lr_wlr', isAmount: 1 });
    expect(admin.data.list).toEqual([]);
    expect(admin.data.totalCount).toBe(0);
  });

  it("no filter reaches another agent's order or a city order", async () => {
    const token = tokens.agent ?? '';
    const theirs = await t.ctx.db
      .selectFrom('work_orders')
      .select('order_num')
      .where('id', 'in', [created.agent2?.[0] ?? 0, cityOrder])
      .execute();
    for (const { order_num } of theirs) {
      const reply = await list(t, token, { menuId: 'lr_wlr', orderNum: order_num, isAmount: 1 });
      expect(reply.code, reply.msg).toBe(200);
      expect(reply.data.list).toEqual([]);
      expect(reply.data.totalCount).toBe(0);
    }
    const keyword = await list(
      t,
      token,
      { menuId: 'lr_wlr', keyword: '乙录入' },
      '/lists/searchEs',
    );
    expect(keyword.code, keyword.msg).toBe(200);
    expect(keyword.data.list).toEqual([]);
    const all = await listAll(t, token, { menuId: 'lr_wlr', status: '0,1,11,12,71,72,91,92' });
    expect(all.map((o) => o.id).sort()).toEqual([...(created.agent ?? [])].sort());
  });

  it('filters, pages and sorts like every list', async () => {
    const token = tokens.agent ?? '';
    const urgent = await list(t, token, { menuId: 'lr_wlr', urgency: 'emergency', isAmount: 1 });
    expect(urgent.data.list.map((o) => o.id)).toEqual([created.agent?.[1]]);
    expect(urgent.data.totalCount).toBe(1);
    const titled = await list(t, token, { menuId: 'lr_wlr', keyword: '甲录入' }, '/lists/searchEs');
    expect(titled.data.list.map((o) => o.id)).toEqual(newestFirst(created.agent));

    const first = await list(t, token, { menuId: 'lr_wlr', pageNo: 1, pageSize: 10, isAmount: 1 });
    expect(first.data.hasMore).toBe(false);
    const page2 = await list(t, token, { menuId: 'lr_wlr', pageNo: 2, pageSize: 10 });
    expect(page2.data.list).toEqual([]);
    const oldest = await list(t, token, { menuId: 'lr_wlr', sortOrder: 'asc' });
    expect(oldest.data.list.map((o) => o.id)).toEqual(created.agent);
    const byDeadline = await list(t, token, { menuId: 'lr_wlr', sort: 'deadline', isAmount: 1 });
    expect(byDeadline.code, byDeadline.msg).toBe(200);
    expect(byDeadline.data.list.map((o) => o.id).sort()).toEqual([...(created.agent ?? [])].sort());
  });

  it('the rows open: an agent reads the detail of its own order, not of another agent', async () => {
    const own = await post(
      t,
      `${JSJB}/lists/detail`,
      { id: created.agent?.[0] },
      {
        token: tokens.agent,
      },
    );
    expect(own.code, own.msg).toBe(200);
    const other = await post(
      t,
      `${JSJB}/lists/detail`,
      { id: created.agent2?.[0] },
      {
        token: tokens.agent,
      },
    );
    expect([403, 404]).toContain(other.code);
  });
});

describe('who has the list', () => {
  it('agents and dispatchers (who type orders in) have the entry under 工单办理, without a badge', async () => {
    for (const who of ['agent', 'agent2', 'dispatcher', 'admin']) {
      const node = findMenu(await menuOf(who), 'lr_wlr');
      expect(node, who).toBeDefined();
      expect(node?.path).toBe('/jsjb/work/lr_wlr');
      expect(node?.meta.badge ?? null).toBeNull();
      expect(node?.meta.title).toBe('我录入的工单');
    }
  });

  it('other roles have no entry and are refused the queue (403)', async () => {
    for (const who of ['reviewer', 'visitor', 'leader', 'street1', 'dept1']) {
      expect(findMenu(await menuOf(who), 'lr_wlr'), who).toBeUndefined();
      const reply = await list(t, tokens[who] ?? '', { menuId: 'lr_wlr' });
      expect(reply.code, who).toBe(403);
    }
  });

  it('is never counted: no badge in lists/counts, whoever asks', async () => {
    for (const who of ['agent', 'dispatcher', 'admin']) {
      const reply = await post<{ counts: Record<string, number> }>(
        t,
        `${JSJB}/lists/counts`,
        {},
        { token: tokens[who] },
      );
      expect(reply.code, reply.msg).toBe(200);
      expect(Object.keys(reply.data.counts), who).not.toContain('lr_wlr');
    }
  });
});
