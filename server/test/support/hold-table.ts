import { sql } from 'kysely';
import type { Db } from '../../src/context';

/**
 * Another transaction holding `table` — or each of several (ACCESS EXCLUSIVE) — until
 * released: a statement that reads one waits for it, so a statement timeout ends it deterministically. PostgreSQL
 * only (PGlite has one connection: the waiting statement would never start).
 */
export async function holdTable(db: Db, table: string | readonly string[]) {
  const tables = typeof table === 'string' ? [table] : table;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE ${sql.join(tables.map((t) => sql.table(t)))} IN ACCESS EXCLUSIVE MODE`.execute(
      trx,
    );
    locked();
    await held;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}
