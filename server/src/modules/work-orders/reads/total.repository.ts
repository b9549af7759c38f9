import { sql } from 'kysely';
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

/** The rows of a list, and how many of an even sample of them pass a test (sampleOrderParts). */
export interface RowSample {
  rows: number;
  sampled: number;
  passed: number;
}

/** The bits of the id's hash that pick the sample: its share resolved to one part in 2^20. */
const HASH_MASK = 0xfffff;

/**
 * The rows matching any of `parts` (disjoint WHERE lists, as countOrderPartsUpTo), and of
 * about `size` of them — picked by a hash of the id, so spread evenly over the list's whole
 * history rather than its newest rows — how many pass `test`, in one statement within `ms`
 * milliseconds (undefined when the time ran out). The list's ids are read once (its own
 * indexes, no text), counted by a window, and `test` runs on the picked rows alone: the
 * aggregate's FILTER evaluates `pick AND test` left to right. `known`: the list's size when
 * the caller knows it (a queue's tally): the share is then a constant and the window, which
 * holds every id until the last is read (5 of 25 ms for a call-back queue of 24,131 orders at
 * ten million orders), is left out; the same rows are picked.
 */
export async function sampleOrderParts(
  db: Db,
  parts: Parts,
  test: OrdersWhere,
  size: number,
  ms: number,
  known?: number,
): Promise<RowSample | undefined> {
  if (parts.length === 0) return { rows: 0, sampled: 0, passed: 0 };
  try {
    return await withStatementTimeout(db, ms, async (trx) => {
      const ids = parts
        .map((where) => {
          let q = trx.selectFrom('work_orders').select('work_orders.id');
          for (const w of where) q = q.where(w);
          return q;
        })
        .reduce((all, part) => all.unionAll(part));
      const rows = known === undefined ? sql`count(*) OVER ()` : sql`${Math.max(known, 1)}::bigint`;
      const picked = trx
        .selectFrom(ids.as('work_orders'))
        .select([
          'work_orders.id',
          sql<boolean>`(hashint8(work_orders.id) & ${sql.lit(HASH_MASK)}) < ${sql.lit(HASH_MASK + 1)}::float8 * ${size} / ${rows}`.as(
            'pick',
          ),
        ]);
      const row = await trx
        .selectFrom(picked.as('work_orders'))
        .select((eb) => [
          sql<string>`count(*)`.as('rows'),
          sql<string>`count(*) FILTER (WHERE pick)`.as('sampled'),
          sql<string>`count(*) FILTER (WHERE pick AND ${test(eb as never)})`.as('passed'),
        ])
        .executeTakeFirstOrThrow();
      return { rows: Number(row.rows), sampled: Number(row.sampled), passed: Number(row.passed) };
    });
  } catch (error) {
    if (isQueryCanceled(error)) return undefined;
    throw error;
  }
}
