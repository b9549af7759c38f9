import { sql } from 'kysely';
import type { ListBody } from '@hotline/contract';
import type { AppContext } from '../../../context';
import { countOrderPartsUpTo } from './list.repository';
import { withinListTimeout } from './list-timeout';
import { countOrderPartsWithin, estimateOrderParts } from './total.repository';
import type { OrdersWhere } from './queue-sql';
import { scopePartsOf } from './scope-sql';
import {
  calledIn,
  countedAndRest,
  disjointRecentWindows,
  hasKeyword,
  inWindow,
  keywordKeysOf,
  keywordsOf,
  withoutKeyword,
  type KeywordWindow,
} from './search-sql';
import { bigramFrequencies, candidateShare } from './search-keys';
import { olderHistoryConfirms } from './total-sample';
import { unitCount } from './unit-page';

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
 * an estimate — the planner's, or for a keyword list one extrapolated from the windows already
 * counted — marked `totalEstimated` (the console: "约 N 条", with the button for the exact
 * figure). A keyword count the budget left would not finish at the pace of the windows
 * counted so far is not started (outOfReach): the same estimate, without waiting for the
 * budget to run out. A frequent term whose newest week and a sample of older weeks both promise
 * well past the cap is "约 N+" (capped and estimated) without counting to the cap
 * (broadConfirmed). The page itself is not affected.
 *
 * A plain queue and the whole list (all orders in scope, no filter) do not come here: their
 * totals are the tallies, exact (list.service.ts, count.service.ts).
 */

export interface ListTotal {
  totalCount: number;
  /** Present (true) only when totalCount stopped at the cap. */
  totalCapped?: true;
  /** Present (true) when counting ran out of time: totalCount is an estimate. */
  totalEstimated?: true;
  /**
   * Present (true) when the estimate rests on no counted match — a keyword total cut in its
   * first window, the planner's estimate alone: the page may know better (list-total-page.ts).
   * Never sent.
   */
  unfounded?: true;
  /**
   * Present (true) when nothing is known but what the page shows — a sampled total out of time
   * (list-total-rows.ts): the page makes it "N+" (list-total-page.ts). Never sent.
   */
  atLeast?: true;
}

export async function listTotal(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  body: Pick<ListBody, 'exactTotal'>,
  count: BudgetedCount = budgetedCount(ctx),
): Promise<ListTotal> {
  if (hasKeyword(where)) return keywordTotal(ctx, where, body, count);
  const parts = disjointParts(where);
  if (body.exactTotal) return exactTotal(ctx, where, parts);
  const cap = ctx.settings.listTotalCap;
  // One row past the cap tells "exactly cap" from "more than cap".
  const n = await count(parts, cap + 1);
  if (n === undefined) return asEstimate(ctx, await estimateOrderParts(ctx.db, parts));
  return n > cap ? capped(ctx) : { totalCount: n };
}

/**
 * The full count on demand (精确计数, `exactTotal`) under the list's statement limit, like the
 * page: counting a broad keyword over all history takes minutes at ten million orders ("小区",
 * 3.7 million matches: over 3 minutes), and each such click would hold a pooled connection that
 * long. Past LIST_STATEMENT_TIMEOUT_MS it answers 504 `list.tooSlow` (narrow the list). A
 * unit's whole list is counted in its range of `order_units` (unitCount).
 */
async function exactTotal(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  parts: Parts,
): Promise<ListTotal> {
  const shape = { exactTotal: 1, parts: parts.length };
  return {
    totalCount: await withinListTimeout(
      ctx,
      shape,
      (db) => unitCount(db, where) ?? countOrderPartsUpTo(db, parts),
    ),
  };
}

/**
 * A count with a time budget (budgetedCount): the rows matching any of `parts`, at most
 * `limit`; undefined once the budget has run out. `left`: the budget's milliseconds left
 * (none: no budget). A parameter of listTotal so that a test can end the budget at a chosen
 * window, or say how much of it is left.
 */
export interface BudgetedCount {
  (parts: Parts, limit: number): Promise<number | undefined>;
  left?: () => number;
}

/**
 * A keyword list's total, window by window. The scope stays one clause (not disjointParts):
 * the keyword's matches drive the count, each fetched once and tested against the scope's OR,
 * where one count per scope part fetched every match again in each (a street's host and
 * co-host parts: twice the work). When the budget runs out after some windows, the total is
 * extrapolated from them (extrapolated); in the first, it is the planner's estimate.
 *
 * Each window reads the posting lists of all the keyword's bigrams again, and for a rare term
 * with common pieces that is most of the work ("松林村3号院", 600 matches at ten million orders:
 * 20–36 ms per window for "3号" and "号院", 76 ms in all). So after the first RATE_WINDOWS
 * (the last five weeks), a term whose rate there promises at most half the cap in all is
 * counted in the rest of history in one statement.
 */
async function keywordTotal(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  body: Pick<ListBody, 'exactTotal'>,
  count: BudgetedCount,
): Promise<ListTotal> {
  const one = [[...where]];
  if (body.exactTotal) return exactTotal(ctx, where, one);
  const cap = ctx.settings.listTotalCap;
  const windows = disjointRecentWindows(ctx.now());
  let seen = 0;
  let spent = 0;
  for (let k = 0; k < windows.length; k++) {
    if (k === 1 && (await broadConfirmed(ctx, where, windows, seen, count)))
      return capped(ctx, true);
    // From RATE_WINDOWS on, the extrapolation decides "rare" (and is the estimate if time
    // runs out, or when the counting left would outlast the budget).
    const split = k >= RATE_WINDOWS ? countedAndRest(windows, k) : undefined;
    const guess = split && (await extrapolated(ctx, where, split, seen));
    const rare = k === RATE_WINDOWS && guess !== undefined && guess <= cap / 2;
    if (!rare && guess !== undefined) {
      const left = count.left?.() ?? Infinity;
      if (outOfReach({ seen, guess, cap, spent, left })) return asEstimate(ctx, guess);
    }
    const window = rare && split ? split.rest : windows[k]!;
    if (rare && guess !== undefined && (await beyondReach(ctx, where, window, count))) {
      return asEstimate(ctx, guess);
    }
    const started = performance.now();
    const n = await count([inWindow(where, window)], cap + 1 - seen);
    spent += performance.now() - started;
    if (n === undefined) {
      if (k === 0) {
        return { ...asEstimate(ctx, await estimateOrderParts(ctx.db, one)), unfounded: true };
      }
      return asEstimate(
        ctx,
        guess ?? (await extrapolated(ctx, where, countedAndRest(windows, k), seen)),
      );
    }
    seen += n;
    if (seen > cap) return capped(ctx);
    if (rare) break;
  }
  return { totalCount: seen };
}

/**
 * Is a keyword total past the cap, by the newest week's `seen` matches and a sample of older
 * history? Only when the week's rate promises BROAD_GUESS times the cap in all, and a sample of
 * older weeks promises CONFIRM times the matches still needed (total-sample.ts): then the
 * total is "约 10,000+" (capped, estimated) without fetching the ten thousand matches. At ten
 * million orders the console's request for "物业费" (178,652 matches), page and total, took
 * 145 ms p50 before and 46 after on a slow machine (docs/performance.md, "Twentieth session").
 */
async function broadConfirmed(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  windows: readonly KeywordWindow[],
  seen: number,
  count: BudgetedCount,
): Promise<boolean> {
  const cap = ctx.settings.listTotalCap;
  if (seen === 0) return false;
  const split = countedAndRest(windows, 1);
  const rows = await listRows(ctx, where, split);
  if (atRate(seen, rows) < BROAD_GUESS * (cap + 1)) return false;
  return olderHistoryConfirms(
    ctx,
    where,
    { since: split.counted.since, rows: rows.rest },
    {
      needed: cap + 1 - seen,
      count,
    },
  );
}

/**
 * How many times the cap the newest week must promise for older weeks to be sampled. At ten
 * million orders, with the cap at 10,000: "物业费" 138,182 from 1,150 matches in the week,
 * "噪音扰民" 186,365, street1's "噪音扰民" 23,792 and "漏水" 20,187 (all sampled; the last
 * falls short of the sample's margin at CONFIRM 2, passes at 1.5); "新华坊17号楼" 2,163 (not).
 */
export const BROAD_GUESS = 2;

/**
 * What counting the rest of history at once costs per candidate the search index leaves: a
 * fetch of its text and the substring test, posting lists included (ten million orders: 58,305
 * candidates in 275 ms, 14,983 in 77, 6,763 in 26 — 4–5 µs each; docs/performance.md,
 * "Nineteenth session").
 */
export const CANDIDATE_MS = 0.004;

/**
 * Would the lookup of the rest of history take more than REACH_SHARE of the budget left, for
 * the candidates the statistics promise (candidateShare)? A term of a few thousand matches in
 * all whose looked-up bigrams are each common ("河口村16号院": 口村 and 6号, 58,305 candidates
 * for 2,426 matches) spent the whole budget there and was estimated all the same.
 */
async function beyondReach(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  rest: KeywordWindow,
  count: BudgetedCount,
): Promise<boolean> {
  const left = count.left?.() ?? Infinity;
  const [keyword] = keywordsOf(where);
  const keys = keywordKeysOf(where);
  if (!Number.isFinite(left) || keyword === undefined || !keys?.length) return false;
  const share = candidateShare(keys, await bigramFrequencies(ctx.db), keyword);
  if (share === undefined) return false;
  const rows = await estimateOrderParts(ctx.db, [[calledIn(rest)]]);
  return rows * share * CANDIDATE_MS > REACH_SHARE * left;
}

/** Windows counted one by one before a rare term's rest of history is counted at once. */
export const RATE_WINDOWS = 2;

/**
 * The share of the budget left that the counting still to do may take, at the pace so far,
 * for it to be started: older windows are colder in the cache than the newest, so the pace of
 * the newest is an optimistic guide to them. A fifth (about 36 ms of the 200): a total that
 * would count for longer is estimated, so the console's request stays near the 50 ms aim (a
 * half let "松林村2" count to the cap for 102 ms; docs/performance.md, "Nineteenth session").
 */
export const REACH_SHARE = 0.2;

/**
 * Would counting on to the cap (or to all the matches the extrapolation `guess` promises, if
 * fewer) take more than REACH_SHARE of the budget `left`, at the pace of the `seen` matches
 * counted in `spent` ms? Then the next count would likely be cancelled at the budget's end
 * and the total extrapolated all the same, from the same windows: the estimate is given now
 * instead of after the whole budget. At ten million orders, street1's "漏水" (865 matches in
 * the last five weeks counted in 46 ms, 17,876 promised) and the dispatcher's "松林村2" (1,474
 * in 38 ms, 30,462 promised) spent the 200 ms to say "约 10,000+"; counting on at that pace
 * would take 180–240 ms, and in weeks 6–26 did not finish within the 160 ms left. A wrong call
 * costs an estimate marked as one, with the exact count a click away.
 */
export function outOfReach(p: {
  seen: number;
  guess: number;
  cap: number;
  spent: number;
  left: number;
}): boolean {
  if (p.seen === 0 || !Number.isFinite(p.left)) return false;
  const toCount = Math.min(p.guess, p.cap + 1) - p.seen;
  return toCount * (p.spent / p.seen) > REACH_SHARE * p.left;
}

/**
 * The total of a keyword list whose count ran out of time after the newest windows: the
 * `seen` matches counted there (or, list-total-page.ts, the ones a page by call time showed),
 * plus as many again in the rest of history as the term's rate among the list's orders of
 * the counted part predicts (the planner's estimates of the list's
 * orders, keyword left out, on either side). Never less than what was counted. The planner's
 * own estimate of a keyword's matches is the product of its bigrams' frequencies, far too few:
 * street1's "漏水", 1,809 matches at a million orders, was shown as "约 2 条".
 */
export async function extrapolated(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  split: { counted: KeywordWindow; rest: KeywordWindow },
  seen: number,
): Promise<number> {
  return atRate(seen, await listRows(ctx, where, split));
}

/** The planner's estimates of the list's orders (keyword left out) in `counted` and in `rest`. */
async function listRows(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  { counted, rest }: { counted: KeywordWindow; rest: KeywordWindow },
): Promise<{ counted: number; rest: number }> {
  const others = withoutKeyword(where);
  const [inCounted, inRest] = await Promise.all([
    estimateOrderParts(ctx.db, [[...others, calledIn(counted)]]),
    estimateOrderParts(ctx.db, [[...others, calledIn(rest)]]),
  ]);
  return { counted: inCounted, rest: inRest };
}

/** `seen` matches among `rows.counted` orders, and as many again at that rate in `rows.rest`. */
const atRate = (seen: number, rows: { counted: number; rest: number }) =>
  seen + (rows.counted > 0 ? Math.round((seen * rows.rest) / rows.counted) : 0);

type Parts = readonly (readonly OrdersWhere[])[];

/**
 * Counts that share one time budget (wall-clock, not the app's clock, which tests move):
 * undefined once it has run out.
 */
export function budgetedCount(ctx: AppContext): BudgetedCount {
  const ms = ctx.settings.listTotalTimeoutMs;
  if (ms <= 0) return (parts, limit) => countOrderPartsUpTo(ctx.db, parts, limit);
  const until = performance.now() + ms;
  const left = () => until - performance.now();
  const count: BudgetedCount = async (parts, limit) => {
    const remaining = Math.floor(left());
    if (remaining < 1) return undefined;
    return countOrderPartsWithin(ctx.db, parts, limit, remaining);
  };
  return Object.assign(count, { left });
}

export const capped = (ctx: AppContext, estimated = false): ListTotal => ({
  totalCount: ctx.settings.listTotalCap,
  totalCapped: true,
  ...(estimated ? { totalEstimated: true as const } : {}),
});

/** An estimate as the total, at most the cap (then capped too). */
export function asEstimate(ctx: AppContext, n: number): ListTotal {
  const cap = ctx.settings.listTotalCap;
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
export function disjointParts(where: readonly OrdersWhere[]): OrdersWhere[][] {
  const at = where.findIndex((w) => scopePartsOf(w) !== undefined);
  const parts = at < 0 ? undefined : scopePartsOf(where[at]!);
  if (!parts || parts.length < 2) return [[...where]];
  const rest = where.filter((_, i) => i !== at);
  return parts.map((part, i) => [...rest, part, ...parts.slice(0, i).map(not)]);
}
