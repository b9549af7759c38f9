import { sql } from 'kysely';
import type { Db } from '../../context';
import { executePrepared } from '../../db/prepared';

export interface TokenLookup {
  token_expires_at: Date;
  token_refreshed_at: Date | null;
  session_id: string;
  session_expires_at: Date;
  revoked_at: Date | null;
  user_id: number;
  username: string;
  realname: string;
  mobile: string | null;
  avatar: string;
  is_admin: boolean;
  disabled: boolean;
  must_change_password: boolean;
  unit_id: number;
  unit_kind: string;
  unit_name: string;
  unit_code: string;
  parent_id: number | null;
  parent_kind: string | null;
  roles: string[];
  rules: string[];
}

/**
 * One query resolves a bearer token to its session, user, unit and rule strings (the roles'
 * rules and the user's own `extra_rules`, distinct and sorted). Every request's session check:
 * a prepared statement (db/prepared.ts), planned once per connection.
 */
export async function findByToken(db: Db, tokenHash: string): Promise<TokenLookup | undefined> {
  const rows = await executePrepared(
    db,
    sql<TokenLookup>`
    SELECT t.expires_at AS token_expires_at, t.refreshed_at AS token_refreshed_at,
           s.id AS session_id, s.expires_at AS session_expires_at, s.revoked_at,
           u.id AS user_id, u.username, u.realname, u.mobile, u.avatar, u.is_admin, u.disabled,
           u.must_change_password,
           un.id AS unit_id, un.kind AS unit_kind, un.name AS unit_name, un.code AS unit_code,
           un.parent_id, pu.kind AS parent_kind,
           COALESCE((SELECT array_agg(g.name ORDER BY g.name) FROM user_groups ug
                     JOIN auth_groups g ON g.id = ug.group_id WHERE ug.user_id = u.id), '{}') AS roles,
           COALESCE((SELECT array_agg(r ORDER BY r) FROM (
                       SELECT unnest(g.rules) AS r FROM user_groups ug
                         JOIN auth_groups g ON g.id = ug.group_id WHERE ug.user_id = u.id
                       UNION SELECT unnest(u.extra_rules)) AS granted), '{}') AS rules
      FROM session_tokens t
      JOIN sessions s ON s.id = t.session_id
      JOIN users u ON u.id = s.user_id
      JOIN units un ON un.id = u.unit_id
      LEFT JOIN units pu ON pu.id = un.parent_id
     WHERE t.token_hash = ${tokenHash}`,
  );
  return rows[0];
}

export async function insertSession(
  db: Db,
  row: {
    userId: number;
    method: 'password' | 'sms' | 'sso';
    ip: string;
    userAgent: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<string> {
  const inserted = await db
    .insertInto('sessions')
    .values({
      user_id: row.userId,
      method: row.method,
      ip: row.ip,
      user_agent: row.userAgent.slice(0, 500),
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertToken(
  db: Db,
  row: { tokenHash: string; sessionId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('session_tokens')
    .values({
      token_hash: row.tokenHash,
      session_id: row.sessionId,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function markTokenRefreshed(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable('session_tokens')
    .set({ refreshed_at: now })
    .where('token_hash', '=', tokenHash)
    .where('refreshed_at', 'is', null)
    .execute();
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user but one; answers the ids of the sessions it ended. */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Housekeeping: tokens long past use. Called from login, so it needs no scheduler. */
export async function deleteStaleTokens(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('session_tokens').where('expires_at', '<', before).execute();
}
