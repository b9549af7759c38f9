import { sql } from 'kysely';
import type { Db } from '../../../server/src/context';

/**
 * `bench:data --partition-by-year`: the simulation of docs/scale.md. After the migrations, and
 * before any order is loaded, `work_orders` is replaced by a table of the same columns
 * partitioned by RANGE (call_time), one partition per China-time year of the orders about to
 * be loaded plus the next year (where new orders go). Read from the catalog, so whatever the
 * migrations made of the table comes along:
 *
 * - columns, defaults, the identity of `id`, CHECKs (LIKE);
 * - the primary key and UNIQUE constraints gain `call_time` (a unique index of a partitioned
 *   table must contain the partition key): PK (id, call_time), UNIQUE (order_num, call_time);
 * - foreign keys from work_orders to other tables stay; foreign keys that reference
 *   work_orders(id) cannot (no unique key on id alone any more): they are dropped, in the
 *   benchmark database only, and listed in the log;
 * - secondary indexes are created on the parent (each partition gets its own), triggers
 *   (the queue tally) on the parent too (PostgreSQL 13+ clones row triggers to partitions);
 * - storage parameters (the autovacuum settings of migration 047) on each partition: a
 *   partitioned table has no storage of its own.
 *
 * Not for a production database: see docs/scale.md for what the server would have to change
 * (the intake's ON CONFLICT (order_num), the child tables' foreign keys).
 */
export interface PartitionReport {
  partitions: string[];
  droppedForeignKeys: string[];
}

interface Named {
  name: string;
  def: string;
}

/** A China-time year's first instant. */
const yearStart = (year: number) => `${year}-01-01 00:00:00+08`;
const chinaYear = (ms: number) => new Date(ms + 8 * 3_600_000).getUTCFullYear();

export async function partitionOrdersByYear(
  db: Db,
  callTimes: ArrayLike<number>,
  log: (line: string) => void,
): Promise<PartitionReport> {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < callTimes.length; i++) {
    const t = callTimes[i] as number;
    if (t < min) min = t;
    if (t > max) max = t;
  }
  if (!Number.isFinite(min)) throw new Error('partition-by-year: no orders to plan for');
  const years: number[] = [];
  for (let y = chinaYear(min); y <= chinaYear(max) + 1; y++) years.push(y);

  const report = await db.transaction().execute(async (trx) => {
    const kind = await sql<{ relkind: string }>`
      SELECT relkind FROM pg_class WHERE oid = 'public.work_orders'::regclass`.execute(trx);
    if (kind.rows[0]?.relkind === 'p') throw new Error('work_orders is already partitioned');
    const rows = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM work_orders LIMIT 1) s`.execute(trx);
    if ((rows.rows[0]?.n ?? 0) > 0) throw new Error('work_orders must be empty to partition it');

    const indexes = await sql<Named>`
      SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       WHERE x.indrelid = 'public.work_orders'::regclass
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`.execute(trx);
    // Keys and foreign keys of the table itself (CHECKs come along with LIKE).
    const own = await sql<Named & { type: string; self: boolean; cols: string[] }>`
      SELECT conname AS name, pg_get_constraintdef(oid) AS def, contype AS type,
             confrelid = conrelid AS self,
             ARRAY(SELECT attname::text FROM unnest(conkey) k
                     JOIN pg_attribute a ON a.attrelid = conrelid AND a.attnum = k) AS cols
        FROM pg_constraint
       WHERE conrelid = 'public.work_orders'::regclass AND contype IN ('p', 'u', 'f')
       ORDER BY contype DESC, conname`.execute(trx);
    const referencing = await sql<Named & { table: string }>`
      SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def
        FROM pg_constraint
       WHERE confrelid = 'public.work_orders'::regclass AND contype = 'f'
         AND conrelid <> 'public.work_orders'::regclass
       ORDER BY 1, 2`.execute(trx);
    const triggers = await sql<Named>`
      SELECT tgname AS name, pg_get_triggerdef(oid) AS def
        FROM pg_trigger WHERE tgrelid = 'public.work_orders'::regclass AND NOT tgisinternal
       ORDER BY tgname`.execute(trx);

    // The table's storage parameters (its autovacuum settings, migration 047): a partitioned
    // table has no storage of its own, so each partition takes them.
    const options = await sql<{ reloptions: string[] | null }>`
      SELECT reloptions FROM pg_class WHERE oid = 'public.work_orders'::regclass`.execute(trx);
    const reloptions = options.rows[0]?.reloptions ?? [];

    const dropped: string[] = [];
    for (const fk of referencing.rows) {
      await sql`ALTER TABLE ${sql.raw(fk.table)} DROP CONSTRAINT ${sql.ref(fk.name)}`.execute(trx);
      dropped.push(`${fk.table}.${fk.name} ${fk.def}`);
    }
    for (const fk of own.rows.filter((c) => c.type === 'f' && c.self))
      dropped.push(`work_orders.${fk.name} ${fk.def}`);

    await sql`CREATE TABLE work_orders_by_year (LIKE work_orders INCLUDING DEFAULTS
                INCLUDING GENERATED INCLUDING IDENTITY INCLUDING CONSTRAINTS INCLUDING STORAGE
                INCLUDING COMMENTS INCLUDING STATISTICS) PARTITION BY RANGE (call_time)`.execute(
      trx,
    );
    // No CASCADE: anything else that depends on the old table (a view, say) stops the build.
    await sql`DROP TABLE work_orders`.execute(trx);
    await sql`ALTER TABLE work_orders_by_year RENAME TO work_orders`.execute(trx);
    await sql`ALTER SEQUENCE IF EXISTS work_orders_by_year_id_seq RENAME TO work_orders_id_seq`.execute(
      trx,
    );
    const partitions: string[] = [];
    for (const y of years) {
      const name = `work_orders_y${y}`;
      await sql`CREATE TABLE ${sql.ref(name)} PARTITION OF work_orders
                  FOR VALUES FROM (${sql.lit(yearStart(y))}) TO (${sql.lit(yearStart(y + 1))})`.execute(
        trx,
      );
      if (reloptions.length > 0)
        await sql`ALTER TABLE ${sql.ref(name)} SET (${sql.raw(reloptions.join(', '))})`.execute(
          trx,
        );
      partitions.push(name);
    }
    for (const c of own.rows) {
      if (c.type === 'f') {
        if (!c.self)
          await sql`ALTER TABLE work_orders ADD CONSTRAINT ${sql.ref(c.name)} ${sql.raw(c.def)}`.execute(
            trx,
          );
        continue;
      }
      const cols = c.cols.includes('call_time') ? c.cols : [...c.cols, 'call_time'];
      const kindSql = c.type === 'p' ? sql`PRIMARY KEY` : sql`UNIQUE`;
      await sql`ALTER TABLE work_orders ADD CONSTRAINT ${sql.ref(c.name)} ${kindSql}
                  (${sql.join(cols.map((col) => sql.ref(col)))})`.execute(trx);
    }
    for (const i of indexes.rows) await sql.raw(onWholeTree(i.def)).execute(trx);
    for (const t of triggers.rows) await sql.raw(t.def).execute(trx);
    return { partitions, droppedForeignKeys: dropped };
  });
  log(
    `partitioned work_orders by year of call_time: ${report.partitions.join(', ')}; ` +
      `primary key (id, call_time); ${report.droppedForeignKeys.length} foreign keys to ` +
      `work_orders(id) dropped (benchmark database only):`,
  );
  for (const fk of report.droppedForeignKeys) log(`  - ${fk}`);
  return report;
}

/**
 * The definition of an index for the whole partition tree: PostgreSQL writes a partitioned
 * index's definition `ON ONLY` the parent, which would create it on the parent alone.
 */
export function onWholeTree(def: string): string {
  return def.replace(/ ON ONLY /, ' ON ');
}

/** Each partition's rows and size, for the build log. */
export async function partitionSizes(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string; n: number; size: string }>`
    SELECT c.relname AS name, c.reltuples::bigint AS n,
           pg_size_pretty(pg_total_relation_size(c.oid)) AS size
      FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
     WHERE h.inhparent = 'public.work_orders'::regclass
     ORDER BY c.relname`.execute(db);
  if (rows.length === 0) return 'work_orders is not partitioned';
  return `partitions: ${rows.map((r) => `${r.name} ${Number(r.n).toLocaleString('en')} rows ${r.size}`).join(', ')}`;
}
