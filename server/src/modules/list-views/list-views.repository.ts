import { sql } from 'kysely';
import type { Db } from '../../context';

/** Saved views live in user_prefs under 'views:' + the list's key, as one JSON array. */
const prefKey = (key: string) => `views:${key}`;

/** The stored value, locked for the transaction's update when `forUpdate`. */
export async function readViews(
  db: Db,
  userId: number,
  key: string,
  forUpdate = false,
): Promise<unknown> {
  let q = db
    .selectFrom('user_prefs')
    .select('value')
    .where('user_id', '=', userId)
    .where('key', '=', prefKey(key));
  if (forUpdate) q = q.forUpdate();
  return (await q.executeTakeFirst())?.value ?? null;
}

export async function writeViews(
  db: Db,
  userId: number,
  key: string,
  views: readonly unknown[],
  now: Date,
): Promise<void> {
  const value = JSON.stringify(views);
  await db
    .insertInto('user_prefs')
    .values({ user_id: userId, key: prefKey(key), value, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value, updated_at: now }))
    .execute();
}

/**
 * Takes the (user, list) lock for the rest of the transaction: the first save of a list has no
 * row to lock yet, and two first saves at once must not both pass the limit.
 */
export async function lockViews(db: Db, userId: number, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`views:${userId}:${key}`}))`.execute(db);
}
