import type { AppContext, Db } from '../../../context';
import { countOrdersUpTo, pageOrderIdsByWindows } from './list.repository';
import type { OrdersWhere } from './queue-sql';
import {
  hasKeyword,
  inWindow,
  keywordOnRows,
  keywordsOf,
  keywordWindows,
  oldestCallTime,
  withoutKeyword,
} from './search-sql';
import { listProbe, probeMatchIds } from './probe-sql';
import { laterRangesOf } from './list-filters';
import { probedTotal } from './list-total-probe';
import { isQueryCanceled, withStatementTimeout } from './statement-timeout';
import type { ListTotal } from './list-total';
import { sampledTotal } from './list-total-rows';
import { matchesInHand } from './search-in-hand';
import { estimateOrderParts } from './total.repository';

/** The clauses a keyword list is read with, and how its page is read (keywordPlan). */
export interface KeywordPlan {
  where: readonly OrdersWhere[];
  /**
   * The keyword, rare among the newest of the few rows the other clauses keep (fewer than
   * FREQUENT_IN_PROBE matches in their PROBE_ROWS newest), is tested on those rows: the page
   * reads them through their own indexes and sorts the matches
   * (`pageOrderIds`' `sortMatches`) instead of walking the sort key's index. The planner
   * guesses a third of the rows pass the row test, so it walked the call-time index expecting
   * to stop soon; for a term with no match in a district queue of 11,339 orders signed today
   * (今日已签收) that walk read all ten million orders (9 s alone, cut at 15 s under load). A
   * frequent term still walks: it fills the page within a few hundred rows, where sorting
   * tested every row of the queue (a call-back queue of 25,000 orders: 200 ms a page;
   * docs/performance.md, "Ninth 10M build"). The probe reads the queue's own newest rows, not
   * the newest orders: a term frequent elsewhere but absent from the queue would walk too.
   *
   * Also true for a rare term of a broad list sorted by deadline or dispatch time, read through
   * the search index: its matches are few, and all of them are read and sorted. A page that
   * sorts its matches counts them with the same statement (list.service.ts `pageOf`).
   */
  sortMatches: boolean;
  /** The keyword's matches are in hand: its clause is a list of ids (search-in-hand.ts). */
  inHand?: true;
  /**
   * A frequent keyword tested on the rows of a list of more than SAMPLED_PAST times
   * `keywordSampleRows` orders, its total asked for: the total, estimated from a sample of the
   * list's rows (list-total-rows.ts `sampledTotal`) instead of testing every one of them —
   * started beside the probe that tells a frequent term, and dropped when the term is rare.
   */
  sampled?: Promise<ListTotal>;
  /**
   * A list sorted by call time, newest first: the page's ids (its `limit` rows from `offset`),
   * found among the list's own newest rows by the list probe — of a big list (listProbePlan;
   * `sampled` is then its total when asked for, list-total-probe.ts), or of a small one, the
   * probe that tells a frequent term (newestPage).
   */
  page?: number[];
  /**
   * The list probe ran and fell short of the page: keywordPage's probes of the newest orders
   * are then not run (they could find no more: below).
   */
  listShort?: true;
}

/** Rows a probe reads first, and a longer one (keywordPage; the list probe: keywordPlan). */
export interface ProbeSizes {
  rows: number;
  maxRows: number;
}

/** The page a keyword list shows: `limit` rows from `offset`, by call time in `direction`. */
export interface KeywordSlice {
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * How a keyword list is read: when its other clauses keep few orders (a queue, a unit's open
 * orders — the planner's estimate at most `settings.keywordScanRows`), the keyword is tested on
 * those rows themselves (`keywordOnRows`) and the list is read like any other; otherwise through
 * the search index (`order_search`), as below. The planner cannot make this choice itself: it
 * estimates a keyword's matches as the product of its bigrams' frequencies, far too few, and
 * so joined a street's 5,346 open orders to all 238,435 orders containing "噪音扰民" (80 s at
 * ten million orders, the bitmap lossy) instead of testing those 5,346 orders (docs/performance.md,
 * "Search text beside the order"). One EXPLAIN (about a millisecond) per keyword list.
 *
 * Before either, a list of more than IN_HAND_FROM_ROWS orders (counted when the planner takes
 * it for small: its estimate can be thirty times short) tries to collect a rare keyword's
 * matches first (search-in-hand.ts); the list is then read among them, sorted and counted
 * exactly (`inHand`). With `wantsTotal` (the list's total asked for, not the exact one), a
 * frequent term tested on the rows of a large list has its total sampled (`sampled`).
 *
 * A broad list sorted by deadline or dispatch time has no week windows: through the index it
 * read every match (a term in 233,000 orders, deadline newest first: over 60 s at ten million
 * orders). When the term is frequent — at least FREQUENT_IN_PROBE matches among the PROBE_ROWS
 * newest orders — the page walks the sort's own index and tests each row's text (21 ms there,
 * 1,548 rows tested); a rarer term goes through the index, whose matches are then few (a
 * 600-match term: the walk would test 400,000 rows, 3.2 s), and sorts them. Sorted by call
 * time, `page` given, the list probe may find the page among the list's own newest rows
 * (listProbePlan; `listProbeRows`: its sizes, for tests); so may a small list's probe of its
 * newest rows, which tells a frequent term (newestPage). `listSize`: the size of the list
 * without its keyword when the caller has it cheaply (a queue's tally: list.service.ts), read
 * instead of counting a small list's rows and given to its sampled total.
 */
export async function keywordPlan(
  ctx: AppContext,
  where: readonly OrdersWhere[],
  sort: 'callTime' | 'other' = 'callTime',
  wantsTotal = false,
  page?: KeywordSlice,
  listProbeRows: ProbeSizes = { rows: PROBE_ROWS, maxRows: PROBE_MAX_ROWS },
  listSize?: () => Promise<number>,
): Promise<KeywordPlan> {
  const limit = ctx.settings.keywordScanRows;
  const asIs = { where, sortMatches: false };
  if (limit <= 0 || !hasKeyword(where)) return asIs;
  const [keyword] = keywordsOf(where);
  const want = FREQUENT_IN_PROBE;
  const probe = { direction: 'desc', rows: PROBE_ROWS, want } as const;
  // A frequent term fills the page within a short walk of the sort key's index: frequent
  // among the newest orders.
  const frequent = async () =>
    keyword !== undefined && (await probeMatchIds(ctx.db, [], keyword, probe)).length >= want;
  const rows = await estimateOrderParts(ctx.db, [withoutKeyword(where)]);
  const inHand = async () => {
    const among = await matchesInHand(ctx, where, undefined, rows);
    return among && { where: among, sortMatches: true, inHand: true as const };
  };
  if (rows <= limit) {
    // A rare term in a few thousand rows: testing each is quicker than any lookup. Counted, not
    // estimated: the planner took a call-back queue of 24,131 orders for 813 (its status and
    // call-back state are not independent), and testing them took 84 ms.
    const sampleFrom = SAMPLED_PAST * ctx.settings.keywordSampleRows;
    const upTo = Math.max(IN_HAND_FROM_ROWS, sampleFrom);
    const known = listSize && (await listSize());
    const counted = known ?? (await countOrdersUpTo(ctx.db, withoutKeyword(where), upTo + 1));
    const among = counted > IN_HAND_FROM_ROWS ? await inHand() : undefined;
    if (among) return among;
    const onRows = keywordOnRows(where);
    const sample =
      wantsTotal && sampleFrom > 0 && counted > sampleFrom
        ? sampledTotal(ctx, where, { rows: known })
        : undefined;
    // Handled here too, so that a sample dropped (or a probe failing) leaves no stray rejection.
    void sample?.catch(() => undefined);
    // A frequent term fills the page within a short walk of the list's newest rows: frequent
    // among them. The probe that says so wants the page too, when the page is the list's
    // newest rows by call time: found, it is the page (the walk would read the same rows).
    const pageRows = newestPage(where, sort, page, listProbeRows.rows);
    const found =
      keyword === undefined
        ? []
        : (
            await listProbe(ctx.db, where, keyword, {
              direction: 'desc',
              rows: listProbeRows.rows,
              want: Math.max(want, pageRows),
            })
          ).ids;
    const sortMatches = found.length < want;
    const ids =
      page && pageRows > 0 && found.length >= pageRows ? found.slice(page.offset, pageRows) : [];
    return {
      where: onRows,
      sortMatches,
      ...(sample && !sortMatches ? { sampled: sample } : {}),
      ...(ids.length > 0 ? { page: ids } : {}),
    };
  }
  const among = await inHand();
  if (among) return among;
  if (keyword === undefined) return asIs;
  if (sort === 'callTime') {
    const list = { where, keyword, rows, wantsTotal };
    return page ? listProbePlan(ctx, list, page, listProbeRows) : asIs;
  }
  return (await frequent())
    ? { where: keywordOnRows(where), sortMatches: false }
    : { where, sortMatches: true };
}

/**
 * The rows (offset and limit) of `page` when they are the first of the list's newest rows by
 * call time that a probe of `probeRows` rows could hold, else 0: not for a page sorted
 * otherwise, oldest first, deeper than the probe, or with a dispatch-time or deadline range
 * (the list's newest rows by call time may lie past the whole range: list.service.ts
 * `sortsRange`).
 */
function newestPage(
  where: readonly OrdersWhere[],
  sort: 'callTime' | 'other',
  page: KeywordSlice | undefined,
  probeRows: number,
): number {
  if (!page || sort !== 'callTime' || page.direction !== 'desc') return 0;
  const rows = page.offset + page.limit;
  return rows <= probeRows && laterRangesOf(where).clauses.length === 0 ? rows : 0;
}

/**
 * A big list sorted by call time (more than `keywordScanRows` orders, its keyword not rare
 * enough to collect first): the list probe reads the list's own PROBE_ROWS newest rows through
 * its own index, testing the text (probe-sql.ts `listProbe`), and when they hold the page it
 * is the page — exact, as keywordPage's probe is. The newest orders hold few of a history
 * queue's rows (orders finish days after they are called), so keywordPage's probe of them fell
 * short and the page came from the search index's newest week: at ten million orders "小区" in
 * the district's finished orders read that week's 33,118 candidates to keep the 4,820 in the
 * queue (86 ms) where the queue's newest 71 rows hold the page's 21 (0.5 ms; page and total
 * 115–153 → 37–41 ms p50). Its total then starts from the probe's rate (list-total-probe.ts).
 *
 * Some matches but too few among them, and their rate promising half the page within
 * PROBE_MAX_ROWS rows: a longer probe reads that many. Not tried for a page deeper than the
 * probe reads, nor with a dispatch-time or deadline range (the list's newest rows by call time
 * may lie past the whole range: list.service.ts `sortsRange`); and each probe gets
 * LIST_PROBE_MS (PostgreSQL), in case the list has no index in call-time order. Falling short,
 * it has examined every row keywordPage's probes would (the list's rows among the newest orders
 * are its newest rows): those are skipped (`listShort`).
 */
async function listProbePlan(
  ctx: AppContext,
  list: { where: readonly OrdersWhere[]; keyword: string; rows: number; wantsTotal: boolean },
  page: KeywordSlice,
  sizes: ProbeSizes,
): Promise<KeywordPlan> {
  const { where, keyword } = list;
  const asIs = { where, sortMatches: false };
  const want = page.offset + page.limit;
  if (want > sizes.rows || laterRangesOf(where).clauses.length > 0) return asIs;
  const probe = (rows: number) => ({ direction: page.direction, rows, want });
  let found;
  try {
    found = await withStatementTimeout(ctx.db, LIST_PROBE_MS, async (db) => {
      const first = await listProbe(db, where, keyword, probe(sizes.rows));
      // Some matches, too few: a longer probe when their rate promises half the page within
      // it (as keywordPage's). "物业费" in the finished orders: under 1 % of them.
      const n = first.ids.length;
      const promising = n > 0 && n < want && n * sizes.maxRows >= (want * sizes.rows) / 2;
      return promising ? listProbe(db, where, keyword, probe(sizes.maxRows)) : first;
    });
  } catch (error) {
    if (isQueryCanceled(error)) return asIs;
    throw error;
  }
  if (found.ids.length < want || !found.last) return { ...asIs, listShort: true };
  const ids = found.ids.slice(page.offset);
  if (!list.wantsTotal) return { ...asIs, page: ids };
  const { read, last } = found;
  const sampled = probedTotal(ctx, where, { matches: want, read, last, listRows: list.rows });
  // Handled here too, so that a total dropped leaves no stray rejection.
  void sampled.catch(() => undefined);
  return { ...asIs, page: ids, sampled };
}

/** How long each list probe may take (ms, PostgreSQL): past it, the list is read as before. */
export const LIST_PROBE_MS = 40;

/** Rows (counted) past which a rare term's matches are collected first. */
export const IN_HAND_FROM_ROWS = 5_000;

/**
 * How many times its sample a list's rows must be for a frequent keyword's total to be
 * estimated from the sample: up to that, testing every row costs at most as much again as
 * the sample (the text of 2,000 rows of a call-back queue: about 15 ms at ten million orders).
 */
export const SAMPLED_PAST = 2.5;

/** Matches among the PROBE_ROWS newest orders that make a term frequent (0.5 %). */
export const FREQUENT_IN_PROBE = 10;

/**
 * The ids of one page of a keyword search sorted by call time (docs/performance.md, "Search").
 *
 * 1. The probe: the PROBE_ROWS newest orders (oldest, ascending), read in call-time index
 *    order and tested for the substring and by the page's other clauses. A frequent term fills
 *    the page within a few dozen of them, and the page is exact: every order before the last
 *    one read was examined. When it found some matches but too few, and their rate promises at
 *    least half the page within PROBE_MAX_ROWS orders, a longer probe reads that many.
 * 2. Otherwise the search index's week windows (the last 1, 5, 26, 104 weeks newest first, the
 *    first ones oldest first), then all history, each exact when it holds the page.
 *
 * The probes bound their work by the orders they read, whatever the scope, queue or filters.
 * One that finds nothing costs PROBE_ROWS reads; only terms rarer than about one order in
 * PROBE_ROWS / 21 get that far, and those have few matches in a week: the first window is
 * cheap.
 */

/** Orders the first probe reads at most (measured, docs/performance.md). */
export const PROBE_ROWS = 2000;
/** Orders a second, longer probe reads. */
export const PROBE_MAX_ROWS = 5000;

export type KeywordPath = 'probe' | 'longer probe' | 'windows';

export interface KeywordPage {
  ids: number[];
  /** How the page was found (for tests and plans; the rows are the same either way). */
  via: KeywordPath;
}

export async function keywordPage(
  db: Db,
  where: readonly OrdersWhere[],
  keyword: string,
  now: Date,
  page: { direction: 'asc' | 'desc'; limit: number; offset: number },
  probe: ProbeSizes = { rows: PROBE_ROWS, maxRows: PROBE_MAX_ROWS },
  listShort = false,
): Promise<KeywordPage> {
  const want = page.offset + page.limit;
  // A page deeper than the probe reads cannot be filled by it; nor one the list probe could
  // not fill (keywordPlan's listShort).
  if (want <= probe.rows && !listShort) {
    const { direction } = page;
    const found = await probeMatchIds(db, where, keyword, { direction, rows: probe.rows, want });
    if (found.length === want) return { ids: found.slice(page.offset), via: 'probe' };
    // Half the page, not all of it: a scoped list's rate rises with age (the newest orders
    // are not yet dispatched to a street or department).
    if (found.length > 0 && found.length * probe.maxRows >= (want * probe.rows) / 2) {
      const rows = probe.maxRows;
      const more = await probeMatchIds(db, where, keyword, { direction, rows, want });
      if (more.length === want) return { ids: more.slice(page.offset), via: 'longer probe' };
    }
  }
  const oldest = page.direction === 'asc' ? await oldestCallTime(db) : null;
  const windows = keywordWindows(page.direction, now, oldest).map((w) => inWindow(where, w));
  return { ids: await pageOrderIdsByWindows(db, where, windows, page), via: 'windows' };
}

/** The page's ids (see keywordPage). */
export async function keywordPageIds(...args: Parameters<typeof keywordPage>): Promise<number[]> {
  return (await keywordPage(...args)).ids;
}
