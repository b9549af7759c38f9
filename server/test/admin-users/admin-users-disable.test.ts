import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPasswordResponse, type AdminUser } from '@hotline/contract';
import { passwordLogin, post, userInfo } from '../support/api';
import { PushClient, listen } from '../push/push-client';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  PATH,
  as,
  auditCount,
  auditRows,
  createUser,
  outcome,
  userRow,
  type UserDetail,
} from './admin-users-fixtures';

/**
 * Disable, enable and reset password: the user's sessions end at once (their tokens answer
 * 401, their push sockets close with 4402), and the administrator rules hold.
 */

let t: TestApp;
let base: string;
let admin: string;
let adminId: number;
const sockets: PushClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ settings: { pushHeartbeatMs: 1000 } });
  base = await listen(t.app);
  admin = await t.login('admin');
  adminId = (await userRow(t, 'admin')).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

async function boundSocket(token: string): Promise<PushClient> {
  const socket = await PushClient.open(base, token);
  sockets.push(socket);
  await socket.bound(token);
  return socket;
}

describe('disable', () => {
  it('ends the user’s sessions at once and closes their push socket (4402); audited', async () => {
    const { user, oneTimePassword } = await createUser(t, admin, {
      username: 'handler.wh',
      realname: '望湖办理人',
    });
    const token = await t.login('handler.wh', oneTimePassword);
    const other = await t.login('handler.wh', oneTimePassword);
    expect((await userInfo(t, token)).status).toBe(200);
    const socket = await boundSocket(token);
    const bystander = await boundSocket(await t.login('street1'));

    const reply = await post<AdminUser>(t, PATH.disable, { id: user.id }, as(admin));
    expect(outcome(reply)).toEqual([200, 200, 'success']);
    expect(reply.data.disabled).toBe(true);

    expect((await userInfo(t, token)).status).toBe(401);
    expect((await userInfo(t, other)).status).toBe(401);
    expect(await socket.waitClosed(5000)).toBe(4402);
    expect(bystander.closeCode).toBeNull();
    const sessions = await t.ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);

    // A disabled user cannot sign in; the list shows them under "disabled".
    expect((await passwordLogin(t, 'handler.wh', oneTimePassword)).status).toBe(403);
    const disabled = await post<{ list: AdminUser[] }>(
      t,
      PATH.list,
      { status: 'disabled' },
      as(admin),
    );
    expect(disabled.data.list.map((u) => u.username)).toEqual(['handler.wh']);

    const audit = (await auditRows(t, 'user.disable')).at(-1)!;
    expect(audit).toMatchObject({ target_id: String(user.id), actor_name: 'admin' });
    expect(audit.detail).toEqual({ sessionsEnded: 2 });

    // Disabling again changes nothing and writes no second row.
    const audits = await auditCount(t);
    expect((await post(t, PATH.disable, { id: user.id }, as(admin))).status).toBe(200);
    expect(await auditCount(t)).toBe(audits);
  });

  it('enable lets the user sign in again; audited', async () => {
    const { user, oneTimePassword } = await createUser(t, admin, {
      username: 'comeback',
      realname: '回归',
    });
    await post(t, PATH.disable, { id: user.id }, as(admin));
    const reply = await post<AdminUser>(t, PATH.enable, { id: user.id }, as(admin));
    expect(outcome(reply)).toEqual([200, 200, 'success']);
    expect(reply.data.disabled).toBe(false);
    expect((await passwordLogin(t, 'comeback', oneTimePassword)).code).toBe(200);
    expect((await auditRows(t, 'user.enable')).at(-1)!.target_name).toBe('comeback');

    const missing = await post(t, PATH.enable, { id: 999999 }, as(admin));
    expect(outcome(missing)).toEqual([404, 404, 'no such user']);
    const bad = await post(t, PATH.enable, { id: -1 }, as(admin));
    expect([bad.status, bad.msg.split(':')[0]]).toEqual([400, 'id']);
  });

  it('an administrator cannot disable themself; nothing written', async () => {
    const audits = await auditCount(t);
    const reply = await post(t, PATH.disable, { id: adminId }, as(admin));
    expect(outcome(reply)).toEqual([
      409,
      409,
      'you cannot disable yourself or take away your own administrator rights',
    ]);
    expect((await userRow(t, 'admin')).disabled).toBe(false);
    expect((await userInfo(t, admin)).status).toBe(200);
    expect(await auditCount(t)).toBe(audits);
    const missing = await post(t, PATH.disable, { id: 999999 }, as(admin));
    expect(outcome(missing)).toEqual([404, 404, 'no such user']);
    const bad = await post(t, PATH.disable, { id: 'abc' }, as(admin));
    expect([bad.status, bad.msg.split(':')[0]]).toEqual([400, 'id']);
  });

  it('another administrator may disable an administrator while one stays', async () => {
    const { user } = await createUser(t, admin, {
      username: 'admin.two',
      realname: '二号管理员',
      isAdmin: true,
      groupIds: [],
    });
    const reply = await post<AdminUser>(t, PATH.disable, { id: user.id }, as(admin));
    expect(reply.status).toBe(200);
    // Re-enabled, they count again.
    expect((await post(t, PATH.enable, { id: user.id }, as(admin))).status).toBe(200);
  });
});

describe('reset password', () => {
  it('answers a working one-time password; the old one fails, sessions end, lock cleared', async () => {
    const { user, oneTimePassword: first } = await createUser(t, admin, {
      username: 'resetme',
      realname: '重置',
    });
    const token = await t.login('resetme', first);
    const socket = await boundSocket(token);
    // Two failures on the clock, then the reset.
    await passwordLogin(t, 'resetme', 'wrong-password-1');
    await passwordLogin(t, 'resetme', 'wrong-password-2');
    await t.ctx.db
      .updateTable('users')
      .set({ must_change_password: false })
      .where('id', '=', user.id)
      .execute();

    const reply = await post<{ oneTimePassword: string }>(
      t,
      PATH.resetPassword,
      { id: user.id },
      as(admin),
    );
    expect(reply.status).toBe(200);
    expect(() => resetPasswordResponse.parse(reply)).not.toThrow();
    const second = reply.data.oneTimePassword;
    expect(second).not.toBe(first);

    expect((await userInfo(t, token)).status).toBe(401);
    expect(await socket.waitClosed(5000)).toBe(4402);
    const row = await userRow(t, 'resetme');
    expect([row.must_change_password, row.failed_logins, row.locked_until]).toEqual([
      true,
      0,
      null,
    ]);
    expect((await passwordLogin(t, 'resetme', first)).status).toBe(401);
    expect((await passwordLogin(t, 'resetme', second)).code).toBe(200);

    const audit = (await auditRows(t, 'user.resetPassword')).at(-1)!;
    expect(audit.target_name).toBe('resetme');
    expect(audit.detail).toEqual({ sessionsEnded: 1 });
    expect(JSON.stringify(audit)).not.toContain(second);

    const detail = await post<UserDetail>(t, PATH.get, { id: user.id }, as(admin));
    expect(detail.data.mustChangePassword).toBe(true);

    const missing = await post(t, PATH.resetPassword, { id: 999999 }, as(admin));
    expect(outcome(missing)).toEqual([404, 404, 'no such user']);
    const bad = await post(t, PATH.resetPassword, { id: 0 }, as(admin));
    expect([bad.status, bad.msg.split(':')[0]]).toEqual([400, 'id']);
  });
});
