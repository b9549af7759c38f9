import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileStore } from '../../ports';
import { PgFileStore } from './pg-file-store';

/**
 * The file store of a node: uploads, recordings and CSV export files, shared by every node on
 * the database. The one place an implementation is chosen — PostgreSQL today; an
 * S3-compatible store would be picked here from a setting (docs/decisions/0007).
 */
export function fileStoreOf(ctx: { db: Kysely<Database>; now(): Date }): FileStore {
  return new PgFileStore(ctx.db, () => ctx.now());
}
