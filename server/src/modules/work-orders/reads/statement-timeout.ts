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
 *
 * The transaction starts and takes its limit in one round trip (`BEGIN; SET LOCAL …` as one
 * simple-protocol message) rather than Kysely's `begin` and a `set_config` after it: every list
 * page runs here, and a round trip on loopback cost the server about 50 µs of CPU and
 * PostgreSQL 40 (docs/performance.md, "Forty-third session").
 */
export async function withStatementTimeout<T>(
  db: Db,
  ms: number,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (ms <= 0) return work(db);
  if (!Number.isSafeInteger(ms)) throw new RangeError(`statement timeout ${ms} ms`);
  return db.connection().execute(async (conn) => {
    await sql.raw(`BEGIN; SET LOCAL statement_timeout = ${ms}`).execute(conn);
    let result: T;
    try {
      result = await work(conn);
    } catch (error) {
      // A broken connection cannot roll back; the pool drops it, and the error is the news.
      await sql
        .raw('ROLLBACK')
        .execute(conn)
        .catch(() => undefined);
      throw error;
    }
    await sql.raw('COMMIT').execute(conn);
    return result;
  });
}
