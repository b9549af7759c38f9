import type { z } from 'zod';
import type { AdminUser, userCreateBody, userListBody, userUpdateBody } from '@hotline/contract';
import type { AppContext, Db } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict } from '../../http/app-error';
import { changesOf, recordAudit } from '../audit';
import { hashPassword } from '../auth/password';
import { fieldError } from '../intake/field-error';
import * as repo from './admin-users.repository';
import { auditTarget, lockTarget, normalRules, presentOne, type Actor } from './admin-users.common';
import { presentAdminUser, presentSession, type AdminUserDetail } from './admin-users.presenter';
import { oneTimePassword, passwordPolicy } from './one-time-password';

/**
 * User administration (issue 17, docs/decisions/0006): list, detail, create, update. One
 * transaction per write with its audit row. Disabling, passwords, locks and sessions are in
 * `user-access.service.ts`.
 */

export async function listUsers(ctx: AppContext, body: z.output<typeof userListBody>) {
  const now = ctx.now();
  const { rows, total } = await repo.listUsers(ctx.db, body, now, {
    offset: (body.pageNo - 1) * body.pageSize,
    limit: body.pageSize,
  });
  return { list: rows.map((r) => presentAdminUser(r, now)), total };
}

export async function userDetail(
  ctx: AppContext,
  id: number,
  callerSessionId: string | null,
): Promise<AdminUserDetail> {
  const user = await presentOne(ctx, ctx.db, id);
  const sessions = await repo.activeSessions(ctx.db, id, ctx.now());
  return { ...user, sessions: sessions.map((s) => presentSession(s, callerSessionId)) };
}

/** 400 naming `unitId` unless the unit exists and is enabled. */
async function usableUnit(db: Db, unitId: number): Promise<repo.UnitRef> {
  const unit = await repo.findUnit(db, unitId);
  if (!unit || unit.disabled) throw fieldError('unitId', 'adminUser.unitUnavailable', unitId);
  return unit;
}

/** 400 naming `groupIds` unless every role exists. */
async function existingGroups(db: Db, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findGroups(db, unique);
  if (found.length !== unique.length) throw fieldError('groupIds', 'adminUser.groupsMissing', ids);
  return found.map((g) => g.id);
}

/** 409 when the name (ignoring case) or the mobile belongs to another user. */
async function refuseTaken(db: Db, username: string | null, mobile: string | null, selfId = 0) {
  const holders = await repo.usersHolding(db, username ? [username] : [], mobile ? [mobile] : []);
  const others = holders.filter((h) => h.id !== selfId);
  if (username && others.some((h) => h.username.toLowerCase() === username.toLowerCase()))
    throw conflict('adminUser.usernameTaken', { username });
  const phoneHolder = mobile ? others.find((h) => h.mobile === mobile) : undefined;
  if (phoneHolder && mobile)
    throw conflict('adminUser.mobileTaken', { mobile, username: phoneHolder.username });
}

/**
 * A unique index refused a write that our checks let through (a concurrent write got there
 * first): the same 409 as the checks. Anything else is rethrown.
 */
async function asConflict<T>(
  ctx: AppContext,
  names: { username?: string | undefined; mobile?: string | null | undefined },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (names.username && repo.isUniqueViolation(error, 'users_username_key'))
      throw conflict('adminUser.usernameTaken', { username: names.username });
    if (names.mobile && repo.isUniqueViolation(error, 'users_mobile_key')) {
      await refuseTaken(ctx.db, null, names.mobile);
      throw conflict('adminUser.mobileTaken', { mobile: names.mobile, username: '?' });
    }
    throw error;
  }
}

export async function createUser(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof userCreateBody>,
): Promise<{ user: AdminUser; oneTimePassword: string }> {
  const password = oneTimePassword(await passwordPolicy(ctx), input.username);
  const passwordHash = await hashPassword(password);
  const mobile = input.mobile ?? null;
  const extraRules = normalRules(input.extraRules);
  const id = await asConflict(ctx, { username: input.username, mobile }, () =>
    ctx.db.transaction().execute(async (trx) => {
      const unit = await usableUnit(trx, input.unitId);
      const groupIds = await existingGroups(trx, input.groupIds);
      await refuseTaken(trx, input.username, mobile);
      const now = ctx.now();
      const userId = await repo.insertUser(trx, {
        username: input.username,
        passwordHash,
        realname: input.realname,
        mobile,
        unitId: unit.id,
        isAdmin: input.isAdmin,
        extraRules,
        now,
      });
      await repo.setGroups(trx, userId, groupIds);
      const groups = await repo.findGroups(trx, groupIds);
      // Never the password, not even hashed.
      await recordAudit(trx, actor, {
        action: 'user.create',
        target: auditTarget({ id: userId, username: input.username }),
        detail: {
          realname: input.realname,
          mobile,
          unit: unit.name,
          groups: groups.map((g) => g.title),
          isAdmin: input.isAdmin,
          extraRules,
        },
        at: now,
      });
      return userId;
    }),
  );
  return { user: await presentOne(ctx, ctx.db, id), oneTimePassword: password };
}

/** What an update audit compares (roles by title, the unit by name). */
function auditView(row: repo.AdminUserRow) {
  return {
    realname: row.realname,
    mobile: row.mobile,
    unit: row.unit_name,
    groups: row.group_titles,
    isAdmin: row.is_admin,
    extraRules: row.extra_rules,
  };
}

export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof userUpdateBody>,
): Promise<AdminUser> {
  await asConflict(ctx, { mobile: input.mobile }, () =>
    ctx.db.transaction().execute(async (trx) => {
      // Demoting is refused for oneself and for the last active administrator.
      const demote =
        input.isAdmin === false
          ? { kind: 'demote' as const, applies: (u: UserRow) => u.is_admin }
          : undefined;
      const user = await lockTarget(trx, actor, input.id, demote);
      const before = await repo.findUser(trx, input.id);
      if (input.unitId !== undefined && input.unitId !== user.unit_id)
        await usableUnit(trx, input.unitId);
      const groupIds = input.groupIds ? await existingGroups(trx, input.groupIds) : undefined;
      if (input.mobile && input.mobile !== user.mobile)
        await refuseTaken(trx, null, input.mobile, user.id);
      const now = ctx.now();
      await repo.updateUser(
        trx,
        user.id,
        {
          ...(input.realname !== undefined ? { realname: input.realname } : {}),
          ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
          ...(input.unitId !== undefined ? { unit_id: input.unitId } : {}),
          ...(input.isAdmin !== undefined ? { is_admin: input.isAdmin } : {}),
          ...(input.extraRules ? { extra_rules: normalRules(input.extraRules) } : {}),
        },
        now,
      );
      if (groupIds) await repo.setGroups(trx, user.id, groupIds);
      const after = await repo.findUser(trx, user.id);
      const changes = changesOf(auditView(before!), auditView(after!));
      if (Object.keys(changes).length > 0) {
        await recordAudit(trx, actor, {
          action: 'user.update',
          target: auditTarget(user),
          detail: { changes },
          at: now,
        });
      }
    }),
  );
  return presentOne(ctx, ctx.db, input.id);
}
