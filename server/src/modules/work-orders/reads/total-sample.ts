import { sql } from 'kysely';
import type { AppContext } from '../../../context';
import type { OrdersWhere } from './queue-sql';
import {
  inWindow,
  oldestCallTime,
  weekKey,
  weekNumber,
  weekStart,
  withoutKeyword,
} from './search-sql';
import { estimateOrderParts } from './total.repository';

/**
 * Does a sample of older history confirm that a keyword list holds at least `needed` more matches
 * in the rest of history — the orders called before `rest.since` (the newest week's start),
 * `rest.rows` of the list's orders by the planner's estimate — than the newest week already
 * counted? For a frequent term, the cap of a keyword total ("10,000+") was reached by counting
 * window after window until ten thousand matches were fetched and tested — each one an
 * `order_search` row and its order, 7 µs: "物业费" (178,652 matches at ten million orders) spent 66 ms
 * in its first three windows. Extrapolating from the newest week alone is not safe: a term that is
 * new (an outage, a campaign) has all its matches in the last weeks. So the list's matches are
 * counted in SAMPLE_WEEKS weeks spread evenly over the rest of history, one lookup, and only up to
 * what confirms: their rate among the list's orders of those weeks (the planner's estimates,
 * keyword left out, as `extrapolated` in list-total.ts) must promise CONFIRM times `needed` in the
 * rest of history. A term absent from old weeks fails, and the total is counted as before. Not
 * tried when the sample would have to count more than a SAMPLE_SHARE of `needed` (a short history,
 * where the sample is most of it).
 *
 * `count` is the total's budgeted count (undefined when its time ran out: not confirmed).
 */
export async function olderHistoryConfirms(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  rest: { since: Date | undefined; rows: number },
  { needed, count }: { needed: number; count: Count },
): Promise<boolean> {
  const oldest = await oldestCallTime(ctx.db);
  if (!oldest || !rest.since || rest.rows < 1) return false;
  const weeks = spreadWeeks(oldest, rest.since, SAMPLE_WEEKS);
  if (weeks.length < SAMPLE_WEEKS) return false;
  const inSample = await estimateOrderParts(ctx.db, [
    [...withoutKeyword(where), calledInWeeks(weeks)],
  ]);
  if (inSample < 1) return false;
  const enough = Math.ceil((CONFIRM * needed * inSample) / rest.rows);
  if (enough > needed * SAMPLE_SHARE) return false;
  const n = await count([inWindow(where, { weeks: weeks.map(weekKey) })], enough);
  return n !== undefined && n >= enough;
}

type Count = (
  parts: readonly (readonly OrdersWhere[])[],
  limit: number,
) => Promise<number | undefined>;

/** Weeks sampled from the rest of history. */
export const SAMPLE_WEEKS = 4;
/**
 * How many times the matches still needed the sample must promise: a half again, the margin for
 * a busier week among the sampled ones. Over five years of history they lie about 65 weeks
 * apart, so a seasonal term's sampled weeks fall in different seasons.
 */
export const CONFIRM = 1.5;
/** Most of `needed` a sample may count: past it, counting on is as cheap. */
export const SAMPLE_SHARE = 0.25;

/**
 * `n` weeks (numbered like `hotline_week`) spread evenly from the week of `oldest` to the week
 * before `before`, each in the middle of its share of them; fewer when there are fewer weeks.
 */
export function spreadWeeks(oldest: Date, before: Date, n: number): number[] {
  const first = weekNumber(oldest);
  const span = weekNumber(before) - first;
  if (span < n) return [];
  return Array.from({ length: n }, (_, i) => first + Math.floor(((i + 0.5) * span) / n));
}

/** The orders called in one of `weeks`. */
function calledInWeeks(weeks: readonly number[]): OrdersWhere {
  return () =>
    sql<boolean>`(${sql.join(
      weeks.map(
        (w) =>
          sql`(work_orders.call_time >= ${weekStart(w)} AND work_orders.call_time < ${weekStart(w + 1)})`,
      ),
      sql` OR `,
    )})`;
}
