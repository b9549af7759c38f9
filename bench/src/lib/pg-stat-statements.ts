import type pg from 'pg';

/**
 * The statements PostgreSQL spent its time on, from pg_stat_statements when the server loads it
 * (`shared_preload_libraries`; bench/README.md says how). Returns why not when it is missing:
 * the benchmark never changes the server's configuration.
 */
export async function statementsUnavailable(sql: pg.Client): Promise<string | null> {
  const preload = (
    await sql.query<{ v: string }>("SELECT current_setting('shared_preload_libraries') AS v")
  ).rows[0]?.v;
  if (!preload?.split(',').some((l) => l.trim() === 'pg_stat_statements'))
    return `not loaded (shared_preload_libraries = '${preload ?? ''}')`;
  try {
    await sql.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await sql.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
    return null;
  } catch (error) {
    return `unavailable: ${(error as Error).message}`;
  }
}

export async function resetStatements(sql: pg.Client): Promise<void> {
  await sql.query('SELECT pg_stat_statements_reset()');
}

/** The top statements of this database by total execution time since the last reset. */
export async function topStatements(sql: pg.Client, limit = 10): Promise<string[]> {
  const { rows } = await sql.query<{
    calls: string;
    total: number;
    mean: number;
    rows: string;
    share: number;
    query: string;
  }>(
    `SELECT calls, total_exec_time AS total, mean_exec_time AS mean, rows,
            100 * total_exec_time / nullif(sum(total_exec_time) OVER (), 0) AS share, query
       FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT $1`,
    [limit],
  );
  return [
    `${'calls'.padStart(8)} ${'total s'.padStart(8)} ${'mean ms'.padStart(8)} ${'rows/call'.padStart(9)} ${'share'.padStart(6)}  statement`,
    ...rows.map(
      (r) =>
        `${String(r.calls).padStart(8)} ${(Number(r.total) / 1000).toFixed(1).padStart(8)} ${Number(r.mean).toFixed(2).padStart(8)} ${(Number(r.rows) / Math.max(1, Number(r.calls))).toFixed(1).padStart(9)} ${`${Number(r.share ?? 0).toFixed(0)} %`.padStart(6)}  ${r.query.replace(/\s+/g, ' ').slice(0, 220)}`,
    ),
  ];
}
