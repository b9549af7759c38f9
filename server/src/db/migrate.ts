import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
const LOCK_ID = 7_341_234_5;

/**
 * Forward-only SQL migrations: every file in server/migrations, in name order, each applied once
 * inside its own transaction. An advisory lock keeps two nodes from migrating at the same time.
 */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const files = await migrationFiles();
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${LOCK_ID})`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(conn);
      const doneNames = new Set(done.rows.map((r) => r.name));
      for (const file of files) {
        if (doneNames.has(file)) continue;
        const text = await readFile(MIGRATIONS_DIR + file, 'utf8');
        await conn.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
        });
        applied.push(file);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${LOCK_ID})`.execute(conn);
    }
  });
  return applied;
}

/** The migration files this server ships, in the order they apply (readiness compares them). */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
}
