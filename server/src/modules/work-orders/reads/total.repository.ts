import { sql } from 'kysely';
import type { Db } from '../../../context';
import { countOrderPartsUpTo, orderPartsRows } from './list.repository';
import type { OrdersWhere } from './queue-sql';
import { isQueryCanceled, withStatementTimeout } from './statement-timeout';

/**
 * The SQL of a list total that must not take long (list-total.ts): a capped count given a time
 * budget, and the planner's estimate to answer with when the budget runs out.
 */

type Parts = readonly (readonly OrdersWhere[])[];

/**
 * countOrderPartsUpTo within `ms` milliseconds (withStatementTimeout); undefined when the
 * time ran out. PGlite has no statement timeout: there the count always finishes.
 */
export async function countOrderPartsWithin(
  db: Db,
  parts: Parts,
  limit: number,
  ms: number,
): Promise<number | undefined> {
  try {
    return await withStatementTimeout(db, ms, (trx) => countOrderPartsUpTo(trx, parts, limit));
  } catch (error) {
    if (isQueryCanceled(error)) return undefined;
    throw error;
  }
}

interface PlanNode {
  'Plan Rows'?: number;
}

/**
 * The planner's estimate of the rows matching any of `parts`: `EXPLAIN` of the rows, without
 * running them (a few milliseconds of planning). Estimates come from the table statistics and
 * may be far off for correlated filters; callers mark them as estimates.
 */
export async function estimateOrderParts(db: Db, parts: Parts): Promise<number> {
  if (parts.length === 0) return 0;
  const { rows } = await sql<Record<string, unknown>>`EXPLAIN (FORMAT JSON) ${orderPartsRows(
    db,
    parts,
  )}`.execute(db);
  const cell = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as
    { Plan?: PlanNode }[] | undefined;
  const n = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0;
}
