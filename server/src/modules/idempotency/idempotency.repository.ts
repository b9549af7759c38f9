import type { Db } from '../../context';
import type { IdempotencyKeysTable } from '../../db/schema';
import type { Selectable } from 'kysely';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

export interface KeyRef {
  principal: string;
  key: string;
}

/** Claims a key for a first request; false when a row for it exists already. */
export async function claim(
  db: Db,
  ref: KeyRef,
  endpoint: string,
  requestHash: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ ...ref, endpoint, request_hash: requestHash, created_at: now })
    .onConflict((oc) => oc.columns(['principal', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export function find(db: Db, ref: KeyRef): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('principal', '=', ref.principal)
    .where('key', '=', ref.key)
    .executeTakeFirst();
}

/**
 * Takes over a claim whose request never answered (its node stopped) — only if it is still the
 * same unanswered claim, so two retries cannot both take it.
 */
export async function takeOver(db: Db, ref: KeyRef, claimedAt: Date, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ created_at: now })
    .where('principal', '=', ref.principal)
    .where('key', '=', ref.key)
    .where('status', 'is', null)
    .where('created_at', '=', claimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function saveAnswer(
  db: Db,
  ref: KeyRef,
  status: number,
  response: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status, response })
    .where('principal', '=', ref.principal)
    .where('key', '=', ref.key)
    .execute();
}

export async function release(db: Db, ref: KeyRef): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('principal', '=', ref.principal)
    .where('key', '=', ref.key)
    .execute();
}

/** Forgets keys older than `before` (they may be used again). */
export async function sweep(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
