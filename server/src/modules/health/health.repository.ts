import { sql } from 'kysely';
import type { Db } from '../../context';

/** The statements of the readiness check: one trivial query, and the applied migrations. */

export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

export async function appliedMigrations(db: Db): Promise<Set<string>> {
  const result = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
  return new Set(result.rows.map((r) => r.name));
}
