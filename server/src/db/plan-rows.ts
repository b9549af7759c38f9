import { sql, type Kysely, type OperationNodeSource } from 'kysely';

interface PlanNode {
  'Plan Rows'?: number;
}

/**
 * The planner's estimate of the rows `query` returns: `EXPLAIN (FORMAT JSON)` of it, without
 * running it (a millisecond or a few of planning). Estimates come from the table statistics and
 * may be far off for correlated filters: callers use them to choose a way to read, or mark them
 * as estimates.
 */
export async function planRows<DB>(db: Kysely<DB>, query: OperationNodeSource): Promise<number> {
  const { rows } = await sql<Record<string, unknown>>`EXPLAIN (FORMAT JSON) ${query}`.execute(db);
  const cell = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as
    { Plan?: PlanNode }[] | undefined;
  const n = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0;
}
