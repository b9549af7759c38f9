import type { AppContext } from '../../../context';
import type { OrdersWhere } from './queue-sql';
import {
  calledIn,
  keywordAmong,
  keywordKeysOf,
  keywordMatches,
  keywordSample,
  recentWeeks,
  type Match,
} from './search-sql';
import { bigramFrequencies, postingShare } from './search-keys';
import { isQueryCanceled, withStatementTimeout } from './statement-timeout';
import { estimateOrderParts } from './total.repository';

/**
 * A keyword of few matches in all, read as the list of them (`keywordAmong`): one lookup of
 * the search index over all history collects at most `settings.keywordIdsMax`, and the list is
 * then read like any other — its clauses tested on those orders by primary key, every match
 * sorted and counted by the page's own statement (an exact total). Through the index's week
 * windows a rare term in a big queue costs a lookup per window for the page and again for the
 * total (a review queue at ten million orders: 185 ms for a term with one match there).
 *
 * Whether a lookup over all history is cheap cannot be told from the statistics: it reads
 * every candidate the looked-up bigrams leave (all of them hold the bigrams; the substring
 * test keeps the matches), and the statistics list single bigrams down to about 2 % of the
 * orders, where what counts is how their posting lists intersect ("松林村123号院": 644 matches,
 * 146,591 candidates with two bigrams, 44 s; docs/performance.md, "Sixteenth session"). So the
 * last SAMPLE_WEEKS of the index are read first, at most a bounded number of candidates, and
 * the lookup over all history is tried only when that sample, scaled by its share of all
 * orders, promises at most IN_HAND_CANDIDATES candidates and half of `keywordIdsMax` matches
 * (or holds at most SAMPLE_MATCHES_ANYWAY); it then has IN_HAND_TIMEOUT_MS, past which (a term
 * whose matches are mostly old) the list is read as before. What the sample cannot tell, the
 * posting lists the index reads in full over all history, the statistics can: a lookup whose
 * lists promise more than IN_HAND_POSTINGS entries is not tried (statisticsRefuse). Undefined: not
 * tried, or more matches than that. At ten million orders: the review queue with a term of
 * three matches there 201 → 50 ms, page and total (docs/performance.md, "Seventeenth
 * session"); with `keywordIdsMax` 8,000 and the postings' bound, "新华坊17号楼" (3,771 matches)
 * 54 → 47 ms and street1's (one match in its streets) 99 → 42–48 ("Twenty-first session").
 *
 * `listRows`, the planner's estimate of the list without its keyword: below
 * READ_FIRST_ROWS_PER_MATCH rows a match, the page fetches the matches before it tests the list's
 * clauses (sorted-page.ts `sortedPageQuery`). The planner would rather read such a list's
 * own index whole and test the ids on each entry, and a queue's estimate is often far below its
 * size; a list it knows to be big, it reads through the ids itself.
 */
export async function matchesInHand(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  most: { candidates: number; postings?: number } = { candidates: IN_HAND_CANDIDATES },
  listRows?: number,
): Promise<OrdersWhere[] | undefined> {
  const max = ctx.settings.keywordIdsMax;
  if (max <= 0) return undefined;
  const window = recentWeeks(ctx.now(), SAMPLE_WEEKS);
  // The sample's share of all orders (the planner's estimates): orders per week vary.
  const [recent, all] = await Promise.all([
    estimateOrderParts(ctx.db, [[calledIn(window)]]),
    estimateOrderParts(ctx.db, [[]]),
  ]);
  const bounds = { candidates: most.candidates, postings: most.postings ?? IN_HAND_POSTINGS };
  if (all < 1 || (await statisticsRefuse(ctx, where, all, bounds))) return undefined;
  const share = Math.min(1, Math.max(recent, 1) / all);
  const candidates = Math.ceil(most.candidates * share);
  const sample = await keywordSample(ctx.db, where, window, candidates + 1);
  const promised = Math.max(SAMPLE_MATCHES_ANYWAY, (max * share) / 2);
  if (!sample || sample.candidates > candidates || sample.matches > promised) {
    return undefined;
  }
  const matches = await collected(ctx, where, max);
  if (!matches || matches.length > max) return undefined;
  const readFirst = listRows !== undefined && listRows < READ_FIRST_ROWS_PER_MATCH * matches.length;
  return keywordAmong(where, matches, readFirst);
}

/** See `matchesInHand`; docs/performance.md, "Thirty-first session at 10M". */
export const READ_FIRST_ROWS_PER_MATCH = 100;

/**
 * Does the statistics' word settle it, before any sample? Two cases:
 *
 * - A keyword looked up by one bigram (a two-character term) that the statistics list in more
 *   than `most.candidates` orders: every one of them is a candidate ("小区", a third of all
 *   orders: the sample alone took 20 ms).
 * - A lookup whose posting lists hold more than `most.postings` entries (search-keys.ts
 *   `postingShare`). The index's part of a lookup reads the list of every bigram looked up,
 *   whatever they leave, and the sample does not measure that (its lookup is narrowed to two
 *   weeks by their keys, where the lists are skipped through): at ten million orders
 *   "前营村237号院" (村2, 前营, 营村 and 7号, about 24 % of the orders in all) took 52 ms in the
 *   index and 83 ms in all to collect 2,435 matches, where "新华坊17号楼" (about 7 %) took 15 and
 *   36, and "松林村3号院" (about 11 %) 18 in the index.
 */
async function statisticsRefuse(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  all: number,
  most: { candidates: number; postings: number },
): Promise<boolean> {
  const keys = keywordKeysOf(where);
  if (!keys?.length) return false;
  const frequency = await bigramFrequencies(ctx.db);
  if (keys.length === 1 && (frequency.get(keys[0]!) ?? 0) * all > most.candidates) return true;
  return postingShare(keys, frequency) * all > most.postings;
}

/** The current week and the one before: between one and two weeks of orders. */
export const SAMPLE_WEEKS = 2;
/** Matches in the sample that never refuse (one or two say little of all history). */
export const SAMPLE_MATCHES_ANYWAY = 2;
/** Candidates a lookup over all history may read (the sample's share of them, scaled). */
export const IN_HAND_CANDIDATES = 20_000;
/**
 * Index entries (posting-list items) a lookup over all history may read: about 20 ns each at
 * ten million orders (the three terms above), so 1.5 million is some 30 ms.
 */
export const IN_HAND_POSTINGS = 1_500_000;
/** Longest the lookup over all history may take (PostgreSQL; PGlite has no timeout). */
export const IN_HAND_TIMEOUT_MS = 100;

async function collected(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  max: number,
): Promise<Match[] | undefined> {
  try {
    return await withStatementTimeout(ctx.db, IN_HAND_TIMEOUT_MS, (db) =>
      keywordMatches(db, where, max),
    );
  } catch (error) {
    if (isQueryCanceled(error)) return undefined;
    throw error;
  }
}
