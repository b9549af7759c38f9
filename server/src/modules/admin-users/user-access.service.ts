import type { AdminUser } from '@hotline/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import { recordAudit } from '../audit';
import { hashPassword } from '../auth/password';
import * as repo from './admin-users.repository';
import * as attempts from '../auth/login-attempts.repository';
import { auditTarget, lockTarget, presentOne, type Actor } from './admin-users.common';
import { oneTimePassword, passwordPolicy } from './one-time-password';

/**
 * Whether and how a user can sign in (issue 17): disable / enable, reset password, unlock, end
 * a session. Sessions are revoked in the transaction, push sockets closed after commit
 * (`endSessions`, every node, close code 4402), each change audited in its transaction.
 */

/** Disables (their sessions end at once, their push sockets close) or enables a user. */
export async function setDisabled(
  ctx: AppContext,
  actor: Actor,
  id: number,
  disabled: boolean,
): Promise<AdminUser> {
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const user = await lockTarget(
      trx,
      actor,
      id,
      disabled ? { kind: 'disable', applies: () => true } : undefined,
    );
    if (user.disabled === disabled) return false;
    const now = ctx.now();
    await repo.updateUser(trx, id, { disabled }, now);
    const ended = disabled ? await repo.revokeSessions(trx, id, now) : [];
    await recordAudit(trx, actor, {
      action: disabled ? 'user.disable' : 'user.enable',
      target: auditTarget(user),
      detail: disabled ? { sessionsEnded: ended.length } : {},
      at: now,
    });
    return true;
  });
  if (changed && disabled) ctx.push?.hub.endSessions(id, null);
  return presentOne(ctx, ctx.db, id);
}

/**
 * A new one-time password (answered once, never stored in clear nor audited); the change is
 * forced at the next login, the lock is cleared and every session of the user ends.
 */
export async function resetPassword(ctx: AppContext, actor: Actor, id: number): Promise<string> {
  const current = await repo.findUser(ctx.db, id);
  if (!current) throw notFound('adminUser.notFound');
  const password = oneTimePassword(await passwordPolicy(ctx), current.username);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const user = await lockTarget(trx, actor, id);
    const now = ctx.now();
    await attempts.clearName(trx, user.username.toLowerCase());
    await repo.updateUser(
      trx,
      id,
      { password_hash: passwordHash, must_change_password: true, ...repo.UNLOCKED },
      now,
    );
    const ended = await repo.revokeSessions(trx, id, now);
    await recordAudit(trx, actor, {
      action: 'user.resetPassword',
      target: auditTarget(user),
      detail: { sessionsEnded: ended.length },
      at: now,
    });
  });
  ctx.push?.hub.endSessions(id, null);
  return password;
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** Clears the locks and the counts of failed logins, from every address. */
export async function unlockUser(ctx: AppContext, actor: Actor, id: number): Promise<AdminUser> {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await lockTarget(trx, actor, id);
    const now = ctx.now();
    const nameKey = user.username.toLowerCase();
    const running = await attempts.runningLock(trx, nameKey, now);
    const ownLock = user.locked_until && user.locked_until > now ? user.locked_until : null;
    await attempts.clearName(trx, nameKey);
    if (!running && !ownLock && !user.locked_until && user.failed_logins === 0) return;
    await repo.updateUser(trx, id, { ...repo.UNLOCKED }, now);
    await recordAudit(trx, actor, {
      action: 'user.unlock',
      target: auditTarget(user),
      detail: { lockedUntil: later(running, ownLock) },
      at: now,
    });
  });
  return presentOne(ctx, ctx.db, id);
}

/** Ends one live session of the user (404 when they have no such session). */
export async function endSession(
  ctx: AppContext,
  actor: Actor,
  id: number,
  sessionId: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await lockTarget(trx, actor, id);
    const now = ctx.now();
    if (!(await repo.findLiveSession(trx, id, sessionId, now)))
      throw notFound('adminUser.sessionMissing');
    await repo.revokeSessions(trx, id, now, sessionId);
    await recordAudit(trx, actor, {
      action: 'user.endSession',
      target: auditTarget(user),
      detail: { sessionId },
      at: now,
    });
  });
  ctx.push?.hub.endSessions(id, [sessionId]);
}
