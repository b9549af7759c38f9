import { sql } from 'kysely';
import type { Db } from '../../../server/src/context';

/**
 * Secondary indexes are dropped before a bulk load and built once afterwards — far faster than
 * maintaining them row by row. Indexes that back a constraint (primary keys, UNIQUE) stay.
 * A partitioned table's index is defined `ON ONLY` its parent; it is rebuilt for every partition.
 */
export interface IndexDef {
  name: string;
  def: string;
}

export async function dropSecondaryIndexes(db: Db, tables: readonly string[]): Promise<IndexDef[]> {
  const { rows } = await sql<IndexDef>`
    SELECT i.relname AS name, replace(pg_get_indexdef(i.oid), ' ON ONLY ', ' ON ') AS def
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

/**
 * Builds the indexes on `runners.length` connections at once, the largest first (by the
 * table's size, and the search index before the rest of its table: it takes most of the time),
 * so the long build overlaps the short ones. Every `progressEvery` ms it logs what each build
 * is doing, read from pg_stat_progress_create_index, with an estimate of the time left.
 */
export async function createIndexes(
  runners: readonly ((statement: string) => Promise<unknown>)[],
  progress: () => Promise<readonly IndexProgress[]>,
  defs: readonly IndexDef[],
  log: (line: string) => void,
  progressEvery = 30_000,
): Promise<void> {
  const queue = [...defs].sort((a, b) => weight(b) - weight(a));
  const started = performance.now();
  const ticker = setInterval(() => {
    void progress()
      .then((rows) => {
        for (const r of rows) log(`  … ${describe(r)}`);
      })
      .catch(() => undefined);
  }, progressEvery);
  try {
    await Promise.all(
      runners.map(async (run) => {
        for (let def = queue.shift(); def; def = queue.shift()) {
          const t = performance.now();
          await run(def.def);
          log(
            `  index ${def.name}: ${((performance.now() - t) / 1000).toFixed(1)} s ` +
              `(${queue.length} to start; ${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
          );
        }
      }),
    );
  } finally {
    clearInterval(ticker);
  }
}

/** Larger tables first; within a table the GIN/GiST indexes (the slow builds) first. */
function weight(def: IndexDef): number {
  const table = /ON (?:ONLY )?(?:public\.)?(\w+)/.exec(def.def)?.[1] ?? '';
  const tableWeight =
    table === 'work_orders' || table === 'order_search' ? 10 : table === 'order_events' ? 8 : 1;
  const slow = /USING (gin|gist)/i.test(def.def) ? 5 : 0;
  const search = /bigram|search_keys/i.test(def.def) ? 5 : 0;
  return tableWeight + slow + search;
}

export interface IndexProgress {
  index: string;
  phase: string;
  /** Seconds since the statement started. */
  elapsed: number;
  blocks_total: number;
  blocks_done: number;
  tuples_total: number;
  tuples_done: number;
}

/** The statement that reads `IndexProgress` rows for the builds running now. */
export const PROGRESS_SQL = `
  SELECT COALESCE(i.relname, t.relname || ' (new index)') AS index, p.phase,
         extract(epoch FROM now() - a.query_start)::float8 AS elapsed,
         p.blocks_total::float8 AS blocks_total, p.blocks_done::float8 AS blocks_done,
         p.tuples_total::float8 AS tuples_total, p.tuples_done::float8 AS tuples_done
    FROM pg_stat_progress_create_index p
    JOIN pg_stat_activity a ON a.pid = p.pid
    LEFT JOIN pg_class i ON i.oid = p.index_relid
    LEFT JOIN pg_class t ON t.oid = p.relid`;

function describe(r: IndexProgress): string {
  const share =
    r.blocks_total > 0
      ? r.blocks_done / r.blocks_total
      : r.tuples_total > 0
        ? r.tuples_done / r.tuples_total
        : 0;
  const pct = (share * 100).toFixed(0);
  // The scan phase dominates; the estimate assumes the rest goes at the same pace.
  const eta =
    share > 0.02
      ? `, about ${Math.round((r.elapsed * (1 - share)) / share)} s left in this phase`
      : '';
  return `${r.index}: ${r.phase}, ${pct} % after ${Math.round(r.elapsed)} s${eta}`;
}
