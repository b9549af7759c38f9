import type { UnitKind } from '@hotline/domain';
import type { AppContext } from '../../context';
import { AppError, unauthorized } from '../../http/app-error';
import type { AuthContext } from './auth-context';
import { auditLoginSuccess, type ClientInfo, type LoginMethod } from './login-audit';
import * as sessions from './session.repository';
import { newOpaqueToken, sha256 } from './tokens';

/**
 * A token stops working this long after it was exchanged by a refresh: requests already on their
 * way with it still pass, and two tabs refreshing at once both get a token. Past it, the old
 * token is refused (401) for requests and for refresh, even before its own expiry.
 */
export const REFRESH_GRACE_MS = 10_000;

/** Whether a token was exchanged by a refresh longer than the grace ago. */
const replaced = (refreshedAt: Date | null, now: Date) =>
  refreshedAt !== null && now.getTime() - refreshedAt.getTime() > REFRESH_GRACE_MS;

export interface IssuedToken {
  token: string;
  expiresAt: string;
}

export type { ClientInfo };

async function issueToken(
  ctx: AppContext,
  db: AppContext['db'],
  sessionId: string,
): Promise<IssuedToken> {
  const now = ctx.now();
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + ctx.settings.accessTokenTtlSeconds * 1000);
  await sessions.insertToken(db, { tokenHash: sha256(token), sessionId, now, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * Starts a server-side session for a user who has just proved who they are; in the same
 * transaction the login is audited and `users.last_login_at` set.
 */
export async function startSession(
  ctx: AppContext,
  user: { id: number; username: string },
  method: LoginMethod,
  client: ClientInfo,
): Promise<IssuedToken> {
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.settings.sessionMaxAgeSeconds * 1000);
  const issued = await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ last_login_at: now }).where('id', '=', user.id).execute();
    await auditLoginSuccess(trx, user, method, client);
    const sessionId = await sessions.insertSession(trx, {
      userId: user.id,
      method,
      ip: client.ip,
      userAgent: client.userAgent,
      expiresAt,
      now,
    });
    return issueToken(ctx, trx, sessionId);
  });
  await sessions.deleteStaleTokens(ctx.db, new Date(now.getTime() - 7 * 24 * 3600 * 1000));
  return issued;
}

type Lookup = NonNullable<Awaited<ReturnType<typeof sessions.findByToken>>>;

function sessionAlive(row: Lookup, now: Date): boolean {
  return row.revoked_at === null && row.session_expires_at > now && !row.disabled;
}

/** A dead session's 401 says why when the account was disabled (the console tells the user). */
function deadSession(row: Lookup | undefined): AppError {
  return unauthorized(row?.disabled ? 'login.disabled' : 'session.invalid');
}

function toAuthContext(row: Lookup): AuthContext {
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    username: row.username,
    realname: row.realname,
    mobile: row.mobile,
    avatar: row.avatar,
    unit: {
      id: row.unit_id,
      kind: row.unit_kind as UnitKind,
      name: row.unit_name,
      code: row.unit_code,
      parentId: row.parent_id,
      parentKind: row.parent_kind as UnitKind | null,
    },
    roles: row.is_admin ? ['admin', ...row.roles.filter((r) => r !== 'admin')] : row.roles,
    rules: row.rules,
    acl: { admin: row.is_admin, roles: row.roles, permissions: row.rules },
    mustChangePassword: row.must_change_password,
  };
}

/**
 * Resolves a bearer token. Unknown token, revoked or too-old session, disabled account: 401. A
 * live session whose access token has expired: 402, which the console answers with one refresh.
 */
export async function authenticate(ctx: AppContext, token: string): Promise<AuthContext> {
  const row = await sessions.findByToken(ctx.db, sha256(token));
  const now = ctx.now();
  if (!row || !sessionAlive(row, now)) throw deadSession(row);
  // An expired token is told so first (402): the console then tries a refresh, which a replaced
  // token fails (401), and it goes to the login page.
  if (row.token_expires_at <= now) throw new AppError(402, 'session.tokenExpired');
  if (replaced(row.token_refreshed_at, now)) throw unauthorized('session.invalid');
  return toAuthContext(row);
}

/**
 * The session a token belongs to when it may still be used or refreshed — the lookup of
 * `authenticate`, with an expired access token accepted as `refresh` accepts it: the push
 * socket's opener (push.routes.ts). The session id stays the same across refreshes.
 */
export async function tokenSession(
  ctx: AppContext,
  token: string,
): Promise<{ userId: number; sessionId: string } | null> {
  const row = await sessions.findByToken(ctx.db, sha256(token));
  const now = ctx.now();
  if (!row || !sessionAlive(row, now) || replaced(row.token_refreshed_at, now)) return null;
  return { userId: row.user_id, sessionId: row.session_id };
}

/**
 * Exchanges an access token of a live session (expired or not) for a fresh one; the old token
 * dies REFRESH_GRACE_MS later.
 */
export async function refresh(ctx: AppContext, token: string): Promise<IssuedToken> {
  const tokenHash = sha256(token);
  const row = await sessions.findByToken(ctx.db, tokenHash);
  const now = ctx.now();
  if (!row || !sessionAlive(row, now)) throw deadSession(row);
  if (replaced(row.token_refreshed_at, now)) throw unauthorized('session.invalid');
  return ctx.db.transaction().execute(async (trx) => {
    await sessions.markTokenRefreshed(trx, tokenHash, now);
    return issueToken(ctx, trx, row.session_id);
  });
}

/** Ends the session the token belongs to; an unknown or dead token is already logged out. */
export async function endSession(ctx: AppContext, token: string): Promise<void> {
  const row = await sessions.findByToken(ctx.db, sha256(token));
  if (!row) return;
  await sessions.revokeSession(ctx.db, row.session_id, ctx.now());
  // Its push sockets (bound, or opened and not yet bound) close on every node.
  ctx.push?.hub.endSessions(row.user_id, [row.session_id]);
}
