import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../context';
import type { UserRow } from '../../db/schema';

/** SQL of the user administration (issue 17); every function takes the caller's transaction. */

/** One user as the administration shows them: their unit and roles joined in. */
export interface AdminUserRow {
  id: number;
  username: string;
  realname: string;
  mobile: string | null;
  unit_id: number;
  unit_name: string;
  unit_kind: string;
  group_ids: number[];
  group_titles: string[];
  is_admin: boolean;
  extra_rules: string[];
  disabled: boolean;
  locked_until: Date | null;
  must_change_password: boolean;
  last_login_at: Date | null;
  created_at: Date;
}

export interface UserFilter {
  keyword?: string | undefined;
  unitId?: number | undefined;
  groupId?: number | undefined;
  status?: 'active' | 'disabled' | 'locked' | undefined;
}

/** LIKE's wildcards and its escape character made literal. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The end of the user's lock: the lock of new addresses (mirrored on the user) or the latest of
 * the locks of single addresses (login_attempts, docs/decisions/0008-login-lock-out.md).
 */
const lockedUntil = sql<Date | null>`GREATEST(u.locked_until, (SELECT max(la.locked_until)
  FROM login_attempts la WHERE la.name_key = lower(u.username)))`;

function adminUsers(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('units as un', 'un.id', 'u.unit_id')
    .select([
      'u.id',
      'u.username',
      'u.realname',
      'u.mobile',
      'u.unit_id',
      'un.name as unit_name',
      'un.kind as unit_kind',
      'u.is_admin',
      'u.extra_rules',
      'u.disabled',
      lockedUntil.as('locked_until'),
      'u.must_change_password',
      'u.last_login_at',
      'u.created_at',
      sql<number[]>`COALESCE((SELECT array_agg(g.id ORDER BY g.id) FROM user_groups ug
        JOIN auth_groups g ON g.id = ug.group_id WHERE ug.user_id = u.id), '{}')`.as('group_ids'),
      sql<string[]>`COALESCE((SELECT array_agg(g.title ORDER BY g.id) FROM user_groups ug
        JOIN auth_groups g ON g.id = ug.group_id WHERE ug.user_id = u.id), '{}')`.as(
        'group_titles',
      ),
    ]);
}

function filterWhere(filter: UserFilter, now: Date): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    out.push(
      sql<SqlBool>`(u.username ILIKE ${pattern} OR u.realname ILIKE ${pattern}
                    OR u.mobile ILIKE ${pattern})`,
    );
  }
  if (filter.unitId !== undefined) out.push(sql<SqlBool>`u.unit_id = ${filter.unitId}`);
  if (filter.groupId !== undefined) {
    out.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM user_groups ug
                           WHERE ug.user_id = u.id AND ug.group_id = ${filter.groupId})`,
    );
  }
  if (filter.status === 'disabled') out.push(sql<SqlBool>`u.disabled`);
  if (filter.status === 'locked') out.push(sql<SqlBool>`${lockedUntil} > ${now}`);
  if (filter.status === 'active') {
    out.push(
      sql<SqlBool>`(NOT u.disabled AND (${lockedUntil} IS NULL OR ${lockedUntil} <= ${now}))`,
    );
  }
  return out;
}

export async function listUsers(
  db: Db,
  filter: UserFilter,
  now: Date,
  page: { offset: number; limit: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = filterWhere(filter, now);
  const [rows, count] = await Promise.all([
    adminUsers(db)
      .where((eb) => eb.and(where))
      .orderBy('u.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('users as u')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.and(where))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findUser(db: Db, id: number): Promise<AdminUserRow | undefined> {
  return adminUsers(db).where('u.id', '=', id).executeTakeFirst();
}

/** The user's row, locked for the rest of the transaction. */
export function lockUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Locks every active administrator's row and answers their ids: two administrators demoting or
 * disabling each other at once are serialised here, and the second sees the first's change.
 */
export async function lockActiveAdmins(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', true)
    .where('disabled', '=', false)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export interface SessionRow {
  id: string;
  method: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  expires_at: Date;
}

/** Sessions that still work: not revoked, not past their end. Newest first. */
export function activeSessions(db: Db, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'method', 'ip', 'user_agent', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Revokes the user's live sessions (all, or the one given); answers the ids revoked. */
export async function revokeSessions(
  db: Db,
  userId: number,
  now: Date,
  sessionId?: string,
): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (sessionId !== undefined) query = query.where('id', '=', sessionId);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Whether the session exists, belongs to the user and still works. */
export async function findLiveSession(
  db: Db,
  userId: number,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export interface UnitRef {
  id: number;
  code: string;
  name: string;
  kind: string;
  disabled: boolean;
}

export function findUnit(db: Db, id: number): Promise<UnitRef | undefined> {
  return db
    .selectFrom('units')
    .select(['id', 'code', 'name', 'kind', 'disabled'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function allUnits(db: Db): Promise<UnitRef[]> {
  return db
    .selectFrom('units')
    .select(['id', 'code', 'name', 'kind', 'disabled'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export interface GroupRef {
  id: number;
  name: string;
  title: string;
}

export function findGroups(db: Db, ids: readonly number[]): Promise<GroupRef[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('auth_groups')
    .select(['id', 'name', 'title'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

export function allGroups(db: Db): Promise<GroupRef[]> {
  return db.selectFrom('auth_groups').select(['id', 'name', 'title']).orderBy('id').execute();
}

/** The users holding any of these names (ignoring case) or mobiles. */
export function usersHolding(
  db: Db,
  usernames: readonly string[],
  mobiles: readonly string[],
): Promise<{ id: number; username: string; mobile: string | null }[]> {
  const lower = [...new Set(usernames.map((u) => u.toLowerCase()))];
  const phones = [...new Set(mobiles)];
  if (lower.length === 0 && phones.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'username', 'mobile'])
    .where((eb) =>
      eb.or([
        ...(lower.length > 0 ? [eb(sql<string>`lower(username)`, 'in', lower)] : []),
        ...(phones.length > 0 ? [eb('mobile', 'in', phones)] : []),
      ]),
    )
    .execute();
}

export interface NewUser {
  username: string;
  passwordHash: string;
  realname: string;
  mobile: string | null;
  unitId: number;
  isAdmin: boolean;
  extraRules: string[];
  now: Date;
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      password_hash: user.passwordHash,
      realname: user.realname,
      mobile: user.mobile,
      unit_id: user.unitId,
      is_admin: user.isAdmin,
      extra_rules: user.extraRules,
      must_change_password: true,
      created_at: user.now,
      updated_at: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the user's roles. */
export async function setGroups(db: Db, userId: number, groupIds: readonly number[]) {
  await db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto('user_groups')
    .values(groupIds.map((group_id) => ({ user_id: userId, group_id })))
    .execute();
}

export interface UserChanges {
  realname?: string;
  mobile?: string | null;
  unit_id?: number;
  is_admin?: boolean;
  extra_rules?: string[];
  disabled?: boolean;
  password_hash?: string;
  must_change_password?: boolean;
  failed_logins?: number;
  first_failed_at?: Date | null;
  locked_until?: Date | null;
}

export async function updateUser(db: Db, id: number, changes: UserChanges, now: Date) {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The lock-out state cleared (unlock, password reset). */
export const UNLOCKED = { failed_logins: 0, first_failed_at: null, locked_until: null } as const;

/** A PostgreSQL unique violation on the given index (a concurrent write got there first). */
export function isUniqueViolation(error: unknown, index: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === index;
}
