import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, passwordLogin, post, setConfig, type TokenData } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { DEMO_PASSWORD } from '../../src/seed/index';

const SECRET_TEXT = 'y'.repeat(40);
const AUDIENCE = 'hotline-12345';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ settings: { sso: { sharedSecret: SECRET_TEXT, audience: AUDIENCE } } });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

/** The newest audit row (login rows have no target). */
async function lastAudit() {
  const row = await t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    action: row.action,
    actorId: row.actor_id,
    actorName: row.actor_name,
    ip: row.ip,
    detail: row.detail as unknown,
  };
}

const userId = async (username: string) =>
  (
    await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

const auditCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function ssoToken(sub: string) {
  const iat = Math.floor(t.ctx.now().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 120)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(SECRET_TEXT));
}

describe('logins in the audit log', () => {
  it('a password login: login.success with the user, the address and the method; last login set', async () => {
    const before = t.ctx.now();
    const reply = await passwordLogin(t, 'Dispatcher', DEMO_PASSWORD);
    expect(reply.code).toBe(200);
    expect(await lastAudit()).toEqual({
      action: 'login.success',
      actorId: await userId('dispatcher'),
      actorName: 'dispatcher',
      ip: '127.0.0.1',
      detail: { method: 'password' },
    });
    const user = await t.ctx.db
      .selectFrom('users')
      .select('last_login_at')
      .where('username', '=', 'dispatcher')
      .executeTakeFirstOrThrow();
    expect(user.last_login_at?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('an unknown user name: login.failure without an actor id, naming what was typed', async () => {
    const reply = await passwordLogin(t, 'nobody-here', 'Whatever1');
    expect([reply.status, reply.code]).toEqual([401, 401]);
    expect(await lastAudit()).toEqual({
      action: 'login.failure',
      actorId: null,
      actorName: 'nobody-here',
      ip: '127.0.0.1',
      detail: { method: 'password', reason: 'wrongCredentials' },
    });
  });

  it('a wrong password: login.failure on the account; the fifth one says locked, then locked', async () => {
    const id = await userId('visitor');
    for (let i = 1; i <= 5; i += 1) {
      const reply = await passwordLogin(t, 'visitor', 'Wrong-pass1');
      expect(reply.code).toBe(i < 5 ? 401 : 423);
      expect(await lastAudit()).toMatchObject({
        action: 'login.failure',
        actorId: id,
        actorName: 'visitor',
        detail: { method: 'password', reason: 'wrongCredentials' },
      });
    }
    const locked = await passwordLogin(t, 'visitor', DEMO_PASSWORD);
    expect(locked.code).toBe(423);
    expect(await lastAudit()).toMatchObject({
      action: 'login.failure',
      actorId: id,
      detail: { method: 'password', reason: 'locked' },
    });
  });

  it('a disabled account: login.failure, reason disabled', async () => {
    await t.ctx.db
      .updateTable('users')
      .set({ disabled: true })
      .where('username', '=', 'dept2')
      .execute();
    try {
      const reply = await passwordLogin(t, 'dept2', DEMO_PASSWORD);
      expect(reply.code).toBe(403);
      expect(await lastAudit()).toMatchObject({
        action: 'login.failure',
        actorId: await userId('dept2'),
        detail: { method: 'password', reason: 'disabled' },
      });
    } finally {
      await t.ctx.db
        .updateTable('users')
        .set({ disabled: false })
        .where('username', '=', 'dept2')
        .execute();
    }
  });

  it('a switched-off method: login.failure, reason methodDisabled', async () => {
    await setConfig(t, admin, 'jsjb', 'login_password', '0');
    try {
      const reply = await passwordLogin(t, 'leader', DEMO_PASSWORD);
      expect(reply.code).toBe(403);
      expect(await lastAudit()).toMatchObject({
        action: 'login.failure',
        actorId: null,
        actorName: 'leader',
        detail: { method: 'password', reason: 'methodDisabled' },
      });
    } finally {
      await setConfig(t, admin, 'jsjb', 'login_password', '1');
    }
  });

  it('input that does not parse is not an attempt: nothing written', async () => {
    const before = await auditCount();
    const reply = await passwordLogin(t, '', 'x');
    expect(reply.code).toBe(400);
    expect(await auditCount()).toBe(before);
  });

  it('SMS: a wrong code and a right one, named by the mobile number', async () => {
    const id = await userId('street1');
    await post(t, '/api/index/sendsms', { mobile: MOBILE.street1 });
    const code = t.sms.lastCodeFor(MOBILE.street1) ?? '';
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await post(t, '/api/index/checkCode', { mobile: MOBILE.street1, code: wrong });
    expect(bad.code).toBe(400);
    expect(await lastAudit()).toMatchObject({
      action: 'login.failure',
      actorId: id,
      actorName: MOBILE.street1,
      detail: { method: 'sms', reason: 'codeWrong' },
    });
    const good = await post<TokenData>(t, '/api/index/checkCode', {
      mobile: MOBILE.street1,
      code,
    });
    expect(good.code).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'login.success',
      actorId: id,
      actorName: 'street1',
      detail: { method: 'sms' },
    });
  });

  it('SSO: a known subject logs in, an unknown one is refused', async () => {
    const ok = await post(t, '/api/index/authlogin', { token: await ssoToken('leader') });
    expect(ok.code).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'login.success',
      actorId: await userId('leader'),
      detail: { method: 'sso' },
    });
    const unknown = await post(t, '/api/index/authlogin', { token: await ssoToken('ghost') });
    expect(unknown.code).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: 'login.failure',
      actorId: null,
      actorName: 'ghost',
      detail: { method: 'sso', reason: 'unknownUser' },
    });
    const garbage = await post(t, '/api/index/authlogin', { token: 'not.a.jwt' });
    expect(garbage.code).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: 'login.failure',
      actorId: null,
      actorName: '',
      detail: { method: 'sso', reason: 'tokenInvalid' },
    });
  });
});
