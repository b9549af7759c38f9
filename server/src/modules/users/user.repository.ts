import { sql } from 'kysely';
import type { Db } from '../../context';
import type { UserRow } from '../../db/schema';

export function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

/** Locks the user row for the rest of the transaction (lock-out counting is race-free). */
export function lockById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function saveLoginFailures(
  db: Db,
  id: number,
  state: { failedLogins: number; firstFailedAt: Date | null; lockedUntil: Date | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      failed_logins: state.failedLogins,
      first_failed_at: state.firstFailedAt,
      locked_until: state.lockedUntil,
    })
    .where('id', '=', id)
    .execute();
}
