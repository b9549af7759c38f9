import { sql } from 'kysely';
import type { Db } from '../../context';

/** The row of the attempts from every address an account has not signed in from. */
export const ANY_NEW_ADDRESS = '*';
/** The row of an account's wrong old passwords when changing it (users/account.service.ts). */
export const PASSWORD_CHANGE = 'password-change';

export interface AttemptSlot {
  /** This attempt's place in its window (1 = the first), counted before the check. */
  attempt: number;
  /** The end of a lock still running when the attempt came; null when none. */
  lockedUntil: Date | null;
}

/**
 * Takes one attempt for a (name, address) row in one statement, so parallel attempts each get
 * their own place in the window: a lock still running is kept; a lock that has ended, or a window
 * older than `windowMs`, starts a new window at this attempt.
 */
export async function takeAttempt(
  db: Db,
  nameKey: string,
  address: string,
  now: Date,
  windowMs: number,
): Promise<AttemptSlot> {
  const windowOpen = new Date(now.getTime() - windowMs);
  const { rows } = await sql<{ attempts: number; locked_until: Date | null }>`
    INSERT INTO login_attempts AS a (name_key, address, attempts, window_start, locked_until)
    VALUES (${nameKey}, ${address}, 1, ${now}, NULL)
    ON CONFLICT (name_key, address) DO UPDATE SET
      attempts = CASE
        WHEN a.locked_until > ${now} THEN a.attempts + 1
        WHEN a.locked_until IS NOT NULL OR a.window_start <= ${windowOpen} THEN 1
        ELSE a.attempts + 1 END,
      window_start = CASE
        WHEN a.locked_until > ${now} THEN a.window_start
        WHEN a.locked_until IS NOT NULL OR a.window_start <= ${windowOpen} THEN ${now}
        ELSE a.window_start END,
      locked_until = CASE WHEN a.locked_until > ${now} THEN a.locked_until ELSE NULL END
    RETURNING attempts, locked_until`.execute(db);
  const row = rows[0]!;
  const lockedUntil =
    row.locked_until && new Date(row.locked_until) > now ? row.locked_until : null;
  return { attempt: Number(row.attempts), lockedUntil: lockedUntil && new Date(lockedUntil) };
}

/** Locks a row until `until` unless a lock is already running (a parallel attempt's). */
export async function lockRow(
  db: Db,
  nameKey: string,
  address: string,
  now: Date,
  until: Date,
): Promise<Date> {
  const { rows } = await sql<{ locked_until: Date }>`
    UPDATE login_attempts SET locked_until = CASE
      WHEN locked_until > ${now} THEN locked_until ELSE ${until}::timestamptz END
    WHERE name_key = ${nameKey} AND address = ${address}
    RETURNING locked_until`.execute(db);
  return rows[0] ? new Date(rows[0].locked_until) : until;
}

/** Forgets a (name, address) row: the right password was given from that address. */
export async function clearAddress(db: Db, nameKey: string, address: string): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('name_key', '=', nameKey)
    .where('address', '=', address)
    .execute();
}

/** Gives back an attempt that proved the password right (it is no guess). */
export async function giveBack(db: Db, nameKey: string, address: string): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set((eb) => ({ attempts: sql<number>`GREATEST(${eb.ref('attempts')} - 1, 0)` }))
    .where('name_key', '=', nameKey)
    .where('address', '=', address)
    .execute();
}

/** Forgets every row of a name (an administrator's unlock, a password reset). */
export async function clearName(db: Db, nameKey: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('name_key', '=', nameKey).execute();
}

/** The latest end of a running lock of a name, from any address; null when none runs. */
export async function runningLock(db: Db, nameKey: string, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.max('locked_until').as('until'))
    .where('name_key', '=', nameKey)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.until ? new Date(row.until) : null;
}

/** Deletes rows whose window and lock both ended before `before` (the retention sweep). */
export async function sweep(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('login_attempts')
    .where('window_start', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether the user has had a session started from this address since `since`. */
export async function isKnownAddress(
  db: Db,
  userId: number,
  address: string,
  since: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip', '=', address)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
