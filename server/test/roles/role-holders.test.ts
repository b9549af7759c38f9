import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '@hotline/contract';
import { QUEUES } from '@hotline/domain';
import { get, post, userInfo } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { outcome, roleKit, type Role } from './role-fixtures';

/** Who holds a role: batchupdategroup, and a holder's rights and menus following at once. */

let t: TestApp;
let admin: string;
let kit: ReturnType<typeof roleKit>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  kit = roleKit(t, admin);
});
afterAll(async () => {
  await t?.close();
});

const opts = () => kit.opts();
const roleId = (name: string) => kit.roleId(name);
const userId = (username: string) => kit.userId(username);
const lastAudit = (action: string) => kit.lastAudit(action);
const membership = () => kit.membership();
const snapshot = () => kit.snapshot();

describe('role holders follow their roles at once', () => {
  it('a rule change shows in the holder’s next userInfo', async () => {
    const token = await t.login('agent');
    const role = await post<Role>(
      t,
      '/api/auth/set',
      { name: 'qa_intake', title: '录入', rules: ['/jsjb/case'] },
      opts(),
    );
    await post(
      t,
      '/api/admin/batchupdategroup',
      { userIds: [await userId('agent')], groupIds: [role.data.id] },
      opts(),
    );
    const id = role.data.id;
    await post(t, '/api/auth/update', { id, rules: ['/jsjb/case', '/jsjb/qu/dcl'] }, opts());
    expect((await userInfo(t, token)).data.permissions).toEqual(['/jsjb/case', '/jsjb/qu/dcl']);
    await post(t, '/api/auth/update', { id, rules: ['/jsjb/case'] }, opts());
    expect((await userInfo(t, token)).data.permissions).toEqual(['/jsjb/case']);
    await post(
      t,
      '/api/admin/batchupdategroup',
      { userIds: [await userId('agent')], groupIds: [await roleId('agent')] },
      opts(),
    );
  });

  it('a custom read-only district role: its holder’s menu shows the district queues, then not', async () => {
    const token = await t.login('agent');
    const districtQueues = QUEUES.filter((q) => q.id.startsWith('qu_'))
      .map((q) => q.id)
      .sort();
    const menuQueues = async () => {
      const reply = await get<{ list: MenuNode[] }>(t, '/api/rule/menu?ismenu=1', { token });
      expect(reply.code).toBe(200);
      const flat = (nodes: MenuNode[]): MenuNode[] =>
        nodes.flatMap((n) => [n, ...flat(n.children)]);
      return flat(reply.data.list)
        .map((n) => n.meta.menuId)
        .filter((id): id is string => id !== null && id.startsWith('qu_'))
        .sort();
    };
    expect(await menuQueues()).toEqual([]);
    const role = await post<Role>(
      t,
      '/api/auth/set',
      { name: 'district_read', title: '区级只读', rules: ['/jsjb/dw'] },
      opts(),
    );
    await post(
      t,
      '/api/admin/batchupdategroup',
      { userIds: [await userId('agent')], groupIds: [await roleId('agent'), role.data.id] },
      opts(),
    );
    expect(await menuQueues()).toEqual(districtQueues);
    await post(t, '/api/auth/update', { id: role.data.id, rules: [] }, opts());
    expect(await menuQueues()).toEqual([]);
    await post(
      t,
      '/api/admin/batchupdategroup',
      { userIds: [await userId('agent')], groupIds: [await roleId('agent')] },
      opts(),
    );
  });
});

describe('batchupdategroup', () => {
  it('gives street2 the department role; its userInfo permissions change', async () => {
    const token = await t.login('street2');
    expect((await userInfo(t, token)).data.permissions).toEqual(['/jsjb/street']);
    const reply = await post<{ updated: number }>(
      t,
      '/api/admin/batchupdategroup',
      { userIds: [await userId('street2')], groupIds: [await roleId('department')] },
      opts(),
    );
    expect([reply.status, reply.code, reply.data.updated]).toEqual([200, 200, 1]);
    expect(await lastAudit('role.assign')).toMatchObject({
      actor_name: 'admin',
      target_type: 'user',
      target_id: String(await userId('street2')),
      target_name: 'street2',
      detail: { changes: { roles: [['street'], ['department']] } },
    });
    const me = await userInfo(t, token);
    expect(me.data.roles).toEqual(['department']);
    expect(me.data.permissions).toEqual(['/jsjb/bm']);
    // street1 was not touched.
    expect((await userInfo(t, await t.login('street1'))).data.roles).toEqual(['street']);
  });

  it('several users and roles at once, form-style comma lists', async () => {
    const ids = `${await userId('dept1')},${await userId('dept2')}`;
    const groups = `${await roleId('department')},${await roleId('leader')}`;
    const reply = await post<{ updated: number }>(
      t,
      '/api/admin/batchupdategroup',
      { userIds: ids, groupIds: groups },
      opts(),
    );
    expect([reply.code, reply.data.updated]).toEqual([200, 2]);
    const m = await membership();
    expect(m.filter((x) => x.startsWith('dept'))).toEqual([
      'dept1:department',
      'dept1:leader',
      'dept2:department',
      'dept2:leader',
    ]);
  });

  it('a missing user id → 400 and nothing changes for anyone', async () => {
    const audits = (await snapshot()).audits;
    const before = await membership();
    const reply = await post(
      t,
      '/api/admin/batchupdategroup',
      { userIds: [await userId('town1'), 999999], groupIds: [await roleId('leader')] },
      opts(),
    );
    expect(outcome(reply)).toEqual([400, 400, 'no such user: 999999']);
    expect(await membership()).toEqual(before);
    expect((await snapshot()).audits).toBe(audits);
    expect(before).toContain('town1:street');
  });

  it('a missing role id → 400 and nothing changes', async () => {
    const before = await membership();
    const reply = await post(
      t,
      '/api/admin/batchupdategroup',
      { userIds: [await userId('town1')], groupIds: [await roleId('leader'), 999999] },
      opts(),
    );
    expect(outcome(reply)).toEqual([400, 400, 'the role does not exist']);
    expect(await membership()).toEqual(before);
  });
});
