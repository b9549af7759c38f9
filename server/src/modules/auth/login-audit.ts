import type { AppContext, Db } from '../../context';
import type { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';

export type LoginMethod = 'password' | 'sms' | 'sso';

/** Where a login comes from (kept on the session and in the audit log). */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * Why a login was refused (`detail.reason` of a `login.failure` row; the audit view
 * translates them).
 */
export type LoginFailureReason =
  | 'wrongCredentials'
  | 'locked'
  | 'disabled'
  | 'methodDisabled'
  | 'codeWrong'
  | 'codeExpired'
  | 'codeBurned'
  | 'tokenInvalid'
  | 'tokenExpired'
  | 'tokenReplayed'
  | 'unknownUser';

export interface LoginAttempt {
  method: LoginMethod;
  /** What was typed: a user name, a mobile number, the SSO subject ('' when unknown). */
  name: string;
  /** The account the name belongs to, when there is one (the row's actor). */
  userId: number | null;
}

/** `login.success`, in the session's transaction (with `users.last_login_at`). */
export async function auditLoginSuccess(
  db: Db,
  user: { id: number; username: string },
  method: LoginMethod,
  client: ClientInfo,
): Promise<void> {
  await recordAudit(
    db,
    { id: user.id, name: user.username, ip: client.ip },
    { action: 'login.success', detail: { method } },
  );
}

/**
 * Writes the `login.failure` row and hands back the refusal, for `throw await loginRefused(…)`.
 * Input that does not parse is not an attempt and is not written.
 */
export async function loginRefused(
  ctx: AppContext,
  client: ClientInfo,
  attempt: LoginAttempt,
  reason: LoginFailureReason,
  error: AppError,
): Promise<AppError> {
  await recordAudit(
    ctx.db,
    { id: attempt.userId, name: attempt.name, ip: client.ip },
    { action: 'login.failure', detail: { method: attempt.method, reason } },
  );
  return error;
}
