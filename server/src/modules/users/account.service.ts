import {
  PASSWORD_MAX_LENGTH,
  passwordPolicyFrom,
  passwordProblem,
  translate,
  type PasswordPolicy,
} from '@hotline/domain';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../http/app-error';
import { ValidationError } from '../../http/validation';
import { recordAudit, type AuditActor } from '../audit';
import type { AuthContext } from '../auth/auth-context';
import { hashPassword, verifyPassword } from '../auth/password';
import {
  clearAddress,
  lockRow,
  PASSWORD_CHANGE,
  takeAttempt,
} from '../auth/login-attempts.repository';
import { FAILURE_WINDOW_MS, LOCK_MS, MAX_FAILURES } from '../auth/password-login.service';
import { revokeOtherSessions } from '../auth/session.repository';
import { configValues } from '../config/config-cache';
import * as users from './user.repository';

/** The policy every new password meets (config group `security`), as the form shows it. */
export async function passwordPolicy(
  ctx: AppContext,
): Promise<PasswordPolicy & { maxLength: number }> {
  const policy = passwordPolicyFrom(await configValues(ctx, 'security'));
  return { ...policy, maxLength: PASSWORD_MAX_LENGTH };
}

const oldPasswordWrong = () =>
  new ValidationError(
    [{ code: 'custom', path: ['oldPassword'], message: 'password.oldWrong', input: undefined }],
    'body',
  );

/**
 * The old password is checked like a sign-in: a session is no licence to guess it. Each check
 * takes an attempt in the account's password-change row of the login attempts (its own
 * "address", apart from the sign-in rows); the fifth wrong one in the window locks changing
 * the password for LOCK_MS (423), a right one clears the row. An administrator's unlock of the
 * account clears it too.
 */
async function checkOldPassword(
  ctx: AppContext,
  user: { username: string; password_hash: string },
  oldPassword: string,
): Promise<void> {
  const now = ctx.now();
  const nameKey = user.username.toLowerCase();
  const locked = (until: Date) =>
    new AppError(423, 'password.changeLocked', {
      minutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)),
    });
  const slot = await takeAttempt(ctx.db, nameKey, PASSWORD_CHANGE, now, FAILURE_WINDOW_MS);
  if (slot.lockedUntil) throw locked(slot.lockedUntil);
  if (slot.attempt > MAX_FAILURES) throw locked(new Date(now.getTime() + LOCK_MS));
  if (await verifyPassword(user.password_hash, oldPassword)) {
    await clearAddress(ctx.db, nameKey, PASSWORD_CHANGE);
    return;
  }
  if (slot.attempt === MAX_FAILURES) {
    const until = new Date(now.getTime() + LOCK_MS);
    throw locked(await lockRow(ctx.db, nameKey, PASSWORD_CHANGE, now, until));
  }
  throw oldPasswordWrong();
}

/**
 * The caller changes their own password: the old one proves it is them (a wrong one is a 400,
 * not a failed login, but counted: `checkOldPassword`), the new one meets the policy. The
 * one-time password is used up, the caller's other sessions end (their push sockets close
 * after commit) and the change is audited, in one transaction; the current session stays.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  auth: AuthContext,
  body: { oldPassword: string; newPassword: string },
  actor: AuditActor,
): Promise<void> {
  const user = await users.findById(ctx.db, auth.userId);
  if (!user) throw oldPasswordWrong();
  await checkOldPassword(ctx, user, body.oldPassword);
  const policy = passwordPolicyFrom(await configValues(ctx, 'security'));
  const problem = passwordProblem(body.newPassword, policy, {
    username: user.username,
    oldPassword: body.oldPassword,
  });
  if (problem) {
    const text = (lang: 'zh' | 'en') => translate(problem.key, lang, problem.params);
    throw badRequest('password.policyRefused', {
      field: 'newPassword',
      problem: { zh: text('zh'), en: text('en') },
    });
  }
  const hash = await hashPassword(body.newPassword);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    // Hashing happens outside the transaction; a change that landed meanwhile wins.
    const now = ctx.now();
    const saved = await users.saveOwnPassword(trx, user.id, {
      expectedHash: user.password_hash,
      hash,
      now,
    });
    if (!saved) throw oldPasswordWrong();
    const sessionIds = await revokeOtherSessions(trx, user.id, auth.sessionId, now);
    await recordAudit(trx, actor, {
      action: 'password.change',
      target: { type: 'user', id: user.id, name: user.username },
      detail: { endedSessions: sessionIds.length },
      at: now,
    });
    return sessionIds;
  });
  if (ended.length > 0) ctx.push?.hub.endSessions(user.id, ended);
}
