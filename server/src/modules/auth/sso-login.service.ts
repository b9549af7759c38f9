import { createPublicKey } from 'node:crypto';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { AppContext } from '../../context';
import { AppError, unauthorized } from '../../http/app-error';
import * as users from '../users/user.repository';
import { loginRefused, type LoginAttempt, type LoginFailureReason } from './login-audit';
import { loginSwitches } from './login-switches';
import { startSession, type ClientInfo, type IssuedToken } from './session.service';

/** An SSO token may live at most this long from issue to expiry. */
export const SSO_MAX_LIFETIME_S = 300;
/** Tolerated difference between the issuer's clock and ours. */
const CLOCK_SKEW_S = 30;

/**
 * Single sign-on from a trusted system: a short-lived JWT signed with the configured shared
 * secret (HS256) or key pair (RS256/ES256), naming the user in `sub`, with a unique `jti`.
 * Expired, unsigned, wrongly signed, over-long and replayed tokens are refused (and audited).
 */
export async function ssoLogin(
  ctx: AppContext,
  token: string,
  client: ClientInfo,
): Promise<IssuedToken> {
  const { sharedSecret, publicKey, audience } = ctx.settings.sso;
  if (!sharedSecret && !publicKey) throw new AppError(501, 'sso.notConfigured');
  const anonymous = { method: 'sso', name: '', userId: null } as const;
  const refuse = (reason: LoginFailureReason, error: AppError, attempt: LoginAttempt = anonymous) =>
    loginRefused(ctx, client, attempt, reason, error);
  if (!(await loginSwitches(ctx.db)).sso) {
    throw await refuse('methodDisabled', new AppError(403, 'login.methodDisabled'));
  }
  const key = publicKey ? createPublicKey(publicKey) : new TextEncoder().encode(sharedSecret);
  const algorithms = publicKey ? ['RS256', 'ES256'] : ['HS256'];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms,
      audience,
      currentDate: ctx.now(),
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      throw await refuse('tokenExpired', unauthorized('sso.expired'));
    throw await refuse('tokenInvalid', unauthorized('sso.invalid'));
  }
  // The claims' types are the issuer's word: a `sub` or `jti` that is not a plain string
  // (an array, a number, an object) is an invalid token, not a server error.
  const { exp = 0, iat = 0 } = payload;
  const { jti, sub } = payload as { jti?: unknown; sub?: unknown };
  if (typeof sub !== 'string' || typeof jti !== 'string' || sub === '' || sub.length > 100)
    throw await refuse('tokenInvalid', unauthorized('sso.invalid'));
  const nowS = Math.floor(ctx.now().getTime() / 1000);
  // Lifetime counts from now as well as from iat, so a token "issued" in the future cannot outlive it.
  const tooLong = exp - iat > SSO_MAX_LIFETIME_S || exp - nowS > SSO_MAX_LIFETIME_S;
  if (tooLong || iat > nowS + CLOCK_SKEW_S || jti.length > 200) {
    throw await refuse('tokenInvalid', unauthorized('sso.invalid'));
  }
  const user = await users.findByUsername(ctx.db, sub);
  const attempt = { method: 'sso', name: sub, userId: user?.id ?? null } as const;
  if (!user || user.disabled) {
    const reason = user ? 'disabled' : 'unknownUser';
    throw await refuse(reason, unauthorized('sso.unknownUser'), attempt);
  }
  const fresh = await ctx.db
    .insertInto('sso_used_tokens')
    .values({ jti, expires_at: new Date(exp * 1000) })
    .onConflict((oc) => oc.doNothing())
    .returning('jti')
    .executeTakeFirst();
  if (!fresh) throw await refuse('tokenReplayed', unauthorized('sso.replayed'), attempt);
  await ctx.db.deleteFrom('sso_used_tokens').where('expires_at', '<', ctx.now()).execute();
  return startSession(ctx, user, 'sso', client);
}
