import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../context';
import { recordAudit, type AuditActor } from '../audit';

/**
 * Keys of the systems that push orders in (the city centre). Only the SHA-256 of a key is
 * stored; the key itself is shown once, when it is made. Keys are 32 random bytes, so a plain
 * hash (no salt, no slow KDF) is enough: there is nothing to guess. One code for the
 * `integration:key` command and the console's administration (`/admin/key/*`): same format,
 * same hash, same table.
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

/** One key's row (never the key), row-locked for a revoke. */
export function findIntegrationKey(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  let query = db
    .selectFrom('integration_keys')
    .select(['id', 'name', 'created_at', 'revoked_at'])
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
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

export type IntegrationKeyRow = NonNullable<Awaited<ReturnType<typeof findIntegrationKey>>>;

/**
 * Makes a key and its `key.create` audit row in one transaction (the console and the command
 * alike); the key is in the answer only, never in the row.
 */
export async function issueIntegrationKey(
  db: Db,
  name: string,
  actor: AuditActor,
): Promise<{ row: IntegrationKeyRow; key: string }> {
  return db.transaction().execute(async (trx) => {
    const created = await createIntegrationKey(trx, name);
    const row = (await findIntegrationKey(trx, created.id))!;
    await recordAudit(trx, actor, {
      action: 'key.create',
      target: { type: 'integrationKey', id: row.id, name: row.name },
    });
    return { row, key: created.key };
  });
}

/**
 * Revokes a live key with its `key.revoke` audit row, in one transaction. The intake endpoint
 * looks the key up on every call, so the next call with it is refused.
 */
export async function revokeIntegrationKeyAudited(
  db: Db,
  id: number,
  actor: AuditActor,
  at: Date,
): Promise<{ row: IntegrationKeyRow } | { missing: true } | { revokedAt: Date }> {
  return db.transaction().execute(async (trx) => {
    const current = await findIntegrationKey(trx, id, { forUpdate: true });
    if (!current) return { missing: true as const };
    if (current.revoked_at) return { revokedAt: current.revoked_at };
    await revokeIntegrationKey(trx, id, at);
    await recordAudit(trx, actor, {
      action: 'key.revoke',
      target: { type: 'integrationKey', id, name: current.name },
    });
    return { row: { ...current, revoked_at: at } };
  });
}
