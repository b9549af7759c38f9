import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { get, passwordLogin, post, userInfo } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { DEMO_PASSWORD } from '../../src/seed/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const outcome = (r: { status: number; code: number; msg: string }) => [r.status, r.code, r.msg];
const CHANGE_REQUIRED = [
  403,
  403,
  'change your one-time password first; the system opens once it is changed',
];
const LIST = '/api/addons/jsjb/lists/search';
const change = (token: string | undefined, body: unknown, lang: 'zh' | 'en' = 'en') =>
  post(t, '/api/user/changePassword', body, { token, lang });

async function forceChange(username: string): Promise<void> {
  await t.ctx.db
    .updateTable('users')
    .set({ must_change_password: true })
    .where('username', '=', username)
    .execute();
}

async function userRow(username: string) {
  return t.ctx.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

async function auditRows(action: string) {
  return t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

/** Sets the password policy (config group `security`, seeded by the settings part or here). */
async function setPolicy(minLength: number, classes: number): Promise<void> {
  await t.ctx.db
    .insertInto('config_groups')
    .values({ name: 'security', title: 'security' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const [name, value] of [
    ['password_min_length', String(minLength)],
    ['password_classes', String(classes)],
  ] as const) {
    const updated = await t.ctx.db
      .updateTable('config')
      .set({ value })
      .where('group_name', '=', 'security')
      .where('name', '=', name)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      await t.ctx.db
        .insertInto('config')
        .values({ group_name: 'security', name, title: name, value, type: 'number' })
        .execute();
    }
  }
}

describe('a forced password change (one-time password)', () => {
  let token: string;
  beforeAll(async () => {
    await forceChange('street2');
    token = await t.login('street2');
  });

  it('every other endpoint answers 403 password.changeRequired (marked by a header)', async () => {
    const list = await post(t, LIST, {}, { token });
    expect(outcome(list)).toEqual(CHANGE_REQUIRED);
    expect(list.headers['x-password-change-required']).toBe('1');
    const zh = await post(t, LIST, {}, { token, lang: 'zh' });
    expect(outcome(zh)).toEqual([403, 403, '请先修改初始密码，修改后才能继续使用系统']);
    // an optional endpoint with the token, and an admin one, are refused the same way
    const search = await get(t, '/api/search/getList?keyword=x', { token });
    expect(outcome(search)).toEqual(CHANGE_REQUIRED);
    const report = { code: '500', msg: 'x' };
    expect(outcome(await post(t, '/api/addons/jsjb/view/index', report, { token }))).toEqual(
      CHANGE_REQUIRED,
    );
    expect(outcome(await post(t, '/api/auth/get', {}, { token }))).toEqual(CHANGE_REQUIRED);
  });

  it('user info, menu and the password policy answer; userInfo says mustChangePassword', async () => {
    const me = await userInfo(t, token);
    expect(me.code).toBe(200);
    expect((me.data as unknown as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    expect((await get(t, '/api/rule/menu', { token })).code).toBe(200);
    const policy = await get(t, '/api/user/passwordPolicy', { token });
    expect([policy.code, policy.data]).toEqual([200, { minLength: 8, maxLength: 64, classes: 2 }]);
  });

  it('an administrator with a one-time password is refused admin endpoints too', async () => {
    await forceChange('admin');
    try {
      const adminToken = await t.login('admin');
      expect(outcome(await post(t, '/api/auth/get', {}, { token: adminToken }))).toEqual(
        CHANGE_REQUIRED,
      );
    } finally {
      await t.ctx.db
        .updateTable('users')
        .set({ must_change_password: false })
        .where('username', '=', 'admin')
        .execute();
    }
  });

  it('after the change everything opens again, and the next login is normal', async () => {
    const other = await t.login('street2');
    const reply = await change(token, { oldPassword: DEMO_PASSWORD, newPassword: 'Harbour2026' });
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect((await post(t, LIST, {}, { token })).code).toBe(200);
    const me = await userInfo(t, token);
    expect((me.data as unknown as { mustChangePassword: boolean }).mustChangePassword).toBe(false);
    // the other session ended; the current one stays
    expect((await userInfo(t, other)).status).toBe(401);
    const row = await userRow('street2');
    expect(row.must_change_password).toBe(false);
    expect(row.password_changed_at).not.toBeNull();
    expect((await passwordLogin(t, 'street2', DEMO_PASSWORD)).code).toBe(401);
    const fresh = await passwordLogin(t, 'street2', 'Harbour2026');
    expect(fresh.code).toBe(200);
    expect((await post(t, LIST, {}, { token: fresh.data.token })).code).toBe(200);
  });
});

describe('changePassword', () => {
  it('allowed: changes the password, ends the other sessions, audits password.change', async () => {
    const current = await t.login('town1');
    const second = await t.login('town1');
    const third = await t.login('town1');
    const before = await userRow('town1');
    const endSessions = vi.spyOn(t.ctx.push!.hub, 'endSessions');
    const reply = await change(current, { oldPassword: DEMO_PASSWORD, newPassword: 'Lantern#77' });
    expect([reply.status, reply.code]).toEqual([200, 200]);
    // their push sockets close (after commit)
    expect(endSessions).toHaveBeenCalledTimes(1);
    expect(endSessions.mock.calls[0]?.[0]).toBe(before.id);
    expect(endSessions.mock.calls[0]?.[1]).toHaveLength(2);
    endSessions.mockRestore();
    expect((await userInfo(t, current)).code).toBe(200);
    expect((await userInfo(t, second)).status).toBe(401);
    expect((await userInfo(t, third)).status).toBe(401);
    const after = await userRow('town1');
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.password_hash.startsWith('$argon2id$')).toBe(true);
    const audit = (await auditRows('password.change')).at(-1);
    expect(audit).toMatchObject({
      actor_id: after.id,
      actor_name: 'town1',
      ip: '127.0.0.1',
      target_type: 'user',
      target_id: String(after.id),
      target_name: 'town1',
      detail: { endedSessions: 2 },
    });
    expect(JSON.stringify(audit)).not.toContain('Lantern');
    // back to the demo password (it differs from the current one)
    const back = await change(current, { oldPassword: 'Lantern#77', newPassword: DEMO_PASSWORD });
    expect(back.code).toBe(200);
  });

  it('refused: no token → 401', async () => {
    const reply = await change(undefined, { oldPassword: DEMO_PASSWORD, newPassword: 'Abcdefg12' });
    expect([reply.status, reply.code]).toEqual([401, 401]);
  });

  it('a wrong old password → 400 naming oldPassword; nothing written', async () => {
    const token = await t.login('dept1');
    const before = await userRow('dept1');
    const audits = (await auditRows('password.change')).length;
    const reply = await change(token, { oldPassword: 'Not-it-123', newPassword: 'Abcdefg12' });
    expect(outcome(reply)).toEqual([400, 400, 'oldPassword: the old password is wrong']);
    const zh = await change(token, { oldPassword: 'Not-it-123', newPassword: 'Abcdefg12' }, 'zh');
    expect(zh.msg).toBe('oldPassword: 原密码错误');
    expect((await userRow('dept1')).password_hash).toBe(before.password_hash);
    expect((await auditRows('password.change')).length).toBe(audits);
    // not a failed login: no lock counting
    expect((await userRow('dept1')).failed_logins).toBe(0);
  });

  it('wrong old passwords are counted: the fifth locks changing it (423) until an unlock', async () => {
    const token = await t.login('reviewer');
    const before = await userRow('reviewer');
    const wrong = { oldPassword: 'Guess1@x1', newPassword: 'Abcdefg12' };
    for (let i = 1; i <= 4; i++) {
      expect(outcome(await change(token, wrong)), `guess ${i}`).toEqual([
        400,
        400,
        'oldPassword: the old password is wrong',
      ]);
    }
    expect(outcome(await change(token, wrong))).toEqual([
      423,
      423,
      'too many wrong old passwords: try changing it again in 15 minutes',
    ]);
    // while locked even the right old password is refused, in either language
    const right = { oldPassword: DEMO_PASSWORD, newPassword: 'Abcdefg12' };
    expect(outcome(await change(token, right, 'zh'))).toEqual([
      423,
      423,
      '原密码错误次数过多，请 15 分钟后再修改密码',
    ]);
    expect((await userRow('reviewer')).password_hash).toBe(before.password_hash);
    // the session itself and signing in are untouched
    expect((await userInfo(t, token)).code).toBe(200);
    expect((await passwordLogin(t, 'reviewer', DEMO_PASSWORD)).code).toBe(200);
    // an administrator's unlock clears it; a right old password then changes it
    const admin = await t.login('admin');
    const unlocked = await post(t, '/api/admin/user/unlock', { id: before.id }, { token: admin });
    expect(unlocked.code).toBe(200);
    expect((await change(token, right)).code).toBe(200);
    const back = { oldPassword: 'Abcdefg12', newPassword: DEMO_PASSWORD };
    expect((await change(token, back)).code).toBe(200);
  });

  it('a right old password clears the count of wrong ones', async () => {
    const token = await t.login('town1');
    const wrong = { oldPassword: 'Guess1@x1', newPassword: 'Abcdefg12' };
    for (let i = 0; i < 4; i++) expect((await change(token, wrong)).status).toBe(400);
    const there = { oldPassword: DEMO_PASSWORD, newPassword: 'Lantern#78' };
    expect((await change(token, there)).code).toBe(200);
    for (let i = 0; i < 4; i++) {
      const guess = { oldPassword: 'Guess1@x1', newPassword: 'Abcdefg12' };
      expect((await change(token, guess)).status).toBe(400);
    }
    const back = { oldPassword: 'Lantern#78', newPassword: DEMO_PASSWORD };
    expect((await change(token, back)).code).toBe(200);
  });

  it('a new password against the policy → 400 naming newPassword with the rule', async () => {
    const token = await t.login('dept1');
    const cases: [string, string, string][] = [
      [
        'Ab1',
        'newPassword: the new password does not meet the policy: the password needs at least 8 characters',
        'newPassword：新密码不符合要求，密码至少 8 位',
      ],
      [
        'abcdefghij',
        'newPassword: the new password does not meet the policy: the password must mix at least 2 of: upper-case, lower-case, digits, symbols',
        'newPassword：新密码不符合要求，密码须包含大写字母、小写字母、数字、符号中的至少 2 类',
      ],
      [
        'xDept1xyz',
        'newPassword: the new password does not meet the policy: the password must not contain the user name',
        'newPassword：新密码不符合要求，密码不能包含用户名',
      ],
      [
        DEMO_PASSWORD,
        'newPassword: the new password does not meet the policy: the new password must differ from the old one',
        'newPassword：新密码不符合要求，新密码不能与原密码相同',
      ],
      [
        `Aa1${'x'.repeat(62)}`,
        'newPassword: the new password does not meet the policy: the password may have at most 64 characters',
        'newPassword：新密码不符合要求，密码至多 64 位',
      ],
    ];
    const before = await userRow('dept1');
    for (const [newPassword, en, zh] of cases) {
      expect(outcome(await change(token, { oldPassword: DEMO_PASSWORD, newPassword }))).toEqual([
        400,
        400,
        en,
      ]);
      expect((await change(token, { oldPassword: DEMO_PASSWORD, newPassword }, 'zh')).msg).toBe(zh);
    }
    expect((await userRow('dept1')).password_hash).toBe(before.password_hash);
  });

  it('the policy comes from the settings (config group security)', async () => {
    const token = await t.login('dept1');
    await setPolicy(10, 3);
    try {
      const policy = await get(t, '/api/user/passwordPolicy', { token });
      expect(policy.data).toEqual({ minLength: 10, maxLength: 64, classes: 3 });
      const short = await change(token, { oldPassword: DEMO_PASSWORD, newPassword: 'Abcdefg12' });
      expect(short.msg).toBe(
        'newPassword: the new password does not meet the policy: the password needs at least 10 characters',
      );
      const simple = await change(token, {
        oldPassword: DEMO_PASSWORD,
        newPassword: 'abcdefgh123',
      });
      expect(simple.msg).toBe(
        'newPassword: the new password does not meet the policy: the password must mix at least 3 of: upper-case, lower-case, digits, symbols',
      );
    } finally {
      await setPolicy(8, 2);
    }
  });

  it('bad input → 400 naming the field; nothing written', async () => {
    const token = await t.login('dept1');
    const before = await userRow('dept1');
    const missing = await change(token, { oldPassword: DEMO_PASSWORD });
    expect([missing.status, missing.code]).toEqual([400, 400]);
    expect(missing.msg).toMatch(/^newPassword: /);
    const empty = await change(token, { oldPassword: '', newPassword: 'Abcdefg12' });
    expect(empty.msg).toMatch(/^oldPassword: /);
    const wrongType = await change(token, { oldPassword: DEMO_PASSWORD, newPassword: 12345678 });
    expect(wrongType.msg).toMatch(/^newPassword: /);
    expect((await userRow('dept1')).password_hash).toBe(before.password_hash);
  });
});

describe('individual permissions (users.extra_rules)', () => {
  it('appear in userInfo permissions with the role rules, sorted and distinct', async () => {
    const token = await t.login('reviewer');
    const plain = (await userInfo(t, token)).data.permissions;
    await t.ctx.db
      .updateTable('users')
      .set({ extra_rules: ['/jsjb/callout', plain[0] ?? '/jsjb/case'] })
      .where('username', '=', 'reviewer')
      .execute();
    try {
      const permissions = (await userInfo(t, token)).data.permissions;
      expect(permissions).toEqual([...new Set([...plain, '/jsjb/callout'])].sort());
    } finally {
      await t.ctx.db
        .updateTable('users')
        .set({ extra_rules: [] })
        .where('username', '=', 'reviewer')
        .execute();
    }
  });
});
