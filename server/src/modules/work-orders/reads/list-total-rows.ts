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
 *
 * A sample out of time (the budget is the totals', `LIST_TOTAL_TIMEOUT_MS`) leaves no rate, and
 * none of the others is founded: the page's rate since its last row is the newest rows' rate
 * (at ten million orders, right after PostgreSQL started, "约 6,000 条" for ~250 in a call-back
 * queue: its orders crowd the recent weeks), the floor alone said "约 21 条". So the total is
 * then what the page proves and no more — "共 20+ 条" (`atLeast`: list-total-page.ts), the exact
 * count a click away. `sample`: the statement (sampleOrderParts), a parameter so that a test can
 * run it out of time; `rows`: the list's size when known (a queue's tally), so that the sample's
 * share is fixed before its statement.
 */
export async function sampledTotal(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  { sample = sampleOrderParts, rows }: { sample?: typeof sampleOrderParts; rows?: number } = {},
): Promise<ListTotal> {
  const [keyword] = keywordsOf(where);
  const size = ctx.settings.keywordSampleRows;
  if (keyword === undefined || size <= 0) return listTotal(ctx, where, {});
  const parts = disjointParts(withoutKeyword(where));
  const ms = ctx.settings.listTotalTimeoutMs;
  const got = await sample(ctx.db, parts, containsWhere(keyword), size, ms, rows);
  if (got && got.sampled >= got.rows) return { totalCount: got.passed };
  // Out of time, or (by the hash's chance) no row picked: no rate.
  if (!got || got.sampled === 0) return { totalCount: 0, atLeast: true };
  return asEstimate(ctx, Math.round((got.passed * got.rows) / got.sampled));
}
