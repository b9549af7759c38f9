import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordProblem, DEFAULT_PASSWORD_POLICY } from '@hotline/domain';
import { userCreateResponse, userListResponse } from '@hotline/contract';
import { passwordLogin, post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  PATH,
  as,
  auditCount,
  auditRows,
  createUser,
  groupId,
  outcome,
  unitId,
  userCount,
  userRow,
  validBodies,
  type Created,
} from './admin-users-fixtures';
import type { AdminUser } from '@hotline/contract';

/** User administration (issue 17 item 1): access, list, create (get, update, unlock and
 * sessions: admin-users-update.test.ts). */

let t: TestApp;
let admin: string;
let dispatcher: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  dispatcher = await t.login('dispatcher');
  adminId = (await userRow(t, 'admin')).id;
});
afterAll(async () => {
  await t?.close();
});

/** The policy settings, written as the settings page would leave them. */
async function setPolicy(minLength: string, classes: string) {
  await t.ctx.db
    .insertInto('config_groups')
    .values({ name: 'security', title: '安全' })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  for (const [name, value] of [
    ['password_min_length', minLength],
    ['password_classes', classes],
  ] as const) {
    await t.ctx.db
      .insertInto('config')
      .values({ group_name: 'security', name, title: name, value, type: 'number' })
      .onConflict((oc) => oc.columns(['group_name', 'name']).doUpdateSet({ value }))
      .execute();
  }
}

const list = (body: Record<string, unknown>) =>
  post<{ list: AdminUser[]; total: number }>(t, PATH.list, body, as(admin));

describe('access', () => {
  it('every endpoint: 401 without a token, 403 for a non-administrator, nothing written', async () => {
    const users = await userCount(t);
    const audits = await auditCount(t);
    for (const [path, body] of validBodies(adminId)) {
      const anonymous = await post(t, path, body);
      expect([path, anonymous.status, anonymous.code]).toEqual([path, 401, 401]);
      const refused = await post(t, path, body, as(dispatcher));
      expect([path, refused.status, refused.code]).toEqual([path, 403, 403]);
    }
    expect(await userCount(t)).toBe(users);
    expect(await auditCount(t)).toBe(audits);
  });
});

describe('list', () => {
  it('answers every user with unit, roles and status, paged with the total', async () => {
    const all = await list({ pageSize: 100 });
    expect(all.status).toBe(200);
    expect(() => userListResponse.parse(all)).not.toThrow();
    expect(all.data.total).toBe(await userCount(t));
    const a = all.data.list.find((u) => u.username === 'admin')!;
    expect(a).toMatchObject({
      isAdmin: true,
      disabled: false,
      unitKind: 'district',
      lockedUntil: null,
      mustChangePassword: false,
    });
    const s1 = all.data.list.find((u) => u.username === 'street1')!;
    expect(s1).toMatchObject({
      unitName: '望湖街道',
      unitKind: 'street',
      groupIds: [await groupId(t, 'street')],
      isAdmin: false,
    });
    expect(s1.groupTitles).toHaveLength(1);

    const page = await list({ pageNo: 2, pageSize: 3 });
    expect(page.data.total).toBe(all.data.total);
    expect(page.data.list.map((u) => u.id)).toEqual(all.data.list.slice(3, 6).map((u) => u.id));
  });

  it('keyword matches user name, real name or mobile, ignoring case', async () => {
    const byName = await list({ keyword: 'STREET' });
    expect(byName.data.list.map((u) => u.username).sort()).toEqual(['street1', 'street2']);
    const byReal = await list({ keyword: '海燕' });
    expect(byReal.data.list.map((u) => u.username)).toEqual(['street1']);
    const byMobile = await list({ keyword: '13800000009' });
    expect(byMobile.data.list.map((u) => u.username)).toEqual(['dept1']);
    const wildcard = await list({ keyword: '%' });
    expect(wildcard.data.total).toBe(0);
  });

  it('filters by unit, role and status', async () => {
    const s01 = await list({ unitId: await unitId(t, 'S01') });
    // the street's handler and its leader (issue 21)
    expect(s01.data.list.map((u) => u.username)).toEqual(['street1', 'leader1']);
    const dept = await list({ groupId: await groupId(t, 'department') });
    expect(dept.data.list.map((u) => u.username).sort()).toEqual(['dept1', 'dept2']);
    const disabled = await list({ status: 'disabled' });
    expect(disabled.data.total).toBe(0);
    const active = await list({ status: 'active', pageSize: 100 });
    expect(active.data.total).toBe(await userCount(t));
  });

  it('bad input: 400 naming the field', async () => {
    const reply = await list({ status: 'sleeping' });
    expect([reply.status, reply.msg.split(':')[0]]).toEqual([400, 'status']);
    const size = await list({ pageSize: 1000 });
    expect([size.status, size.msg.split(':')[0]]).toEqual([400, 'pageSize']);
  });
});

describe('create', () => {
  it('creates a user with a one-time password that logs in and must be changed', async () => {
    const audits = (await auditRows(t, 'user.create')).length;
    const reply = await post<Created>(
      t,
      PATH.create,
      {
        username: 'Wanghu.Li',
        realname: '李望湖',
        mobile: '13900000001',
        unitId: await unitId(t, 'S01'),
        groupIds: [await groupId(t, 'street')],
        extraRules: ['/jsjb/callout'],
      },
      as(admin),
    );
    expect(outcome(reply)).toEqual([200, 200, 'user Wanghu.Li created']);
    expect(() => userCreateResponse.parse(reply)).not.toThrow();
    const { user, oneTimePassword } = reply.data;
    expect(user).toMatchObject({
      username: 'Wanghu.Li',
      realname: '李望湖',
      mobile: '13900000001',
      unitName: '望湖街道',
      isAdmin: false,
      extraRules: ['/jsjb/callout'],
      mustChangePassword: true,
      disabled: false,
      lastLoginAt: null,
    });
    expect(passwordProblem(oneTimePassword, DEFAULT_PASSWORD_POLICY)).toBeNull();

    const row = await userRow(t, 'Wanghu.Li');
    expect(row.must_change_password).toBe(true);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(oneTimePassword);

    // User names ignore case at login as everywhere.
    const login = await passwordLogin(t, 'wanghu.li', oneTimePassword);
    expect([login.status, login.code]).toEqual([200, 200]);

    const rows = await auditRows(t, 'user.create');
    expect(rows).toHaveLength(audits + 1);
    const audit = rows.at(-1)!;
    expect(audit).toMatchObject({
      actor_id: adminId,
      actor_name: 'admin',
      target_type: 'user',
      target_id: String(user.id),
      target_name: 'Wanghu.Li',
    });
    expect(audit.detail).toMatchObject({ unit: '望湖街道', realname: '李望湖' });
    expect(JSON.stringify(audit)).not.toContain(oneTimePassword);
  });

  it('honours the password policy setting (group security)', async () => {
    await setPolicy('20', '4');
    try {
      const { oneTimePassword } = await createUser(t, admin, {
        username: 'policy.user',
        realname: '策略',
      });
      expect(oneTimePassword.length).toBeGreaterThanOrEqual(20);
      expect(passwordProblem(oneTimePassword, { minLength: 20, classes: 4 })).toBeNull();
      expect((await passwordLogin(t, 'policy.user', oneTimePassword)).code).toBe(200);
    } finally {
      await setPolicy('8', '2');
    }
  });

  it('refuses a user name taken in any case, a disabled user’s name included (409)', async () => {
    const users = await userCount(t);
    const dup = await post(
      t,
      PATH.create,
      { username: 'ADMIN', realname: '冒名', unitId: await unitId(t, 'D01') },
      as(admin),
    );
    expect(outcome(dup)).toEqual([
      409,
      409,
      'the user name ADMIN is taken (names ignore case; users are never deleted, so a disabled user keeps theirs)',
    ]);
    const { user } = await createUser(t, admin, { username: 'leaver', realname: '离职' });
    expect((await post(t, PATH.disable, { id: user.id }, as(admin))).code).toBe(200);
    const again = await post(
      t,
      PATH.create,
      { username: 'Leaver', realname: '新人', unitId: await unitId(t, 'S01') },
      as(admin, 'zh'),
    );
    expect([again.status, again.msg]).toEqual([
      409,
      '用户名 Leaver 已被使用（用户名不区分大小写；用户不会被删除，停用用户的用户名也不能再用）',
    ]);
    expect(await userCount(t)).toBe(users + 1);
  });

  it('refuses a mobile another user holds (409 naming both)', async () => {
    const reply = await post(
      t,
      PATH.create,
      { username: 'phone.dup', realname: '重号', mobile: '13800000002', unitId: 1 },
      as(admin),
    );
    expect(outcome(reply)).toEqual([
      409,
      409,
      'the mobile 13800000002 already belongs to the user street1',
    ]);
  });

  it('bad input: 400 naming the field, nothing written', async () => {
    const users = await userCount(t);
    const audits = await auditCount(t);
    const s01 = await unitId(t, 'S01');
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '1abc', realname: '甲', unitId: s01 }, 'username'],
      [{ username: 'ab', realname: '甲', unitId: s01 }, 'username'],
      [{ username: 'okname', realname: '', unitId: s01 }, 'realname'],
      [{ username: 'okname', realname: '甲', unitId: s01, mobile: '12345' }, 'mobile'],
      [{ username: 'okname', realname: '甲' }, 'unitId'],
      [{ username: 'okname', realname: '甲', unitId: 999999 }, 'unitId'],
      [{ username: 'okname', realname: '甲', unitId: s01, groupIds: [999999] }, 'groupIds'],
      [{ username: 'okname', realname: '甲', unitId: s01, extraRules: ['/jsjb/dw'] }, 'extraRules'],
    ];
    for (const [body, field] of cases) {
      const reply = await post(t, PATH.create, body, as(admin));
      expect([JSON.stringify(body), reply.status, reply.msg.split(/[.:]/)[0]]).toEqual([
        JSON.stringify(body),
        400,
        field,
      ]);
    }
    const unknownUnit = await post(
      t,
      PATH.create,
      { username: 'okname', realname: '甲', unitId: 999999 },
      as(admin),
    );
    expect(unknownUnit.msg).toBe('unitId: no such unit, or the unit is disabled');

    // A disabled unit is no longer offered.
    const s02 = await unitId(t, 'S02');
    await t.ctx.db.updateTable('units').set({ disabled: true }).where('id', '=', s02).execute();
    try {
      const reply = await post(
        t,
        PATH.create,
        { username: 'okname', realname: '甲', unitId: s02 },
        as(admin, 'zh'),
      );
      expect([reply.status, reply.msg]).toEqual([400, 'unitId: 单位不存在或已停用']);
    } finally {
      await t.ctx.db.updateTable('units').set({ disabled: false }).where('id', '=', s02).execute();
    }
    expect(await userCount(t)).toBe(users);
    expect(await auditCount(t)).toBe(audits);
  });
});
