import type { AppContext } from '../../../context';
import { budgetedCount, capped, listTotal, type BudgetedCount, type ListTotal } from './list-total';
import type { OrdersWhere } from './queue-sql';
import { calledIn, withoutKeyword } from './search-sql';
import { olderHistoryConfirms } from './total-sample';
import { estimateOrderParts } from './total.repository';

/**
 * The total of a big list whose keyword page the list probe found among the list's own newest
 * rows (search-page.ts `listProbePlan`): `matches` of them in the `read` newest, the last one
 * called at `last`. Counted through the search index's windows (listTotal), a frequent term in
 * a big queue paid for the newest week's every candidate: "小区" in the district's finished
 * orders at ten million orders, 33,118 candidates to find the 4,820 in the queue, 98 ms, where
 * the page took 2. So the probe's rate comes first: when it promises more than the cap over the
 * list (the planner's estimate of its orders) and a sample of older weeks confirms it — CONFIRM
 * times the matches still needed (total-sample.ts, as for the newest week in list-total.ts
 * `broadConfirmed`, where the week's rate must promise BROAD_GUESS times the cap: a week's
 * matches may be a handful, the probe's are a page) — the total is "约 10,000+" (capped,
 * estimated) without counting; otherwise it is counted as before, within the same time budget.
 * At ten million orders "噪音" in the district's returned orders promised 19,204 over 444,433
 * orders: under twice the cap it was counted (two statements, 52 ms); past the cap the sample
 * confirms it in one (24 ms). The rate alone never gives the total: the newest rows of a queue
 * are not the queue (a term's share moves with the season and the queue's age). `count`: a
 * parameter so that a test can see the counts made.
 */
export async function probedTotal(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  probe: { matches: number; read: number; last: Date; listRows: number },
  count: BudgetedCount = budgetedCount(ctx),
): Promise<ListTotal> {
  const cap = ctx.settings.listTotalCap;
  const needed = cap + 1 - probe.matches;
  const guess = (probe.matches * probe.listRows) / Math.max(probe.read, 1);
  if (needed > 0 && guess > cap) {
    const before = calledIn({ weeks: [], before: probe.last });
    const rows = await estimateOrderParts(ctx.db, [[...withoutKeyword(where), before]]);
    const rest = { since: probe.last, rows };
    if (await olderHistoryConfirms(ctx, where, rest, { needed, count })) return capped(ctx, true);
  }
  return listTotal(ctx, where, {}, count);
}
