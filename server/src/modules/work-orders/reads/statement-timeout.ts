import { sql } from 'kysely';
import type { Db } from '../../../context';

/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = '57014';

export const isQueryCanceled = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === QUERY_CANCELED;

/**
 * Runs `work` in a transaction of its own whose statements may each run at most `ms`
 * milliseconds (`SET LOCAL statement_timeout`, so the setting ends with the transaction; a
 * statement waiting for a lock counts its wait). A statement past it fails with
 * `isQueryCanceled`. `ms` 0: no transaction, no limit. PGlite has no statement timeout: there
 * the statements always finish.
 */
export async function withStatementTimeout<T>(
  db: Db,
  ms: number,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (ms <= 0) return work(db);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('statement_timeout', ${String(ms)}, true)`.execute(trx);
    return work(trx);
  });
}
