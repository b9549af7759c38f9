import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_RULES } from '@hotline/domain';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { outcome, roleKit, type Role } from './role-fixtures';

/** Roles (角色权限): list, create, update, delete; built-in roles read-only; the catalogue. */

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
const roles = () => kit.roles();
const roleId = (name: string) => kit.roleId(name);
const userId = (username: string) => kit.userId(username);
const lastAudit = (action: string) => kit.lastAudit(action);
const snapshot = () => kit.snapshot();

describe('roles (auth groups)', () => {
  it('lists the seeded roles with their rules, user counts and the built-in flag', async () => {
    const list = await roles();
    const names = list.map((r) => r.name).sort();
    expect(names).toEqual(
      Object.keys(ROLE_RULES)
        .filter((n) => n !== 'admin')
        .sort(),
    );
    expect(list.every((r) => r.builtin)).toBe(true);
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

  it('create, update, refuse duplicates, delete a custom role; each audited', async () => {
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
      builtin: false,
    });
    expect(await lastAudit('role.create')).toMatchObject({
      actor_name: 'admin',
      target_type: 'role',
      target_id: String(created.data.id),
      target_name: '测试角色',
      detail: {
        changes: {
          name: [null, 'qa_role'],
          title: [null, '测试角色'],
          rules: [null, ['/jsjb/case', '/jsjb/review']],
        },
      },
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
    expect(await lastAudit('role.update')).toMatchObject({
      target_id: String(created.data.id),
      target_name: '新名',
      detail: { changes: { title: ['测试角色', '新名'] } },
    });
    expect(outcome(await post(t, '/api/auth/update', { id: 999999, title: 'x' }, opts()))).toEqual([
      404,
      404,
      'the role does not exist',
    ]);

    expect((await post(t, '/api/auth/delete', { id: created.data.id }, opts())).code).toBe(200);
    expect(await lastAudit('role.delete')).toMatchObject({
      target_id: String(created.data.id),
      target_name: '新名',
      detail: { name: 'qa_role', rules: ['/jsjb/sbld'] },
    });
    expect(outcome(await post(t, '/api/auth/delete', { id: created.data.id }, opts()))).toEqual([
      404,
      404,
      'the role does not exist',
    ]);
  });

  it('a custom role someone holds cannot be deleted', async () => {
    const role = await post<Role>(t, '/api/auth/set', { name: 'qa_held', title: '有人' }, opts());
    await post(
      t,
      '/api/admin/batchupdategroup',
      { userIds: [await userId('reviewer')], groupIds: [await roleId('reviewer'), role.data.id] },
      opts(),
    );
    const before = await snapshot();
    expect(outcome(await post(t, '/api/auth/delete', { id: role.data.id }, opts()))).toEqual([
      409,
      409,
      'the role still has users and cannot be deleted',
    ]);
    expect(await snapshot()).toEqual(before);
    await post(
      t,
      '/api/admin/batchupdategroup',
      { userIds: [await userId('reviewer')], groupIds: [await roleId('reviewer')] },
      opts(),
    );
    expect((await post(t, '/api/auth/delete', { id: role.data.id }, opts())).code).toBe(200);
  });

  it('built-in roles are read-only: update and delete 409 group.builtin, nothing written', async () => {
    const before = await snapshot();
    const street = await roleId('street');
    const update = await post(t, '/api/auth/update', { id: street, title: '改名' }, opts());
    expect(outcome(update)).toEqual([
      409,
      409,
      'a built-in role cannot be changed or deleted; create a custom role instead',
    ]);
    const zh = await post(t, '/api/auth/delete', { id: street }, { token: admin, lang: 'zh' });
    expect(outcome(zh)).toEqual([409, 409, '内置角色不能修改或删除，可新建自定义角色']);
    expect(await snapshot()).toEqual(before);
  });

  it('rules outside the permission catalogue: 400 naming rules and the strings', async () => {
    const before = await snapshot();
    const created = await post(
      t,
      '/api/auth/set',
      { name: 'qa_bad', title: '坏规则', rules: ['/jsjb/case', '/jsjb/everything', '/x/y'] },
      opts(),
    );
    expect(outcome(created)).toEqual([
      400,
      400,
      'rules: not in the permission catalogue: /jsjb/everything, /x/y',
    ]);
    const role = await post<Role>(t, '/api/auth/set', { name: 'qa_ok', title: '好' }, opts());
    const snap = await snapshot();
    const updated = await post(
      t,
      '/api/auth/update',
      { id: role.data.id, rules: ['/jsjb/dw', '/root'] },
      opts(),
    );
    expect(outcome(updated)).toEqual([400, 400, 'rules: not in the permission catalogue: /root']);
    const shape = await post(
      t,
      '/api/auth/set',
      { name: 'qa_x', title: 'x', rules: ['dw'] },
      opts(),
    );
    expect([shape.status, shape.msg]).toEqual([400, expect.stringMatching(/^rules\.0: /)]);
    const reserved = await post(t, '/api/auth/set', { name: 'admin', title: '管理员' }, opts());
    expect(outcome(reserved)).toEqual([400, 400, 'name: this name is reserved, choose another']);
    expect(await snapshot()).toEqual(snap);
    expect(Object.keys(before)).toEqual(Object.keys(snap));
  });

  it('others 403 and no token 401 on every role endpoint, nothing written', async () => {
    const other = await t.login('dispatcher');
    const before = await snapshot();
    const calls: [string, object][] = [
      ['/api/auth/get', {}],
      ['/api/auth/set', { name: 'qa_nope', title: 'x' }],
      ['/api/auth/update', { id: await roleId('street'), title: 'x' }],
      ['/api/auth/delete', { id: await roleId('street') }],
      ['/api/admin/batchupdategroup', { userIds: [1], groupIds: [await roleId('leader')] }],
    ];
    for (const [path, body] of calls) {
      const refused = await post(t, path, body, { token: other, lang: 'en' });
      expect([refused.status, refused.code], path).toEqual([403, 403]);
      const anonymous = await post(t, path, body, { lang: 'en' });
      expect(anonymous.status, path).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});
