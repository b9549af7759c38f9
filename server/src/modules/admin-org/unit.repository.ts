import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../context';
import { COUNT_CAP } from './org-refusals';

/**
 * SQL of the unit tree's administration. The reference checks of disable and delete read
 * indexes only (users_unit_idx, units_parent_idx, the partial open-order index, the host
 * index, the co-host GIN index, order_assignments_unit_idx) and stop after COUNT_CAP + 1
 * rows, so they stay fast on a table of a million orders.
 */

export interface UnitRow {
  id: number;
  code: string;
  name: string;
  kind: string;
  parent_id: number | null;
  sort: number;
  disabled: boolean;
}

const UNIT_COLUMNS = ['id', 'code', 'name', 'kind', 'parent_id', 'sort', 'disabled'] as const;

/** Every unit with how many enabled users it has. */
export async function listUnits(db: Db): Promise<(UnitRow & { user_count: number })[]> {
  const rows = await db
    .selectFrom('units as u')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('users')
          .select(['unit_id', (e) => e.fn.countAll<number>().as('n')])
          .where('disabled', '=', false)
          .groupBy('unit_id')
          .as('c'),
      (join) => join.onRef('c.unit_id', '=', 'u.id'),
    )
    .select(UNIT_COLUMNS.map((c) => `u.${c}` as const))
    .select('c.n')
    .orderBy('u.sort')
    .orderBy('u.id')
    .execute();
  return rows.map(({ n, ...r }) => ({ ...r, user_count: Number(n ?? 0) }));
}

export async function enabledUserCount(db: Db, unitId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('unit_id', '=', unitId)
    .where('disabled', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One unit, optionally locked: 'change' for a unit an administrator renames, moves, disables
 * or enables (FOR NO KEY UPDATE: it waits for a dispatch naming the unit, which share-locks
 * it, but not for the orders and history rows that merely reference it); 'delete' for one
 * about to be deleted (FOR UPDATE); 'share' for a parent the change relies on.
 */
export async function findUnit(
  db: Db,
  id: number,
  lock?: 'change' | 'delete' | 'share',
): Promise<UnitRow | undefined> {
  let query = db.selectFrom('units').select(UNIT_COLUMNS).where('id', '=', id);
  if (lock === 'change') query = query.forNoKeyUpdate();
  if (lock === 'delete') query = query.forUpdate();
  if (lock === 'share') query = query.forShare();
  return query.executeTakeFirst();
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('units').select('id').where('code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The codes that start with `prefix` (the candidates a generated code must avoid). */
export async function codesStartingWith(db: Db, prefix: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('units')
    .select('code')
    .where(sql<boolean>`left(code, ${prefix.length}) = ${prefix}`)
    .execute();
  return new Set(rows.map((r) => r.code));
}

export async function insertUnit(
  trx: Db,
  values: { code: string; name: string; kind: string; parent_id: number | null; sort: number },
): Promise<UnitRow> {
  return trx.insertInto('units').values(values).returning(UNIT_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateUnit(
  trx: Db,
  id: number,
  set: Partial<Pick<UnitRow, 'code' | 'name' | 'sort' | 'parent_id' | 'disabled'>>,
): Promise<UnitRow> {
  return trx
    .updateTable('units')
    .set(set)
    .where('id', '=', id)
    .returning(UNIT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The ids from `id` up to the top of the tree (`id` included). */
export async function ancestorIds(db: Db, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM units WHERE id = ${id}
      UNION ALL
      SELECT u.id, u.parent_id, up.depth + 1 FROM units u JOIN up ON u.id = up.parent_id
       WHERE up.depth < 32
    )
    SELECT id FROM up`.execute(db);
  return rows.map((r) => r.id);
}

/** How many rows a query finds, up to COUNT_CAP + 1 (more is shown as "1000+"). */
async function cappedCount(db: Db, from: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (${from} LIMIT ${COUNT_CAP + 1}) t`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface DisableBlockers {
  enabledUsers: number;
  enabledSubUnits: number;
  /** Open orders (status 0, 1, 11, 12) the unit hosts or co-hosts. */
  openOrders: number;
}

/**
 * What keeps a unit from being disabled. The open-order count reads the partial index of open
 * orders (work_orders_open_idx, which carries host_unit_id and co_host_unit_ids), never the
 * unit's closed history.
 */
export async function disableBlockers(db: Db, id: number): Promise<DisableBlockers> {
  // One after the other: in a transaction they share one connection anyway.
  return {
    enabledUsers: await cappedCount(
      db,
      sql`SELECT 1 FROM users WHERE unit_id = ${id} AND NOT disabled`,
    ),
    enabledSubUnits: await cappedCount(
      db,
      sql`SELECT 1 FROM units WHERE parent_id = ${id} AND NOT disabled`,
    ),
    openOrders: await cappedCount(
      db,
      sql`SELECT 1 FROM work_orders
           WHERE status IN (0, 1, 11, 12)
             AND (host_unit_id = ${id} OR ${id}::int = ANY (co_host_unit_ids))`,
    ),
  };
}

export interface DeleteBlockers {
  users: number;
  subUnits: number;
  hostOrders: number;
  coHostOrders: number;
  /** Any dispatch record (also of orders since given to another host). */
  assignments: number;
}

/**
 * The references of a unit that indexes can find (the rest — orders naming it as their
 * community, history entries, requests, export records — the foreign keys report on delete).
 */
export async function deleteBlockers(db: Db, id: number): Promise<DeleteBlockers> {
  return {
    users: await cappedCount(db, sql`SELECT 1 FROM users WHERE unit_id = ${id}`),
    subUnits: await cappedCount(db, sql`SELECT 1 FROM units WHERE parent_id = ${id}`),
    hostOrders: await cappedCount(db, sql`SELECT 1 FROM work_orders WHERE host_unit_id = ${id}`),
    coHostOrders: await cappedCount(
      db,
      sql`SELECT 1 FROM work_orders WHERE co_host_unit_ids @> ARRAY[${id}]::int[]`,
    ),
    assignments: await cappedCount(db, sql`SELECT 1 FROM order_assignments WHERE unit_id = ${id}`),
  };
}

export async function deleteUnit(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('units').where('id', '=', id).execute();
}
