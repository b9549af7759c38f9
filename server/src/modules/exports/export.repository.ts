import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { Db } from '../../context';

/** SQL of the export history and jobs (migrations 006, 013). */

export interface ExportRecordsTable {
  id: Generated<number>;
  user_id: number;
  unit_id: number | null;
  format: 'xlsx' | 'csv' | 'docx' | 'print';
  status: 'queued' | 'running' | 'done' | 'failed' | 'expired';
  rows: Generated<number>;
  total: number | null;
  masked: boolean;
  columns: Generated<string[]>;
  filter: ColumnType<Record<string, unknown>, string, string>;
  order_ids: number[] | null;
  file_name: string | null;
  file_path: string | null;
  error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Touched while a job runs; a stale one was left behind by a stopped node. */
  heartbeat_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

type ExportDb = Kysely<{
  export_records: ExportRecordsTable;
  users: { id: number; realname: string };
}>;
const edb = (db: Db) =>
  db.withTables<{ export_records: ExportRecordsTable }>() as unknown as ExportDb;

export interface NewExportRecord {
  userId: number;
  unitId: number;
  format: ExportRecordsTable['format'];
  status: ExportRecordsTable['status'];
  total: number | null;
  masked: boolean;
  columns: readonly string[];
  filter: Record<string, unknown>;
  orderIds: readonly number[] | null;
  fileName: string | null;
  at: Date;
}

export async function insertRecord(db: Db, r: NewExportRecord): Promise<number> {
  const row = await edb(db)
    .insertInto('export_records')
    .values({
      user_id: r.userId,
      unit_id: r.unitId,
      format: r.format,
      status: r.status,
      total: r.total,
      masked: r.masked,
      columns: sql<string[]>`${[...r.columns]}::text[]`,
      filter: JSON.stringify(r.filter),
      order_ids: r.orderIds ? sql<number[]>`${[...r.orderIds]}::int[]` : null,
      file_name: r.fileName,
      file_path: null,
      error: null,
      created_at: r.at,
      finished_at: r.status === 'done' ? r.at : null,
      heartbeat_at: r.status === 'done' ? null : r.at,
      ...(r.status === 'done' && r.total !== null ? { rows: r.total } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRecord(
  db: Db,
  id: number,
  patch: Partial<{
    status: ExportRecordsTable['status'];
    rows: number;
    total: number;
    filePath: string | null;
    error: string;
    finishedAt: Date;
    heartbeatAt: Date;
  }>,
  /** Only while the job is still running (progress never overwrites an ended job). */
  onlyRunning = false,
): Promise<void> {
  let q = edb(db)
    .updateTable('export_records')
    .set({
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.rows !== undefined ? { rows: patch.rows } : {}),
      ...(patch.total !== undefined ? { total: patch.total } : {}),
      ...(patch.filePath !== undefined ? { file_path: patch.filePath } : {}),
      ...(patch.error !== undefined ? { error: patch.error } : {}),
      ...(patch.finishedAt ? { finished_at: patch.finishedAt } : {}),
      ...(patch.heartbeatAt ? { heartbeat_at: patch.heartbeatAt } : {}),
    })
    .where('id', '=', id);
  if (onlyRunning) q = q.where('status', '=', 'running');
  await q.execute();
}

const recordQuery = (db: Db) =>
  edb(db)
    .selectFrom('export_records as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .selectAll('e')
    .select('u.realname as user_name');

export type RecordRow = Awaited<
  ReturnType<ReturnType<typeof recordQuery>['executeTakeFirstOrThrow']>
>;

export async function findRecord(db: Db, id: number): Promise<RecordRow | undefined> {
  return recordQuery(db).where('e.id', '=', id).executeTakeFirst();
}

export async function listRecords(
  db: Db,
  userId: number | null,
  page: { limit: number; offset: number },
): Promise<{ rows: RecordRow[]; total: number }> {
  let q = recordQuery(db);
  let c = edb(db)
    .selectFrom('export_records')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (userId !== null) {
    q = q.where('e.user_id', '=', userId);
    c = c.where('user_id', '=', userId);
  }
  const [rows, count] = await Promise.all([
    q.orderBy('e.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    c.executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function runningJobs(db: Db, userId: number): Promise<number> {
  const row = await edb(db)
    .selectFrom('export_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface EndedJob {
  id: number;
  user_id: number;
  rows: number;
  total: number | null;
  file_path: string | null;
}

/**
 * Jobs a stopped node left behind — still queued or running, but no heartbeat since
 * `staleBefore` (all of them when `staleBefore` is null: the only node is starting) — are
 * marked failed with `error`; their partial files are returned for deletion.
 */
export async function failAbandonedJobs(
  db: Db,
  at: Date,
  staleBefore: Date | null,
  error: string,
): Promise<EndedJob[]> {
  const stale = staleBefore ? sql`AND coalesce(heartbeat_at, created_at) < ${staleBefore}` : sql``;
  const { rows } = await sql<EndedJob>`
    UPDATE export_records e SET status = 'failed', error = ${error}, finished_at = ${at},
      file_path = NULL
    FROM (SELECT id, file_path FROM export_records
          WHERE status IN ('queued', 'running') ${stale} FOR UPDATE) old
    WHERE e.id = old.id
    RETURNING e.id, e.user_id, e.rows, e.total, old.file_path`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Finished jobs whose file is older than `finishedBefore`: marked `expired` and their file
 * path cleared in one statement; the paths are returned for deletion.
 */
export async function expireJobFiles(db: Db, finishedBefore: Date): Promise<EndedJob[]> {
  const { rows } = await sql<EndedJob>`
    UPDATE export_records e SET status = 'expired', file_path = NULL
    FROM (SELECT id, file_path FROM export_records
          WHERE file_path IS NOT NULL AND status = 'done'
            AND finished_at < ${finishedBefore} FOR UPDATE) old
    WHERE e.id = old.id
    RETURNING e.id, e.user_id, e.rows, e.total, old.file_path`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The lookup tables the exported names come from (small: read once per export). */
export async function exportLookups(db: Db) {
  const [units, categories] = await Promise.all([
    db.selectFrom('units').select(['id', 'name', 'kind', 'code', 'parent_id']).execute(),
    db.selectFrom('problem_categories').select(['id', 'code', 'name', 'parent_id']).execute(),
  ]);
  return { units, categories };
}

export async function userNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('users').select(['id', 'realname']).execute();
  return new Map(rows.map((r) => [r.id, r.realname]));
}
