import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDetailResponse } from '@hotline/contract';
import { DEMO_PASSWORD } from '../../src/seed/index';
import { passwordLogin, post, userInfo } from '../support/api';
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
  userRow,
  type UserDetail,
} from './admin-users-fixtures';
import type { AdminUser } from '@hotline/contract';

/** User administration (issue 17 item 1): get, update, unlock, sessions (list and create:
 * admin-users.test.ts). */

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = (await userRow(t, 'admin')).id;
});
afterAll(async () => {
  await t?.close();
});

const list = (body: Record<string, unknown>) =>
  post<{ list: AdminUser[]; total: number }>(t, PATH.list, body, as(admin));

describe('get', () => {
  it('answers the user with their live sessions; the caller’s own is current', async () => {
    const other = await t.login('admin');
    const reply = await post<UserDetail>(t, PATH.get, { id: adminId }, as(admin));
    expect(reply.status).toBe(200);
    expect(() => userDetailResponse.parse(reply)).not.toThrow();
    expect(reply.data.username).toBe('admin');
    expect(reply.data.sessions.length).toBeGreaterThanOrEqual(2);
    expect(reply.data.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(reply.data.sessions[0]).toMatchObject({ method: 'password' });
    // Seen from the other session, that one is current.
    const fromOther = await post<UserDetail>(t, PATH.get, { id: adminId }, as(other));
    const mine = reply.data.sessions.find((s) => s.current)!.id;
    expect(fromOther.data.sessions.find((s) => s.current)!.id).not.toBe(mine);

    const missing = await post(t, PATH.get, { id: 999999 }, as(admin));
    expect(outcome(missing)).toEqual([404, 404, 'no such user']);
    const bad = await post(t, PATH.get, { id: 'x' }, as(admin));
    expect([bad.status, bad.msg.split(':')[0]]).toEqual([400, 'id']);
  });
});

describe('update', () => {
  it('changes name, mobile, unit, roles (replaced), admin flag and permissions; audits old → new', async () => {
    const { user } = await createUser(t, admin, { username: 'mover', realname: '调动' });
    const dept = await unitId(t, 'B01');
    const deptRole = await groupId(t, 'department');
    const leaderRole = await groupId(t, 'leader');
    const reply = await post<AdminUser>(
      t,
      PATH.update,
      {
        id: user.id,
        realname: '调动后',
        mobile: '13900000099',
        unitId: dept,
        groupIds: [deptRole, leaderRole],
        extraRules: ['/jsjb/qu/dcl', '/jsjb/callout'],
      },
      as(admin),
    );
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({
      realname: '调动后',
      mobile: '13900000099',
      unitId: dept,
      groupIds: [deptRole, leaderRole].sort((a, b) => a - b),
      // Kept in the catalogue's order.
      extraRules: ['/jsjb/callout', '/jsjb/qu/dcl'],
    });
    const audit = (await auditRows(t, 'user.update')).at(-1)!;
    expect(audit.target_id).toBe(String(user.id));
    const changes = (audit.detail as { changes: Record<string, [unknown, unknown]> }).changes;
    expect(changes.realname).toEqual(['调动', '调动后']);
    expect(changes.mobile).toEqual([null, '13900000099']);
    expect(changes.unit).toEqual(['望湖街道', reply.data.unitName]);
    expect(changes.groups?.[0]).toEqual(user.groupTitles);
    expect(changes.groups?.[1]).toEqual(reply.data.groupTitles);
    expect(changes.isAdmin).toBeUndefined();

    // Clearing the mobile; an update that changes nothing writes no audit row.
    const cleared = await post<AdminUser>(t, PATH.update, { id: user.id, mobile: '' }, as(admin));
    expect(cleared.data.mobile).toBeNull();
    const audits = await auditCount(t);
    const same = await post(t, PATH.update, { id: user.id, realname: '调动后' }, as(admin));
    expect(same.status).toBe(200);
    expect(await auditCount(t)).toBe(audits);
  });

  it('refuses a mobile of another user (409), an unknown role or disabled unit (400)', async () => {
    const { user } = await createUser(t, admin, { username: 'editme', realname: '编辑' });
    const audits = await auditCount(t);
    const phone = await post(t, PATH.update, { id: user.id, mobile: '13800000001' }, as(admin));
    expect(outcome(phone)).toEqual([
      409,
      409,
      'the mobile 13800000001 already belongs to the user dispatcher',
    ]);
    const role = await post(t, PATH.update, { id: user.id, groupIds: [999999] }, as(admin));
    expect([role.status, role.msg]).toEqual([400, 'groupIds: no such role']);
    const unit = await post(t, PATH.update, { id: user.id, unitId: 999999 }, as(admin));
    expect([unit.status, unit.msg.split(':')[0]]).toEqual([400, 'unitId']);
    const bad = await post(t, PATH.update, { id: user.id, isAdmin: 'maybe' }, as(admin));
    expect([bad.status, bad.msg.split(':')[0]]).toEqual([400, 'isAdmin']);
    const missing = await post(t, PATH.update, { id: 999999, realname: '无' }, as(admin));
    expect(outcome(missing)).toEqual([404, 404, 'no such user']);
    expect((await userRow(t, 'editme')).realname).toBe('编辑');
    expect(await auditCount(t)).toBe(audits);
  });

  it('an administrator cannot demote themself', async () => {
    const reply = await post(t, PATH.update, { id: adminId, isAdmin: false }, as(admin, 'zh'));
    expect(outcome(reply)).toEqual([409, 409, '不能停用或取消自己的管理员权限']);
    expect((await userRow(t, 'admin')).is_admin).toBe(true);
    // Saving oneself with the flag unchanged is fine.
    const same = await post(t, PATH.update, { id: adminId, isAdmin: true }, as(admin));
    expect(same.status).toBe(200);
  });
});

describe('two administrators demoting each other at once', () => {
  it('one wins; the other is refused as the last administrator', async () => {
    const { user, oneTimePassword } = await createUser(t, admin, {
      username: 'admin2',
      realname: '第二管理员',
      isAdmin: true,
      groupIds: [],
    });
    // As if admin2 had changed the one-time password (until then only a few endpoints answer).
    await t.ctx.db
      .updateTable('users')
      .set({ must_change_password: false })
      .where('id', '=', user.id)
      .execute();
    const admin2 = await t.login('admin2', oneTimePassword);
    // Both requests pass the access check, then queue on a lock held here.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('is_admin', '=', true).forUpdate().execute();
      locked();
      await held;
    });
    await isLocked;
    const both = Promise.all([
      post(t, PATH.update, { id: user.id, isAdmin: false }, as(admin)),
      post(t, PATH.update, { id: adminId, isAdmin: false }, as(admin2)),
    ]);
    await new Promise((r) => setTimeout(r, 300));
    release();
    await holder;
    const [first, second] = await both;
    const results = [first, second].map((r) => [r.status, r.msg]).sort();
    expect(results).toEqual([
      [200, 'success'],
      [409, 'this is the last active administrator: it cannot be disabled or demoted'],
    ]);
    const admins = await t.ctx.db
      .selectFrom('users')
      .select('username')
      .where('is_admin', '=', true)
      .where('disabled', '=', false)
      .execute();
    expect(admins).toHaveLength(1);
    // Put things back: whoever is left makes the other an administrator again.
    const left = admins[0]!.username === 'admin' ? admin : admin2;
    const back = await post(
      t,
      PATH.update,
      { id: admins[0]!.username === 'admin' ? user.id : adminId, isAdmin: true },
      as(left),
    );
    expect(back.status).toBe(200);
  });
});

describe('unlock', () => {
  it('clears a lock made by five failed logins; audited', async () => {
    const { user, oneTimePassword } = await createUser(t, admin, {
      username: 'forgetful',
      realname: '健忘',
    });
    for (let i = 0; i < 5; i++) await passwordLogin(t, 'forgetful', 'wrong-password-1');
    const locked = await passwordLogin(t, 'forgetful', oneTimePassword);
    expect(locked.status).toBe(423);
    const inList = await list({ status: 'locked' });
    expect(inList.data.list.map((u) => u.username)).toEqual(['forgetful']);
    expect(inList.data.list[0]!.lockedUntil).not.toBeNull();
    const active = await list({ status: 'active', keyword: 'forgetful' });
    expect(active.data.total).toBe(0);

    const reply = await post<AdminUser>(t, PATH.unlock, { id: user.id }, as(admin));
    expect(reply.status).toBe(200);
    expect(reply.data.lockedUntil).toBeNull();
    const row = await userRow(t, 'forgetful');
    expect([row.failed_logins, row.first_failed_at, row.locked_until]).toEqual([0, null, null]);
    expect((await passwordLogin(t, 'forgetful', oneTimePassword)).code).toBe(200);
    const audit = (await auditRows(t, 'user.unlock')).at(-1)!;
    expect([audit.target_name, audit.actor_name]).toEqual(['forgetful', 'admin']);

    const missing = await post(t, PATH.unlock, { id: 999999 }, as(admin));
    expect(outcome(missing)).toEqual([404, 404, 'no such user']);
    const bad = await post(t, PATH.unlock, {}, as(admin));
    expect([bad.status, bad.msg.split(':')[0]]).toEqual([400, 'id']);
  });
});

describe('end session', () => {
  it('ends only the chosen session of that user; audited', async () => {
    const { user, oneTimePassword } = await createUser(t, admin, {
      username: 'twodevices',
      realname: '两台设备',
    });
    const phone = await t.login('twodevices', oneTimePassword);
    const desk = await t.login('twodevices', oneTimePassword);
    const detail = await post<UserDetail>(t, PATH.get, { id: user.id }, as(admin));
    expect(detail.data.sessions).toHaveLength(2);
    expect(detail.data.sessions.every((s) => !s.current)).toBe(true);
    // The newest session first: the desk one.
    const deskSession = detail.data.sessions[0]!.id;

    const reply = await post<UserDetail>(
      t,
      PATH.endSession,
      { id: user.id, sessionId: deskSession },
      as(admin),
    );
    expect(reply.status).toBe(200);
    expect(reply.data.sessions.map((s) => s.id)).toEqual([detail.data.sessions[1]!.id]);
    expect((await userInfo(t, desk)).status).toBe(401);
    expect((await userInfo(t, phone)).status).toBe(200);
    const audit = (await auditRows(t, 'user.endSession')).at(-1)!;
    expect(audit.detail).toEqual({ sessionId: deskSession });

    // Already ended, or someone else's: 404; not a uuid: 400.
    const again = await post(
      t,
      PATH.endSession,
      { id: user.id, sessionId: deskSession },
      as(admin),
    );
    expect(outcome(again)).toEqual([404, 404, 'this user has no such session']);
    const adminSession = (await post<UserDetail>(t, PATH.get, { id: adminId }, as(admin))).data
      .sessions[0]!.id;
    const notTheirs = await post(
      t,
      PATH.endSession,
      { id: user.id, sessionId: adminSession },
      as(admin),
    );
    expect(notTheirs.status).toBe(404);
    expect((await userInfo(t, admin)).status).toBe(200);
    const bad = await post(t, PATH.endSession, { id: user.id, sessionId: 'x' }, as(admin));
    expect([bad.status, bad.msg.split(':')[0]]).toEqual([400, 'sessionId']);
  });
});

describe('demo password untouched', () => {
  it('the demo accounts still sign in (nothing above changed them)', async () => {
    expect((await passwordLogin(t, 'street1', DEMO_PASSWORD)).code).toBe(200);
  });
});
