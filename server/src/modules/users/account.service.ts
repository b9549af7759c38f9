import {
  PASSWORD_MAX_LENGTH,
  passwordPolicyFrom,
  passwordProblem,
  translate,
  type PasswordPolicy,
} from '@hotline/domain';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/app-error';
import { ValidationError } from '../../http/validation';
import { recordAudit, type AuditActor } from '../audit';
import type { AuthContext } from '../auth/auth-context';
import { hashPassword, verifyPassword } from '../auth/password';
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
 * The caller changes their own password: the old one proves it is them (a wrong one is a 400,
 * not a failed login), the new one meets the policy. The one-time password is used up, the
 * caller's other sessions end (their push sockets close after commit) and the change is
 * audited, in one transaction; the current session stays.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  auth: AuthContext,
  body: { oldPassword: string; newPassword: string },
  actor: AuditActor,
): Promise<void> {
  const user = await users.findById(ctx.db, auth.userId);
  if (!user || !(await verifyPassword(user.password_hash, body.oldPassword))) {
    throw oldPasswordWrong();
  }
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
  const now = ctx.now();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    // Hashing happens outside the transaction; a change that landed meanwhile wins.
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
