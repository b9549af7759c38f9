import type { AppContext } from '../../../context';
import {
  asEstimate,
  budgetedCount,
  disjointParts,
  listTotal,
  type BudgetedCount,
  type ListTotal,
} from './list-total';
import type { OrdersWhere } from './queue-sql';
import { keywordsOf, sampleMatchCount, withoutKeyword } from './search-sql';
import { estimateOrderParts } from './total.repository';

/**
 * The total of a frequent keyword tested on a list's own rows (search-page.ts keywordPlan,
 * `sampled`): a queue, a unit's open orders. Counting it tests every row of the list for the
 * substring, about 3 µs each at ten million orders — a visitor's call-back queue of 24,131
 * orders searched for "漏水" spent 70 of its 107 ms there, beside a page of 12. So the term's
 * rate among the list's `keywordSampleRows` newest orders (one walk of the queue's own index,
 * as the plan's probe) is taken times the list's size (counted without the keyword, which
 * reads no text), and the total is marked as the estimate it is ("约 N 条"; the exact count a
 * click away, `exactTotal`). The plan samples a term only when it is frequent there (at least
 * FREQUENT_IN_PROBE matches among those newest orders), so the rate rests on at least ten
 * matches. `where` is the list's own, its keyword clause included.
 */
export async function sampledTotal(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  count: BudgetedCount = budgetedCount(ctx),
): Promise<ListTotal> {
  const [keyword] = keywordsOf(where);
  const size = ctx.settings.keywordSampleRows;
  if (keyword === undefined || size <= 0) return listTotal(ctx, where, {}, count);
  const others = withoutKeyword(where);
  const [rows, matches] = await Promise.all([
    count(disjointParts(others), Number.MAX_SAFE_INTEGER),
    sampleMatchCount(ctx.db, where, keyword, size),
  ]);
  // Out of time counting the list itself (a list far larger than the planner thought): its
  // estimate, at least the sample.
  const listRows = rows ?? Math.max(size, await estimateOrderParts(ctx.db, [others]));
  if (listRows <= size) return { totalCount: matches };
  return asEstimate(ctx, Math.round((matches * listRows) / size));
}
