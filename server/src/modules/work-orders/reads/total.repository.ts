import type { Db } from '../../../context';
import { planRows } from '../../../db/plan-rows';
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

/**
 * The planner's estimate of the rows matching any of `parts` (planRows): may be far off for
 * correlated filters; callers mark it as an estimate.
 */
export async function estimateOrderParts(db: Db, parts: Parts): Promise<number> {
  if (parts.length === 0) return 0;
  return planRows(db, orderPartsRows(db, parts));
}
