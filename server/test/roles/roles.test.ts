import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_RULES } from '@hotline/domain';
import { post, userInfo } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

interface Role {
  id: number;
  name: string;
  title: string;
  rules: string[];
  userCount: number;
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const opts = () => ({ token: admin, lang: 'en' as const });
const outcome = (r: { status: number; code: number; msg: string }) => [r.status, r.code, r.msg];

async function roles(): Promise<Role[]> {
  const reply = await post<{ list: Role[]; total: number }>(
    t,
    '/api/auth/get',
    { pageSize: 1000 },
    opts(),
  );
  expect(reply.code).toBe(200);
  return reply.data.list;
}
const roleId = async (name: string) => {
  const role = (await roles()).find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
};
const userId = async (username: string) =>
  (
    await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;
async function membership(): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('user_groups as ug')
    .innerJoin('users as u', 'u.id', 'ug.user_id')
    .innerJoin('auth_groups as g', 'g.id', 'ug.group_id')
    .select(['u.username', 'g.name'])
    .execute();
  return rows.map((r) => `${r.username}:${r.name}`).sort();
}

describe('roles (auth groups)', () => {
  it('lists the seeded roles with their rules and user counts', async () => {
    const list = await roles();
    const names = list.map((r) => r.name).sort();
    expect(names).toEqual(
      Object.keys(ROLE_RULES)
        .filter((n) => n !== 'admin')
        .sort(),
    );
    const street = list.find((r) => r.name === 'street');
    expect(street).toMatchObject({ rules: ['/jsjb/street'], userCount: 3 });
    expect(list.find((r) => r.name === 'department')?.userCount).toBe(2);
    const page = await post<{ list: Role[]; total: number }>(
      t,
      '/api/auth/get',
      { pageNo: 2, pageSize: 3 },
      opts(),
    );
    expect(page.data.total).toBe(list.length);
    expect(page.data.list.map((r) => r.id)).toEqual(list.slice(3, 6).map((r) => r.id));
  });

  it('create, update, refuse duplicates, delete; in-use roles cannot be deleted', async () => {
    const created = await post<Role>(
      t,
      '/api/auth/set',
      { name: 'qa_role', title: '测试角色', rules: ['/jsjb/case', '/jsjb/case', '/jsjb/review'] },
      opts(),
    );
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({
      name: 'qa_role',
      title: '测试角色',
      rules: ['/jsjb/case', '/jsjb/review'],
      userCount: 0,
    });
    expect(
      outcome(await post(t, '/api/auth/set', { name: 'qa_role', title: 'again' }, opts())),
    ).toEqual([409, 409, 'the role already exists']);

    const updated = await post<Role>(
      t,
      '/api/auth/update',
      { id: created.data.id, rules: ['/jsjb/sbld'] },
      opts(),
    );
    expect(updated.data).toMatchObject({
      id: created.data.id,
      title: '测试角色',
      rules: ['/jsjb/sbld'],
    });
    const renamed = await post<Role>(
      t,
      '/api/auth/update',
      { id: created.data.id, title: '新名' },
      opts(),
    );
    expect(renamed.data).toMatchObject({ title: '新名', rules: ['/jsjb/sbld'] });
    expect(outcome(await post(t, '/api/auth/update', { id: 999999, title: 'x' }, opts()))).toEqual([
      404,
      404,
      'the role does not exist',
    ]);

    const inUse = await post(t, '/api/auth/delete', { id: await roleId('street') }, opts());
    expect(outcome(inUse)).toEqual([409, 409, 'the role still has users and cannot be deleted']);
    expect((await post(t, '/api/auth/delete', { id: created.data.id }, opts())).code).toBe(200);
    expect(outcome(await post(t, '/api/auth/delete', { id: created.data.id }, opts()))).toEqual([
      404,
      404,
      'the role does not exist',
    ]);
  });

  it('a rule change shows in the holder’s next userInfo', async () => {
    const token = await t.login('agent');
    const id = await roleId('agent');
    await post(t, '/api/auth/update', { id, rules: ['/jsjb/case', '/jsjb/qu/dcl'] }, opts());
    expect((await userInfo(t, token)).data.permissions).toEqual(['/jsjb/case', '/jsjb/qu/dcl']);
    await post(t, '/api/auth/update', { id, rules: ['/jsjb/case'] }, opts());
    expect((await userInfo(t, token)).data.permissions).toEqual(['/jsjb/case']);
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
    const before = await membership();
    const reply = await post(
      t,
      '/api/admin/batchupdategroup',
      { userIds: [await userId('town1'), 999999], groupIds: [await roleId('leader')] },
      opts(),
    );
    expect(outcome(reply)).toEqual([400, 400, 'no such user: 999999']);
    expect(await membership()).toEqual(before);
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
