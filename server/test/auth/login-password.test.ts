import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_RULES } from '@hotline/domain';
import { DEMO_USERNAMES } from '../../src/seed/demo-org';
import { passwordLogin, post, userInfo } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Demo@12345';

/** Role of each demo account (demo-org.ts); admin has none but the admin flag. */
const ROLE_OF: Record<string, string | null> = {
  admin: null,
  dispatcher: 'dispatcher',
  reviewer: 'reviewer',
  visitor: 'visitor',
  agent: 'agent',
  leader: 'leader',
  street1: 'street',
  street2: 'street',
  town1: 'street',
  dept1: 'department',
  dept2: 'department',
  leader1: 'leader',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function unitOf(username: string) {
  return t.ctx.db
    .selectFrom('users as u')
    .innerJoin('units as un', 'un.id', 'u.unit_id')
    .select(['u.id as userId', 'u.realname', 'un.id as unitId', 'un.kind', 'un.code', 'un.name'])
    .where('u.username', '=', username)
    .executeTakeFirstOrThrow();
}

describe('password login: every demo account', () => {
  it('has twelve demo accounts', () => {
    expect([...DEMO_USERNAMES].sort()).toEqual(Object.keys(ROLE_OF).sort());
  });

  it.each([...DEMO_USERNAMES])(
    '%s logs in and userInfo describes that account',
    async (username) => {
      const login = await passwordLogin(t, username, PASSWORD);
      expect(login.status).toBe(200);
      expect(login.code).toBe(200);
      expect(login.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Date(login.data.expiresAt).getTime()).toBeGreaterThan(Date.now());

      const me = await userInfo(t, login.data.token);
      expect(me.status).toBe(200);
      expect(me.code).toBe(200);
      const unit = await unitOf(username);
      expect(me.data.username).toBe(username);
      expect(me.data.realname).toBe(unit.realname);
      expect(me.data.info.uid).toBe(unit.userId);
      expect(me.data.info.orgid).toBe(unit.unitId);
      expect(me.data.info.officeName).toBe(unit.name);
      expect(me.data.info.publicid).toBe(unit.code);

      const role = ROLE_OF[username];
      if (role === undefined) throw new Error(`no expected role for ${username}`);
      if (role === null) {
        expect(me.data.roles).toEqual(['admin']);
        expect(me.data.permissions).toEqual([]);
      } else {
        expect(me.data.roles).toEqual([role]);
        expect([...me.data.permissions].sort()).toEqual(
          [...(ROLE_RULES[role]?.rules ?? ['?'])].sort(),
        );
      }
    },
  );

  it('street1 is a street user (isStreet 1, townid = its unit)', async () => {
    const me = await userInfo(t, await t.login('street1'));
    const unit = await unitOf('street1');
    expect(unit.kind).toBe('street');
    expect(me.data.info).toMatchObject({
      isStreet: 1,
      townid: unit.unitId,
      orgid: unit.unitId,
      unitKind: 'street',
    });
    expect(me.data.info.mobile).toBe('13800000002');
  });

  it('town1 is a town user (isStreet 2, townid = its unit)', async () => {
    const me = await userInfo(t, await t.login('town1'));
    const unit = await unitOf('town1');
    expect(unit.kind).toBe('town');
    expect(me.data.info).toMatchObject({ isStreet: 2, townid: unit.unitId, unitKind: 'town' });
  });

  it('dept1 is a department user (isStreet 0, townid 0, /jsjb/bm)', async () => {
    const me = await userInfo(t, await t.login('dept1'));
    expect(me.data.info).toMatchObject({ isStreet: 0, townid: 0, unitKind: 'department' });
    expect(me.data.permissions).toContain('/jsjb/bm');
  });

  it('dispatcher and admin are district users (isStreet 0); admin holds the admin role', async () => {
    const dispatcher = await userInfo(t, await t.login('dispatcher'));
    expect(dispatcher.data.info).toMatchObject({ isStreet: 0, townid: 0, unitKind: 'district' });
    expect(dispatcher.data.roles).not.toContain('admin');
    const admin = await userInfo(t, await t.login('admin'));
    expect(admin.data.roles).toContain('admin');
    expect(admin.data.info.isStreet).toBe(0);
  });
});

describe('password login: refusals', () => {
  it('wrong password → 401 用户名或密码错误 / wrong user name or password', async () => {
    const zh = await passwordLogin(t, 'reviewer', 'Wrong@12345', 'zh');
    expect({ status: zh.status, code: zh.code, msg: zh.msg, data: zh.data }).toEqual({
      status: 401,
      code: 401,
      msg: '用户名或密码错误',
      data: null,
    });
    const en = await passwordLogin(t, 'reviewer', 'Wrong@12345', 'en');
    expect([en.status, en.code, en.msg]).toEqual([401, 401, 'wrong user name or password']);
  });

  it('an unknown user gets exactly the same answer', async () => {
    const known = await passwordLogin(t, 'agent', 'Wrong@12345', 'zh');
    const unknown = await passwordLogin(t, 'nobody_here', 'Wrong@12345', 'zh');
    expect([unknown.status, unknown.code, unknown.msg, unknown.data]).toEqual([
      401,
      401,
      '用户名或密码错误',
      null,
    ]);
    expect(unknown.msg).toBe(known.msg);
    expect(unknown.code).toBe(known.code);
    const en = await passwordLogin(t, 'nobody_here', PASSWORD, 'en');
    expect([en.status, en.code, en.msg]).toEqual([401, 401, 'wrong user name or password']);
  });

  it('empty user name → 400 naming username: 用户名不能为空', async () => {
    const reply = await passwordLogin(t, '', PASSWORD, 'zh');
    expect([reply.status, reply.code, reply.msg]).toEqual([400, 400, 'username: 用户名不能为空']);
    const blank = await passwordLogin(t, '   ', PASSWORD, 'en');
    expect([blank.status, blank.code, blank.msg]).toEqual([
      400,
      400,
      'username: user name cannot be empty',
    ]);
  });

  it('short password → 400 naming password: 密码不能少于6位', async () => {
    const reply = await passwordLogin(t, 'leader', '12345', 'zh');
    expect([reply.status, reply.code, reply.msg]).toEqual([400, 400, 'password: 密码不能少于6位']);
    const en = await passwordLogin(t, 'leader', '', 'en');
    expect([en.status, en.code, en.msg]).toEqual([
      400,
      400,
      'password: password cannot be less than 6 digits',
    ]);
  });

  it('the user name is case-insensitive', async () => {
    for (const name of ['DISPATCHER', 'Dispatcher', ' dispatcher ']) {
      const reply = await passwordLogin(t, name, PASSWORD);
      expect(reply.code, name).toBe(200);
      const me = await userInfo(t, reply.data.token);
      expect(me.data.username).toBe('dispatcher');
    }
  });

  it('the password is case-sensitive', async () => {
    const reply = await passwordLogin(t, 'dept2', PASSWORD.toLowerCase(), 'en');
    expect([reply.status, reply.code]).toEqual([401, 401]);
  });

  it('password login switched off → 403', async () => {
    const admin = await t.login('admin');
    const entry = await t.ctx.db
      .selectFrom('config')
      .select('id')
      .where('group_name', '=', 'jsjb')
      .where('name', '=', 'login_password')
      .executeTakeFirstOrThrow();
    const off = await post(t, '/api/config/save', { id: entry.id, value: '0' }, { token: admin });
    expect(off.code).toBe(200);
    try {
      const reply = await passwordLogin(t, 'dept2', PASSWORD, 'en');
      expect([reply.status, reply.code, reply.msg]).toEqual([
        403,
        403,
        'this login method is not enabled',
      ]);
    } finally {
      const on = await post(t, '/api/config/save', { id: entry.id, value: '1' }, { token: admin });
      expect(on.code).toBe(200);
    }
    expect((await passwordLogin(t, 'dept2', PASSWORD)).code).toBe(200);
  });
});
