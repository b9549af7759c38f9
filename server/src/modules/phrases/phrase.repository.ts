import type { Selectable } from 'kysely';
import type { PhraseCategory, PhraseScope } from '@hotline/domain';
import type { Db } from '../../context';
import type { PhrasesTable } from '../../db/schema';

/** SQL of the common phrases (常用语); every query names its owner, so scope is in the SQL. */

export type PhraseRow = Selectable<PhrasesTable>;

/** Who a phrase belongs to: one user, or one unit (shared). */
export type PhraseOwner = { scope: 'user'; userId: number } | { scope: 'unit'; unitId: number };

const COLUMNS = [
  'id',
  'scope',
  'user_id',
  'unit_id',
  'category',
  'text',
  'sort',
  'updated_at',
] as const;

function owned(db: Db, owner: PhraseOwner) {
  const query = db.selectFrom('phrases').where('scope', '=', owner.scope);
  return owner.scope === 'user'
    ? query.where('user_id', '=', owner.userId)
    : query.where('unit_id', '=', owner.unitId);
}

/** An owner's phrases in their order; with `categories`, only those. */
export async function listPhrases(
  db: Db,
  owner: PhraseOwner,
  categories?: readonly PhraseCategory[],
): Promise<PhraseRow[]> {
  let query = owned(db, owner).select(COLUMNS);
  if (categories) query = query.where('category', 'in', categories);
  return (await query.orderBy('sort').orderBy('id').execute()) as PhraseRow[];
}

export async function countPhrases(db: Db, owner: PhraseOwner): Promise<number> {
  const { n } = await owned(db, owner)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Locks the owner's row (user or unit), so concurrent creates count one after the other. */
export async function lockOwner(db: Db, owner: PhraseOwner): Promise<void> {
  if (owner.scope === 'user') {
    await db.selectFrom('users').select('id').where('id', '=', owner.userId).forUpdate().execute();
  } else {
    await db.selectFrom('units').select('id').where('id', '=', owner.unitId).forUpdate().execute();
  }
}

/** One phrase by id, whoever owns it (the service checks the owner), locked for a change. */
export async function findPhraseForUpdate(db: Db, id: number): Promise<PhraseRow | undefined> {
  return (await db
    .selectFrom('phrases')
    .select(COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()) as PhraseRow | undefined;
}

export async function insertPhrase(
  db: Db,
  owner: PhraseOwner,
  values: { category: PhraseCategory; text: string; sort: number; createdBy: number; now: Date },
): Promise<PhraseRow> {
  return (await db
    .insertInto('phrases')
    .values({
      scope: owner.scope satisfies PhraseScope,
      user_id: owner.scope === 'user' ? owner.userId : null,
      unit_id: owner.scope === 'unit' ? owner.unitId : null,
      category: values.category,
      text: values.text,
      sort: values.sort,
      created_by: values.createdBy,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()) as PhraseRow;
}

/** The next sort number of an owner: after its last phrase. */
export async function nextSort(db: Db, owner: PhraseOwner): Promise<number> {
  const { max } = await owned(db, owner)
    .select((eb) => eb.fn.max<number | null>('sort').as('max'))
    .executeTakeFirstOrThrow();
  return max === null ? 0 : Math.min(Number(max) + 1, 9999);
}

export async function updatePhrase(
  db: Db,
  id: number,
  changes: { category?: PhraseCategory; text?: string; sort?: number; now: Date },
): Promise<PhraseRow> {
  const { now, ...rest } = changes;
  return (await db
    .updateTable('phrases')
    .set({ ...rest, updated_at: now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()) as PhraseRow;
}

export async function deletePhrase(db: Db, id: number): Promise<void> {
  await db.deleteFrom('phrases').where('id', '=', id).execute();
}
