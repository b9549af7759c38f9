import { sql } from 'kysely';
import type { ListBody } from '@hotline/contract';
import type { AppContext } from '../../../context';
import { countOrderPartsUpTo } from './list.repository';
import { countOrderPartsWithin, estimateOrderParts } from './total.repository';
import type { OrdersWhere } from './queue-sql';
import { scopePartsOf } from './scope-sql';
import { disjointRecentWindows, hasKeyword, inWindow } from './search-sql';

/**
 * A list's total (`isAmount`). Counting every match of a broad list reads millions of rows
 * (the all-orders list at ten million orders: 0.7–4 s), so the total stops at a cap
 * (`LIST_TOTAL_CAP` in the contract, `settings.listTotalCap` on a node): past it the reply
 * says `totalCapped` and `totalCount` is the cap. `exactTotal` asks for the full count.
 *
 * A keyword list is counted newest first, by the search index's week windows: a capped count
 * over all history cannot stop early, since the index answers with a bitmap of every match —
 * at ten million orders 0.2 s for "小区" (3.7 million matches) and 1 s for "望湖街道". The
 * windows are disjoint (the last week, weeks 2–5, 6–26, 27–104, then the rest of history),
 * each counted up to what is left of the cap and added up: a frequent term stops in the first
 * window or two, and a rare one has each match read once (nested windows re-read the newest
 * matches in each: "松林村3号院", 600 matches at ten million orders, 96 ms of counting).
 *
 * A capped count is still a scan when fewer than the cap match a broad set (a date range
 * inside a street's 1.4 million finished orders: 4–75 s at ten million orders), and a few such
 * counts held the connection pool for everyone. So the counting of one total gets a time
 * budget (`LIST_TOTAL_TIMEOUT_MS`, 200 ms): past it the statement is cancelled and the total is
 * the planner's estimate, marked `totalEstimated` (the console: "约 N 条", with the button for
 * the exact figure). The page itself is not affected.
 */

export interface ListTotal {
  totalCount: number;
  /** Present (true) only when totalCount stopped at the cap. */
  totalCapped?: true;
  /** Present (true) when counting ran out of time: totalCount is the planner's estimate. */
  totalEstimated?: true;
}

export async function listTotal(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  body: Pick<ListBody, 'exactTotal'>,
): Promise<ListTotal> {
  const parts = disjointParts(where);
  if (body.exactTotal) return { totalCount: await countOrderPartsUpTo(ctx.db, parts) };
  const cap = ctx.settings.listTotalCap;
  const capped = { totalCount: cap, totalCapped: true } as const;
  const count = budgetedCount(ctx);
  // One row past the cap tells "exactly cap" from "more than cap".
  if (hasKeyword(where)) {
    let seen = 0;
    for (const window of disjointRecentWindows(ctx.now())) {
      const n = await count(
        parts.map((part) => inWindow(part, window)),
        cap + 1 - seen,
      );
      if (n === undefined) return estimated(ctx, parts);
      seen += n;
      if (seen > cap) return capped;
    }
    return { totalCount: seen };
  }
  const n = await count(parts, cap + 1);
  if (n === undefined) return estimated(ctx, parts);
  return n > cap ? capped : { totalCount: n };
}

type Parts = readonly (readonly OrdersWhere[])[];

/**
 * Counts that share one time budget (wall-clock, not the app's clock, which tests move):
 * undefined once it has run out.
 */
function budgetedCount(ctx: AppContext) {
  const ms = ctx.settings.listTotalTimeoutMs;
  const until = performance.now() + ms;
  return async (parts: Parts, limit: number): Promise<number | undefined> => {
    if (ms <= 0) return countOrderPartsUpTo(ctx.db, parts, limit);
    const left = Math.floor(until - performance.now());
    if (left < 1) return undefined;
    return countOrderPartsWithin(ctx.db, parts, limit, left);
  };
}

/** The planner's estimate as the total, at most the cap (then capped too). */
async function estimated(ctx: AppContext, parts: Parts): Promise<ListTotal> {
  const cap = ctx.settings.listTotalCap;
  const n = await estimateOrderParts(ctx.db, parts);
  return n > cap
    ? { totalCount: cap, totalCapped: true, totalEstimated: true }
    : { totalCount: n, totalEstimated: true };
}

/** `(clause) IS NOT TRUE`: the rows a clause does not keep, NULL included. */
const not =
  (clause: OrdersWhere): OrdersWhere =>
  (eb) =>
    sql<boolean>`(${clause(eb)}) IS NOT TRUE`;

/**
 * `where` as disjoint WHERE lists whose union is `where`: a unit handler's scope (host OR
 * co-host, maybe OR call-back OR creator) becomes one list per part, each without the parts
 * before it. Tested as one OR, the scope has no index and PostgreSQL scans the table until
 * the cap (a street's orders: 100 MB of rows per capped count); as parts, the host part is an
 * index-only range of the host index and usually reaches the cap alone.
 */
function disjointParts(where: readonly OrdersWhere[]): OrdersWhere[][] {
  const at = where.findIndex((w) => scopePartsOf(w) !== undefined);
  const parts = at < 0 ? undefined : scopePartsOf(where[at]!);
  if (!parts || parts.length < 2) return [[...where]];
  const rest = where.filter((_, i) => i !== at);
  return parts.map((part, i) => [...rest, part, ...parts.slice(0, i).map(not)]);
}
