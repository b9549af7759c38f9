import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../context';

/**
 * Keys of the systems that push orders in (the city centre). Only the SHA-256 of a key is
 * stored; the key itself is shown once, when it is made. Keys are 32 random bytes, so a plain
 * hash (no salt, no slow KDF) is enough: there is nothing to guess.
 */

export interface Integration {
  id: number;
  name: string;
}

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export async function createIntegrationKey(
  db: Db,
  name: string,
): Promise<Integration & { key: string }> {
  const key = `hk_${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('integration_keys')
    .values({ name, key_hash: hashKey(key) })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { ...row, key };
}

/** The live integration a key belongs to; unknown and revoked keys answer alike. */
export async function findIntegration(db: Db, key: string): Promise<Integration | undefined> {
  if (key.length < 16 || key.length > 200) return undefined;
  return db
    .selectFrom('integration_keys')
    .select(['id', 'name'])
    .where('key_hash', '=', hashKey(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function revokeIntegrationKey(db: Db, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('integration_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listIntegrationKeys(db: Db) {
  return db
    .selectFrom('integration_keys')
    .select(['id', 'name', 'created_at', 'revoked_at'])
    .orderBy('id')
    .execute();
}
