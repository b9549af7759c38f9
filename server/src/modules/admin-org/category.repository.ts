import { sql } from 'kysely';
import type { Db } from '../../context';

/** SQL of the problem categories' administration (a few hundred rows: plain reads). */

export interface CategoryRow {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  level: number;
  sort: number;
  disabled: boolean;
}

const COLUMNS = ['id', 'code', 'name', 'parent_id', 'level', 'sort', 'disabled'] as const;

export async function listCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .selectFrom('problem_categories')
    .select(COLUMNS)
    .orderBy('level')
    .orderBy('sort')
    .orderBy('code')
    .execute();
}

/**
 * One category; `lock` as for units: 'change' (FOR NO KEY UPDATE, so orders naming it are not
 * held up) for the one changed, 'share' for a parent the change relies on.
 */
export async function findCategory(
  db: Db,
  id: number,
  lock?: 'change' | 'share',
): Promise<CategoryRow | undefined> {
  let query = db.selectFrom('problem_categories').select(COLUMNS).where('id', '=', id);
  if (lock === 'change') query = query.forNoKeyUpdate();
  if (lock === 'share') query = query.forShare();
  return query.executeTakeFirst();
}

export async function codeTaken(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('problem_categories')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  return row !== undefined;
}

export async function codesStartingWith(db: Db, prefix: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('problem_categories')
    .select('code')
    .where(sql<boolean>`left(code, ${prefix.length}) = ${prefix}`)
    .execute();
  return new Set(rows.map((r) => r.code));
}

export async function insertCategory(
  trx: Db,
  values: { code: string; name: string; parent_id: number | null; level: number; sort: number },
): Promise<CategoryRow> {
  return trx
    .insertInto('problem_categories')
    .values(values)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateCategory(
  trx: Db,
  id: number,
  set: Partial<Pick<CategoryRow, 'name' | 'sort' | 'parent_id' | 'disabled'>>,
): Promise<CategoryRow> {
  return trx
    .updateTable('problem_categories')
    .set(set)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Disables the enabled categories below `id` (two levels at most); answers their ids. */
export async function disableDescendants(trx: Db, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    WITH RECURSIVE down(id) AS (
      SELECT id FROM problem_categories WHERE parent_id = ${id}
      UNION ALL
      SELECT c.id FROM problem_categories c JOIN down ON c.parent_id = down.id
    )
    UPDATE problem_categories SET disabled = true
     WHERE id IN (SELECT id FROM down) AND NOT disabled
    RETURNING id`.execute(trx);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
