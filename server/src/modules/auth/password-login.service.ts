import { passwordLoginFields } from '@hotline/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, unauthorized } from '../../http/app-error';
import { parseOrThrow } from '../../http/validation';
import * as users from '../users/user.repository';
import { loginSwitches } from './login-switches';
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
 * parallel guesses cannot slip past it.
 */
export async function passwordLogin(
  ctx: AppContext,
  body: PasswordLoginInput,
  client: ClientInfo,
): Promise<IssuedToken> {
  const switches = await loginSwitches(ctx.db);
  if (!switches.password) throw forbidden('login.methodDisabled');
  const { username, password } = await credentials(ctx, body, switches.rsa);
  const user = await users.findByUsername(ctx.db, username);
  const now = ctx.now();
  if (user?.locked_until && user.locked_until > now) {
    throw new AppError(423, 'login.locked', { minutes: minutesLeft(user.locked_until, now) });
  }
  const valid = await verifyPassword(user?.password_hash, password);
  if (!user) throw unauthorized('login.wrongCredentials');
  if (!valid) {
    const lockedUntil = await recordFailure(ctx, user.id, now);
    if (lockedUntil)
      throw new AppError(423, 'login.locked', { minutes: minutesLeft(lockedUntil, now) });
    throw unauthorized('login.wrongCredentials');
  }
  if (user.disabled) throw forbidden('login.disabled');
  if (user.failed_logins > 0 || user.locked_until) {
    await users.saveLoginFailures(ctx.db, user.id, {
      failedLogins: 0,
      firstFailedAt: null,
      lockedUntil: null,
    });
  }
  return startSession(ctx, user.id, 'password', client);
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
