import { sql } from 'kysely';
import type { Db } from '../../context';

/**
 * Another unit or category of the same name (trimmed, any case) directly under `parentId`
 * (null: at the top): two 望湖街道 under one district would be two identical choices in every
 * picker. Takes the parent's lock first, so two saves at once cannot both find the name free.
 */
export async function nameTakenUnder(
  db: Db,
  table: 'units' | 'problem_categories',
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`${table}-names:${parentId ?? 'top'}`}))`.execute(
    db,
  );
  const { rows } = await sql`
    SELECT 1 FROM ${sql.table(table)}
     WHERE lower(btrim(name)) = lower(btrim(${name}))
       AND parent_id IS NOT DISTINCT FROM ${parentId}::int
       AND id IS DISTINCT FROM ${exceptId ?? null}::int
     LIMIT 1`.execute(db);
  return rows.length > 0;
}
