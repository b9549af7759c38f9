import type { AppContext } from '../../../context';
import { asEstimate, extrapolated, type ListTotal } from './list-total';
import type { OrdersWhere } from './queue-sql';

/**
 * What a page proves about its list's total (pageOf): the page and the total are read side by
 * side, and when the total had to be estimated the page can still say more.
 *
 * - A page with rows and none after it is the list's end: the total is exact.
 * - A page by call time shows the list's newest (or oldest) matches: `offset + rows` of them
 *   were called since its last row. A keyword total cut in its first window has only the
 *   planner's estimate (`unfounded`: about one for a rare term, shown floored at the page —
 *   "约 11 条" for 536 matches at ten million orders), so the term's rate among the list's
 *   orders called since that row is extrapolated to the rest of history instead, as a total
 *   cut in later windows is (list-total.ts `extrapolated`).
 * - Any other estimate is at least what the page shows: the rows before it, its own, one
 *   more when there are more.
 * - A total of which nothing is known (`atLeast`) is what the page proves: more than the rows
 *   up to its end ("共 20+ 条": capped there, not estimated).
 */

export interface PageSeen {
  offset: number;
  rows: number;
  hasMore: boolean;
  /** Present for a page by call time: its last row's call time and the direction. */
  byCallTime?: { last: Date; direction: 'asc' | 'desc' };
}

export async function totalWithPage(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  total: ListTotal | undefined,
  page: PageSeen,
): Promise<ListTotal | undefined> {
  if (!total) return undefined;
  const { unfounded, atLeast, ...sent } = total;
  const shown = page.offset + page.rows;
  if (atLeast) {
    if (page.hasMore) return { totalCount: shown, totalCapped: true };
    // The list's end — unless the page is an empty one past it, which tells no more than the
    // plan's probe did (it found matches): "0+".
    if (page.rows === 0 && page.offset > 0) return { totalCount: 0, totalCapped: true };
    return { totalCount: shown };
  }
  if (!sent.totalEstimated || page.rows === 0) return sent;
  if (!page.hasMore) return { totalCount: shown };
  const base =
    unfounded && page.byCallTime ? await fromPageRate(ctx, where, shown, page.byCallTime) : sent;
  return base.totalCount <= shown ? { ...base, totalCount: shown + 1 } : base;
}

/** The total `shown` matches called since `last` (newest first; up to it, oldest first) promise. */
async function fromPageRate(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  shown: number,
  { last, direction }: NonNullable<PageSeen['byCallTime']>,
): Promise<ListTotal> {
  // Newest first the page covers [last, now]; oldest first, history up to last (inclusive).
  const edge = direction === 'desc' ? last : new Date(last.getTime() + 1);
  const after = { weeks: [], since: edge };
  const before = { weeks: [], before: edge };
  const [counted, rest] = direction === 'desc' ? [after, before] : [before, after];
  return asEstimate(ctx, await extrapolated(ctx, where, { counted, rest }, shown));
}
