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

/** Shows the account as locked (for new addresses) to administrators until `lockedUntil`. */
export async function saveLoginFailures(
  db: Db,
  id: number,
  state: { lockedUntil: Date | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ locked_until: state.lockedUntil })
    .where('id', '=', id)
    .execute();
}

export function findById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A new password (already hashed) from the user themself: the one-time password is used up.
 * Only when the stored hash is still `expectedHash`, the one the old password was checked
 * against, so two changes at once cannot both succeed; answers whether it was saved.
 */
export async function saveOwnPassword(
  db: Db,
  id: number,
  change: { expectedHash: string; hash: string; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      password_hash: change.hash,
      password_changed_at: change.now,
      must_change_password: false,
      updated_at: change.now,
    })
    .where('id', '=', id)
    .where('password_hash', '=', change.expectedHash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
