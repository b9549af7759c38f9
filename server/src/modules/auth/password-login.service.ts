import { passwordLoginFields } from '@hotline/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, unauthorized } from '../../http/app-error';
import { parseOrThrow } from '../../http/validation';
import * as users from '../users/user.repository';
import { loginSwitches } from './login-switches';
import { loginRefused } from './login-audit';
import { verifyPassword } from './password';
import {
  ANY_NEW_ADDRESS,
  clearAddress,
  giveBack,
  isKnownAddress,
  lockRow,
  sweep,
  takeAttempt,
} from './login-attempts.repository';
import { decryptParam } from './rsa.service';
import { startSession, type ClientInfo, type IssuedToken } from './session.service';

/** Attempts one address may make on one name in a window before that pair is locked. */
export const MAX_FAILURES = 5;
/** Attempts on one account from all the addresses it has never signed in from. */
export const MAX_NEW_ADDRESS_FAILURES = 20;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
/** An address the account has had a session from within this time is its own. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

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
 * Password login (lock-out policy: docs/decisions/0008-login-lock-out.md). Every attempt takes
 * its place in the window of its (name, address) row before the password is checked, so
 * parallel guesses cannot get past the limit: the fifth wrong password from one address locks
 * that address out of that name for 15 minutes, and attempts past the fifth are refused
 * unchecked. Attempts from addresses the account has never signed in from also count on the
 * name's shared row: 20 lock every new address out, while the user's own addresses keep
 * working. Names that are not users are counted alike, so no answer tells whether an account
 * exists. Every refused attempt with readable credentials is audited, every success too.
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
  const nameKey = username.toLowerCase();
  const address = client.ip;
  const locked = (until: Date) =>
    loginRefused(
      ctx,
      client,
      attempt,
      'locked',
      new AppError(423, 'login.locked', { minutes: minutesLeft(until, now) }),
    );

  const own = await takeAttempt(ctx.db, nameKey, address, now, FAILURE_WINDOW_MS);
  if (own.lockedUntil) throw await locked(own.lockedUntil);
  if (own.attempt > MAX_FAILURES) throw await locked(new Date(now.getTime() + LOCK_MS));
  const known =
    user !== undefined &&
    (await isKnownAddress(ctx.db, user.id, address, new Date(now.getTime() - KNOWN_ADDRESS_MS)));
  const shared = known
    ? null
    : await takeAttempt(ctx.db, nameKey, ANY_NEW_ADDRESS, now, FAILURE_WINDOW_MS);
  if (shared?.lockedUntil) throw await locked(shared.lockedUntil);
  if (shared && shared.attempt > MAX_NEW_ADDRESS_FAILURES)
    throw await locked(new Date(now.getTime() + LOCK_MS));

  const valid = await verifyPassword(user?.password_hash, password);
  if (!user || !valid) {
    const until = new Date(now.getTime() + LOCK_MS);
    let lockedUntil: Date | null = null;
    if (own.attempt === MAX_FAILURES)
      lockedUntil = await lockRow(ctx.db, nameKey, address, now, until);
    if (shared?.attempt === MAX_NEW_ADDRESS_FAILURES) {
      const sharedUntil = await lockRow(ctx.db, nameKey, ANY_NEW_ADDRESS, now, until);
      if (user) await users.saveLoginFailures(ctx.db, user.id, { lockedUntil: sharedUntil });
      lockedUntil ??= sharedUntil;
    }
    const refusal = lockedUntil
      ? new AppError(423, 'login.locked', { minutes: minutesLeft(lockedUntil, now) })
      : unauthorized('login.wrongCredentials');
    throw await loginRefused(ctx, client, attempt, 'wrongCredentials', refusal);
  }
  if (user.disabled) {
    throw await loginRefused(ctx, client, attempt, 'disabled', forbidden('login.disabled'));
  }
  await clearAddress(ctx.db, nameKey, address);
  if (shared) await giveBack(ctx.db, nameKey, ANY_NEW_ADDRESS);
  await sweep(ctx.db, new Date(now.getTime() - 24 * 3600_000));
  return startSession(ctx, user, 'password', client);
}
