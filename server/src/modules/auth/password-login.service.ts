import { passwordLoginFields } from '@hotline/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, unauthorized } from '../../http/app-error';
import { parseOrThrow } from '../../http/validation';
import * as users from '../users/user.repository';
import { loginSwitches } from './login-switches';
import { loginRefused } from './login-audit';
import { verifyPassword } from './password';
import { decryptParam } from './rsa.service';
import { startSession, type ClientInfo, type IssuedToken } from './session.service';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

export interface PasswordLoginInput {
  username?: string | undefined;
  password?: string | undefined;
  param?: string | undefined;
}

/** The login body in plain fields: decrypted when it came RSA-encrypted. */
async function credentials(ctx: AppContext, body: PasswordLoginInput, rsaOn: boolean) {
  if (body.param) return parseOrThrow(passwordLoginFields, await decryptParam(ctx.db, body.param));
  if (rsaOn) throw badRequest('login.encryptionRequired');
  return parseOrThrow(passwordLoginFields, body);
}

function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/**
 * Password login. Wrong user name and wrong password answer alike. Five failures of one
 * account within 15 minutes lock it for 15 minutes; the count is kept under a row lock so
 * parallel guesses cannot slip past it. Every refused attempt with readable credentials is
 * audited (`login.failure`, the typed name and the address), every success too.
 */
export async function passwordLogin(
  ctx: AppContext,
  body: PasswordLoginInput,
  client: ClientInfo,
): Promise<IssuedToken> {
  const switches = await loginSwitches(ctx.db);
  if (!switches.password) {
    const name = body.param ? '' : (body.username ?? '');
    throw await loginRefused(
      ctx,
      client,
      { method: 'password', name, userId: null },
      'methodDisabled',
      forbidden('login.methodDisabled'),
    );
  }
  const { username, password } = await credentials(ctx, body, switches.rsa);
  const user = await users.findByUsername(ctx.db, username);
  const attempt = { method: 'password', name: username, userId: user?.id ?? null } as const;
  const now = ctx.now();
  if (user?.locked_until && user.locked_until > now) {
    const minutes = minutesLeft(user.locked_until, now);
    throw await loginRefused(
      ctx,
      client,
      attempt,
      'locked',
      new AppError(423, 'login.locked', { minutes }),
    );
  }
  const valid = await verifyPassword(user?.password_hash, password);
  if (!user) {
    throw await loginRefused(
      ctx,
      client,
      attempt,
      'wrongCredentials',
      unauthorized('login.wrongCredentials'),
    );
  }
  if (!valid) {
    const lockedUntil = await recordFailure(ctx, user.id, now);
    const refusal = lockedUntil
      ? new AppError(423, 'login.locked', { minutes: minutesLeft(lockedUntil, now) })
      : unauthorized('login.wrongCredentials');
    throw await loginRefused(ctx, client, attempt, 'wrongCredentials', refusal);
  }
  if (user.disabled) {
    throw await loginRefused(ctx, client, attempt, 'disabled', forbidden('login.disabled'));
  }
  if (user.failed_logins > 0 || user.locked_until) {
    await users.saveLoginFailures(ctx.db, user.id, {
      failedLogins: 0,
      firstFailedAt: null,
      lockedUntil: null,
    });
  }
  return startSession(ctx, user, 'password', client);
}

/** Counts one failure; returns the lock's end when this failure locks the account. */
async function recordFailure(ctx: AppContext, userId: number, now: Date): Promise<Date | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await users.lockById(trx, userId);
    if (!row) return null;
    // A parallel guess may have locked the account since we looked: keep that lock as it is.
    if (row.locked_until && row.locked_until > now) return row.locked_until;
    const inWindow =
      row.first_failed_at && now.getTime() - row.first_failed_at.getTime() < FAILURE_WINDOW_MS;
    const failures = inWindow ? row.failed_logins + 1 : 1;
    const firstFailedAt = inWindow ? row.first_failed_at : now;
    if (failures >= MAX_FAILURES) {
      const lockedUntil = new Date(now.getTime() + LOCK_MS);
      await users.saveLoginFailures(trx, userId, {
        failedLogins: 0,
        firstFailedAt: null,
        lockedUntil,
      });
      return lockedUntil;
    }
    await users.saveLoginFailures(trx, userId, {
      failedLogins: failures,
      firstFailedAt,
      lockedUntil: null,
    });
    return null;
  });
}
