import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@hotline/domain';
import type { MenuNode } from '@hotline/contract';
import { get, setConfig } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [
    'admin',
    'dispatcher',
    'reviewer',
    'street1',
    'town1',
    'dept1',
    'visitor',
    'leader',
    'agent',
  ]) {
    tokens[name] = await t.login(name);
  }
});
afterAll(async () => {
  await t?.close();
});

function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

async function menu(username: string) {
  const reply = await get<{ list: MenuNode[] }>(t, '/api/rule/menu?ismenu=1', {
    token: tokens[username],
  });
  expect([reply.status, reply.code], username).toEqual([200, 200]);
  const all = flatten(reply.data.list);
  return {
    tree: reply.data.list,
    keys: new Set(all.map((n) => n.key)),
    menuIds: all.map((n) => n.meta.menuId).filter((id): id is string => id !== null),
    node: (key: string) => all.find((n) => n.key === key),
  };
}

const idsWith = (prefix: string) =>
  QUEUES.filter((q) => q.id.startsWith(prefix))
    .map((q) => q.id)
    .sort();
const only = (ids: string[], prefix: string) => ids.filter((id) => id.startsWith(prefix)).sort();

describe('menus by role', () => {
  it('dispatcher: district queues and intake, no street group, no system', async () => {
    const m = await menu('dispatcher');
    const district = m.node('group_district');
    expect(district).toBeDefined();
    expect(flatten(district?.children ?? []).map((n) => n.meta.menuId)).toContain('qu_dqs');
    expect(only(m.menuIds, 'qu_')).toEqual(idsWith('qu_'));
    expect(m.keys.has('intake')).toBe(true);
    // the orders it typed in, beside the form under 工单办理
    expect(m.node('group_work')?.children.map((c) => c.key)).toContain('queue_lr_wlr');
    expect(m.keys.has('group_street')).toBe(false);
    expect(m.keys.has('group_system')).toBe(false);
    expect(only(m.menuIds, 'jd_')).toEqual([]);
    expect(only(m.menuIds, 'bm_')).toEqual([]);
    expect(only(m.menuIds, 'hf_')).toEqual([]);
    expect(m.keys.has('group_stats')).toBe(true);
  });

  it('street1 and town1: street queues only', async () => {
    for (const name of ['street1', 'town1']) {
      const m = await menu(name);
      expect(only(m.menuIds, 'jd_'), name).toEqual(idsWith('jd_'));
      expect(
        m.menuIds.every((id) => id.startsWith('jd_')),
        name,
      ).toBe(true);
      expect(m.keys.has('group_district'), name).toBe(false);
      expect(m.keys.has('group_department'), name).toBe(false);
      expect(m.keys.has('intake'), name).toBe(false);
      expect(m.keys.has('group_system'), name).toBe(false);
      expect(m.keys.has('group_stats'), name).toBe(false);
    }
  });

  it('dept1: department queues only', async () => {
    const m = await menu('dept1');
    expect(only(m.menuIds, 'bm_')).toEqual(idsWith('bm_'));
    expect(m.menuIds.every((id) => id.startsWith('bm_'))).toBe(true);
    expect(m.keys.has('group_department')).toBe(true);
  });

  it('visitor: call-back queues only', async () => {
    const m = await menu('visitor');
    expect(only(m.menuIds, 'hf_')).toEqual(idsWith('hf_'));
    expect(m.menuIds.every((id) => id.startsWith('hf_'))).toBe(true);
  });

  it('leader: district queues and statistics, but not intake', async () => {
    const m = await menu('leader');
    expect(only(m.menuIds, 'qu_')).toEqual(idsWith('qu_'));
    expect(m.keys.has('group_stats')).toBe(true);
    expect(m.keys.has('kanban')).toBe(true);
    expect(m.keys.has('intake')).toBe(false);
    expect(m.keys.has('queue_lr_wlr')).toBe(false);
    expect(m.keys.has('group_system')).toBe(false);
  });

  it('agent: intake and the list of its intake, no other queue', async () => {
    const m = await menu('agent');
    expect(m.keys.has('intake')).toBe(true);
    expect(m.keys.has('queue_lr_wlr')).toBe(true);
    expect(m.menuIds).toEqual(['lr_wlr']);
    expect(m.keys.has('group_system')).toBe(false);
  });

  it('admin: system, with every child', async () => {
    const m = await menu('admin');
    expect(m.keys.has('group_system')).toBe(true);
    expect(m.node('group_system')?.children.map((c) => c.key)).toEqual([
      'sys_users',
      'sys_units',
      'sys_roles',
      'sys_categories',
      'sys_config',
      'sys_keys',
      'sys_audit',
      'sys_calendar',
    ]);
  });

  it('everyone gets home; nobody gets an empty group', async () => {
    for (const name of Object.keys(tokens)) {
      const m = await menu(name);
      expect(m.keys.has('home'), name).toBe(true);
      for (const node of flatten(m.tree)) {
        if (node.component === 'Layout')
          expect(node.children.length, `${name} ${node.key}`).toBeGreaterThan(0);
      }
    }
  });

  it('non-menu routes come flagged hidden (order detail)', async () => {
    const m = await menu('dispatcher');
    expect(m.node('order_detail')?.meta.hidden).toBe(true);
    expect(m.node('intake')?.meta.hidden).toBe(false);
  });

  it('get_id=1 returns the ids as numbers only, the same set as the tree', async () => {
    const ids = await get<{ list: unknown[] }>(t, '/api/rule/menu?ismenu=1&get_id=1', {
      token: tokens.dispatcher,
    });
    expect(ids.code).toBe(200);
    expect(ids.data.list.length).toBeGreaterThan(0);
    expect(ids.data.list.every((v) => typeof v === 'number' && Number.isInteger(v))).toBe(true);
    const tree = await get<{ list: MenuNode[] }>(t, '/api/rule/menu?ismenu=1', {
      token: tokens.dispatcher,
    });
    expect([...(ids.data.list as number[])].sort((a, b) => a - b)).toEqual(
      flatten(tree.data.list)
        .map((n) => n.id)
        .sort((a, b) => a - b),
    );
  });

  it('get_id=1 and the tree list the same routes for every user', async () => {
    for (const name of Object.keys(tokens)) {
      const ids = await get<{ list: number[] }>(t, '/api/rule/menu?get_id=1', {
        token: tokens[name],
      });
      const tree = await get<{ list: MenuNode[] }>(t, '/api/rule/menu', { token: tokens[name] });
      const treeIds = flatten(tree.data.list).map((n) => n.id);
      expect(
        [...ids.data.list].sort((a, b) => a - b),
        name,
      ).toEqual(treeIds.sort((a, b) => a - b));
    }
  });

  it('leader can load the order-detail route its guard grants', async () => {
    // order_detail's guard names /jsjb/sbld (the leader rule), but its parent group_work does not.
    const m = await menu('leader');
    expect(m.node('order_detail')?.meta.hidden).toBe(true);
  });

  it('bad query values → 400 naming the field', async () => {
    const reply = await get(t, '/api/rule/menu?ismenu=2', { token: tokens.dispatcher, lang: 'en' });
    expect([reply.status, reply.code]).toEqual([400, 400]);
    expect(reply.msg).toMatch(/^ismenu: /);
    const id = await get(t, '/api/rule/menu?get_id=yes', { token: tokens.dispatcher, lang: 'en' });
    expect([id.status, id.code]).toEqual([400, 400]);
    expect(id.msg).toMatch(/^get_id: /);
  });

  it('without a token → 401', async () => {
    const reply = await get(t, '/api/rule/menu?ismenu=1', { lang: 'en' });
    expect([reply.status, reply.code, reply.msg]).toEqual([401, 401, 'please log in']);
  });
});

describe('menus and web-config switches', () => {
  it('with is_waihu 0 (the default) nobody sees the call group', async () => {
    for (const name of Object.keys(tokens)) {
      const m = await menu(name);
      expect(m.keys.has('group_call'), name).toBe(false);
      expect(m.keys.has('call_records'), name).toBe(false);
    }
  });

  it('after the admin sets is_waihu to 1, the dispatcher sees call records and street1 still does not', async () => {
    await setConfig(t, tokens.admin ?? '', 'jsjb', 'is_waihu', '1');
    const dispatcher = await menu('dispatcher');
    expect(dispatcher.keys.has('group_call')).toBe(true);
    expect(dispatcher.keys.has('call_records')).toBe(true);
    expect((await menu('agent')).keys.has('call_records')).toBe(true);
    expect((await menu('admin')).keys.has('call_records')).toBe(true);
    const street = await menu('street1');
    expect(street.keys.has('group_call')).toBe(false);
    expect(street.keys.has('call_records')).toBe(false);
    expect((await menu('dept1')).keys.has('call_records')).toBe(false);

    await setConfig(t, tokens.admin ?? '', 'jsjb', 'is_waihu', '0');
    expect((await menu('dispatcher')).keys.has('call_records')).toBe(false);
  });

  it('a role change shows in the next menu call', async () => {
    const before = await menu('reviewer');
    expect(before.keys.has('intake')).toBe(false);
    const group = await t.ctx.db
      .selectFrom('auth_groups')
      .select('id')
      .where('name', '=', 'agent')
      .executeTakeFirstOrThrow();
    const user = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'reviewer')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('user_groups')
      .values({ user_id: user.id, group_id: group.id })
      .execute();
    expect((await menu('reviewer')).keys.has('intake')).toBe(true);
  });
});

describe('accounts without permissions', () => {
  it('an account whose roles hold no rule string gets 217 from userInfo and 218 from the menu', async () => {
    const t2 = await createTestApp();
    try {
      const admin = await t2.login('admin');
      const roles = await t2.app.inject({
        method: 'POST',
        url: '/api/auth/get',
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
        payload: {},
      });
      expect(roles.json<{ code: number }>().code).toBe(200);
      // Built-in roles are read-only: give the agent a custom role without rule strings.
      const before = await t2.login('agent');
      const uid = (
        await t2.app.inject({
          method: 'GET',
          url: '/api/user/userInfo',
          headers: { authorization: `Bearer ${before}` },
        })
      ).json<{ data: { info: { uid: number } } }>().data.info.uid;
      const created = await t2.app.inject({
        method: 'POST',
        url: '/api/auth/set',
        headers: { authorization: `Bearer ${admin}` },
        payload: { name: 'no_rules', title: '无权限' },
      });
      const noRules = created.json<{ code: number; data: { id: number } }>();
      expect(noRules.code).toBe(200);
      const emptied = await t2.app.inject({
        method: 'POST',
        url: '/api/admin/batchupdategroup',
        headers: { authorization: `Bearer ${admin}` },
        payload: { userIds: [uid], groupIds: [noRules.data.id] },
      });
      expect(emptied.json<{ code: number }>().code).toBe(200);
      const agent = await t2.login('agent');
      const headers = { authorization: `Bearer ${agent}`, 'accept-language': 'en' };
      const info = await t2.app.inject({ method: 'GET', url: '/api/user/userInfo', headers });
      expect(info.json()).toEqual({
        code: 217,
        msg: 'this account holds no permission; ask an administrator',
        data: null,
      });
      expect(info.statusCode).toBe(200);
      const menu = await t2.app.inject({ method: 'GET', url: '/api/rule/menu?ismenu=1', headers });
      expect(menu.json()).toEqual({
        code: 218,
        msg: 'this account has no menu; ask an administrator',
        data: null,
      });
    } finally {
      await t2.close();
    }
  });
});
