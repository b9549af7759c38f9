import { sql } from 'kysely';
import type { Db } from '../../../server/src/context';

/**
 * Secondary indexes are dropped before a bulk load and built once afterwards — far faster than
 * maintaining them row by row. Indexes that back a constraint (primary keys, UNIQUE) stay.
 */
export interface IndexDef {
  name: string;
  def: string;
}

export async function dropSecondaryIndexes(db: Db, tables: readonly string[]): Promise<IndexDef[]> {
  const { rows } = await sql<IndexDef>`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
     WHERE t.relname = ANY(${tables as string[]})
       AND t.relnamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)
     ORDER BY i.relname`.execute(db);
  for (const { name } of rows) await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
  return rows;
}

export async function createIndexes(
  run: (statement: string) => Promise<unknown>,
  defs: readonly IndexDef[],
  log: (line: string) => void,
): Promise<void> {
  for (const { name, def } of defs) {
    const started = performance.now();
    await run(def);
    log(`  index ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
