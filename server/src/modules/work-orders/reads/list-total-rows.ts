import type { AppContext } from '../../../context';
import { asEstimate, disjointParts, listTotal, type ListTotal } from './list-total';
import type { OrdersWhere } from './queue-sql';
import { containsWhere, keywordsOf, withoutKeyword } from './search-sql';
import { sampleOrderParts } from './total.repository';

/**
 * The total of a frequent keyword tested on a list's own rows (search-page.ts keywordPlan,
 * `sampled`): a queue, a unit's open orders. Counting it tests every row of the list for the
 * substring, about 3 µs each at ten million orders — a visitor's call-back queue of 24,131
 * orders searched for "漏水" spent 70–85 of its 93–128 ms there, beside a page of 12–20. So
 * about `keywordSampleRows` of the list's rows are tested instead, picked by a hash of the id
 * (total.repository.ts `sampleOrderParts`: the list's ids read once through its own indexes,
 * no text), and the share that match is taken times the list's size; the total is marked as
 * the estimate it is ("约 N 条"; the exact count a click away, `exactTotal`). Not the list's
 * newest rows, which read less but are not the list: a term's share changes with the season
 * and the queue's age (there "漏水" 796 from the newest 2,000 against 293 counted, "噪音" 664
 * against 1,260; from the hashed sample 324). A list no larger than the sample is counted
 * exactly by the same statement. `where` is the list's own, its keyword clause included.
 */
export async function sampledTotal(
  ctx: AppContext,
  where: readonly OrdersWhere[],
): Promise<ListTotal> {
  const [keyword] = keywordsOf(where);
  const size = ctx.settings.keywordSampleRows;
  if (keyword === undefined || size <= 0) return listTotal(ctx, where, {});
  const parts = disjointParts(withoutKeyword(where));
  const ms = ctx.settings.listTotalTimeoutMs;
  const sample = await sampleOrderParts(ctx.db, parts, containsWhere(keyword), size, ms);
  // Out of time (a list far larger than the plan thought): no rate; the page says more
  // (list-total-page.ts: at least its rows and one).
  if (!sample || sample.sampled === 0) return asEstimate(ctx, 0);
  if (sample.sampled >= sample.rows) return { totalCount: sample.passed };
  return asEstimate(ctx, Math.round((sample.passed * sample.rows) / sample.sampled));
}
