import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../context';
import type { OrdersWhere } from './queue-sql';

/**
 * Substring search over title, content, caller, address and order numbers (the lower-cased
 * text of `hotline_order_text`, kept in `order_search` by a trigger: migration 036), for
 * Chinese terms of two characters and more.
 *
 * The GIN index holds the two-character pieces of every order's text (`hotline_bigrams`) and
 * a key for the week the order was called; an order containing the keyword contains all of
 * the keyword's pieces, so `@>` narrows to a few candidates through the index and LIKE
 * confirms the exact substring (the index is asked for the rarer pieces only: search-keys.ts).
 * The keyword's pieces are cut by the same SQL function (and the same `lower`) as the index,
 * so the two can never tokenise differently. The text and its index live beside the order,
 * not in its row, so an action's UPDATE never touches them.
 */

/** LIKE's wildcards and its escape character (backslash, PostgreSQL's default) made literal. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The search text in `column` holds `keyword` (LIKE, its wildcards made literal). */
function holds(column: string, keyword: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} LIKE lower(${`%${escapeLike(keyword)}%`})`;
}

/**
 * The index expression of migrations 036 and 043: the bigrams of the text plus the call-week
 * key, compared byte by byte (`COLLATE "C"`: without it the index is not used).
 */
const SEARCH_KEYS = sql`(hotline_search_keys(order_search.search_text, order_search.call_time) COLLATE "C")`;

/**
 * A part of history a keyword page or total looks at first (see `keywordWindows`): the week
 * keys of the search index, so one GIN scan finds the keyword's matches in those weeks only,
 * and the same bound on call_time.
 */
export interface KeywordWindow {
  /** The week keys to look in; none: every week. */
  weeks: readonly string[];
  since?: Date;
  before?: Date;
  /** The orders called outside [since, before) instead: the rest of history (both given). */
  outside?: true;
}

/** The call-time bounds of `window` on `column`, each beginning with AND. */
function windowTimes(column: RawBuilder<unknown>, window?: KeywordWindow): RawBuilder<unknown> {
  if (window?.outside && window.since && window.before) {
    return sql` AND (${column} < ${window.since} OR ${column} >= ${window.before})`;
  }
  const times: RawBuilder<unknown>[] = [];
  if (window?.since) times.push(sql` AND ${column} >= ${window.since}`);
  if (window?.before) times.push(sql` AND ${column} < ${window.before}`);
  return sql.join(times, sql``);
}

/** The orders called within `window`'s bounds (outside them, for the rest of history). */
export function calledIn(window: KeywordWindow): OrdersWhere {
  return () => sql<boolean>`true${windowTimes(sql.ref('work_orders.call_time'), window)}`;
}

/** The keyword (and its lookup bigrams) of each clause `keywordWhere` made. */
const keywordClauses = new WeakMap<OrdersWhere, { keyword: string; keys?: readonly string[] }>();

/**
 * The orders whose text contains `keyword` (within `window`, when given): a semi-join on
 * `order_search`, whose one index scan applies the keyword's bigrams and the window's weeks
 * together. `keys`: the bigrams to look up (search-keys.ts `searchKeys`, the frequent ones left
 * out); without them, every bigram of the keyword.
 */
export function keywordWhere(
  keyword: string,
  window?: KeywordWindow,
  keys?: readonly string[],
): OrdersWhere {
  const lookup = lookupOf({ keyword, keys }, window);
  const outer = windowTimes(sql.ref('work_orders.call_time'), window);
  const clause: OrdersWhere = () =>
    sql<boolean>`(work_orders.id IN (
        SELECT order_search.order_id FROM order_search
         WHERE ${lookup}
           AND ${holds('order_search.search_text', keyword)})${outer})`;
  keywordClauses.set(clause, { keyword, keys });
  return clause;
}

/** `where` with each keyword clause replaced by `remake(its keyword, its lookup bigrams)`. */
function remakeKeywords(
  where: readonly OrdersWhere[],
  remake: (keyword: string, keys?: readonly string[]) => OrdersWhere,
): OrdersWhere[] {
  return where.map((w) => {
    const made = keywordClauses.get(w);
    return made === undefined ? w : remake(made.keyword, made.keys);
  });
}

/** `where` with each keyword clause narrowed to `window`. */
export function inWindow(where: readonly OrdersWhere[], window: KeywordWindow): OrdersWhere[] {
  return remakeKeywords(where, (keyword, keys) => keywordWhere(keyword, window, keys));
}

/**
 * The substring test alone, without the index: for rows already in hand (a queue's, the newest
 * orders of a probe). It reads the order's own search text (`order_search`, already lower-cased
 * and kept by the trigger of migration 036) by its primary key, rather than rebuilding the text
 * from the row's columns: at ten million orders a street queue's 916 rows tested this way take
 * 2–4 ms against 58–66 ms for `strpos(hotline_order_text(...))` over the same rows, and the
 * planner then walks the queue's own index in page order, stopping at the page's last match.
 * `strpos` rather than LIKE: the same answer for a literal substring (no wildcards to escape),
 * and 4–5× less CPU per row on this text (LIKE's UTF-8 matcher steps character by character).
 */
export function containsWhere(keyword: string): OrdersWhere {
  return () => containsText(keyword);
}

/** containsWhere's test, for any relation named work_orders that has the order's id. */
export function containsText(keyword: string): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM order_search
                               WHERE order_search.order_id = work_orders.id
                                 AND strpos(order_search.search_text, lower(${keyword})) > 0)`;
}

/** `where` with each keyword clause replaced by the substring test on the row itself. */
export function keywordOnRows(where: readonly OrdersWhere[]): OrdersWhere[] {
  return remakeKeywords(where, (keyword) => containsWhere(keyword));
}

/** The keyword clause `keywordWhere` made in `where`: its keyword and lookup bigrams. */
function keywordClauseOf(where: readonly OrdersWhere[]) {
  return where.map((w) => keywordClauses.get(w)).find((m) => m !== undefined);
}

/** The search index's lookup for `made`'s bigrams within `window`, for order_search's WHERE. */
export function lookupOf(
  made: { keyword: string; keys?: readonly string[] },
  window?: KeywordWindow,
) {
  const bigrams = made.keys?.length
    ? sql`${[...made.keys]}::text[]`
    : sql`hotline_bigrams(lower(${made.keyword}))`;
  const weeks = window?.weeks.length
    ? sql` AND ${SEARCH_KEYS} && ${[...window.weeks]}::text[]`
    : sql``;
  return sql`${SEARCH_KEYS} @> ${bigrams}${weeks}${windowTimes(sql.ref('order_search.call_time'), window)}`;
}

/** The bigrams `where`'s keyword clause looks up (search-keys.ts); undefined: all of them. */
export function keywordKeysOf(where: readonly OrdersWhere[]): readonly string[] | undefined {
  return keywordClauseOf(where)?.keys;
}

/**
 * The candidates the search index gives for the keyword of `where` within `window` (over all
 * orders, the list's other clauses left out), and how many of them hold the keyword: read up
 * to `limit` candidates, so the work is bounded whatever the term. Undefined without a
 * keyword clause. A sample of what a lookup over all history would read (search-in-hand.ts).
 */
export async function keywordSample(
  db: Db,
  where: readonly OrdersWhere[],
  window: KeywordWindow,
  limit: number,
): Promise<{ candidates: number; matches: number } | undefined> {
  const made = keywordClauseOf(where);
  if (!made) return undefined;
  const { rows } = await sql<{ candidates: string; matches: string }>`
    SELECT count(*) AS candidates,
           count(*) FILTER (WHERE ${holds('c.search_text', made.keyword)}) AS matches
      FROM (SELECT order_search.search_text FROM order_search
             WHERE ${lookupOf(made, window)} LIMIT ${limit}) AS c`.execute(db);
  return { candidates: Number(rows[0]?.candidates ?? 0), matches: Number(rows[0]?.matches ?? 0) };
}

/** A match of a keyword collected from `order_search`: what a district's page asks of it. */
export interface Match {
  id: number;
  /** Its call time in microseconds since 1970: exact, where a Date keeps milliseconds. */
  calledAt: number;
  typeId: number;
}

/**
 * The orders whose text holds the keyword of `where`, over all history and at most `max + 1`
 * of them (one more says "more than max"), each with its call time and type (migration 045):
 * the search index's lookup and the substring confirmed, like `keywordWhere`'s semi-join but
 * on its own, so the answer can be handed to the planner as a list (`keywordAmong`). Undefined
 * without a keyword clause.
 */
export async function keywordMatches(
  db: Db,
  where: readonly OrdersWhere[],
  max: number,
): Promise<Match[] | undefined> {
  const made = keywordClauseOf(where);
  if (!made) return undefined;
  const { rows } = await sql<{ id: number | string; at: number | string; type_id: number }>`
    SELECT order_search.order_id AS id, order_search.type_id,
           (extract(epoch FROM order_search.call_time) * 1000000)::bigint AS at
      FROM order_search
     WHERE ${lookupOf(made)} AND ${holds('order_search.search_text', made.keyword)}
     LIMIT ${max + 1}`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    calledAt: Number(r.at),
    typeId: Number(r.type_id),
  }));
}

/** The clauses `keywordAmong` made: their matches, and whether the page reads them first. */
const amongClauses = new WeakMap<
  OrdersWhere,
  { matches: readonly Match[]; ids: readonly number[]; readFirst: boolean }
>();

/**
 * `where` with each keyword clause replaced by its matches in hand: the orders among
 * `matches`. `readFirst`: the page fetches those orders before it tests the other clauses
 * (`amongOf`).
 */
export function keywordAmong(
  where: readonly OrdersWhere[],
  matches: readonly Match[],
  readFirst = false,
): OrdersWhere[] {
  const ids = matches.map((m) => m.id);
  const among: OrdersWhere = () => sql<boolean>`work_orders.id = ANY(${ids}::bigint[])`;
  amongClauses.set(among, { matches, ids, readFirst });
  return remakeKeywords(where, () => among);
}

/**
 * The ids of the first clause `keywordAmong` made to be read first in `where`, and the other
 * clauses; undefined when there is none.
 */
export function amongOf(
  where: readonly OrdersWhere[],
): { ids: readonly number[]; rest: OrdersWhere[] } | undefined {
  const clause = where.find((w) => amongClauses.get(w)?.readFirst);
  if (!clause) return undefined;
  return { ids: amongClauses.get(clause)!.ids, rest: where.filter((w) => w !== clause) };
}

/**
 * The matches of the first clause `keywordAmong` made in `where`, and the other clauses;
 * undefined when there is none (in-hand-page.ts).
 */
export function matchesOf(
  where: readonly OrdersWhere[],
): { matches: readonly Match[]; rest: OrdersWhere[] } | undefined {
  const clause = where.find((w) => amongClauses.has(w));
  if (!clause) return undefined;
  return { matches: amongClauses.get(clause)!.matches, rest: where.filter((w) => w !== clause) };
}

/** The keywords of the clauses `keywordWhere` made in `where`. */
export function keywordsOf(where: readonly OrdersWhere[]): string[] {
  return where.flatMap((w) => {
    const made = keywordClauses.get(w);
    return made === undefined ? [] : [made.keyword];
  });
}

/** Does `where` hold a clause `keywordWhere` made? */
export function hasKeyword(where: readonly OrdersWhere[]): boolean {
  return where.some((w) => keywordClauses.has(w));
}

/** `where` without the clauses `keywordWhere` made. */
export function withoutKeyword(where: readonly OrdersWhere[]): OrdersWhere[] {
  return where.filter((w) => !keywordClauses.has(w));
}

const WEEK_MS = 604_800_000;

/** The week of `at`, numbered like `hotline_week` (UTC weeks since 1970). */
export const weekNumber = (at: Date): number => Math.floor(at.getTime() / WEEK_MS);
/** The start of week `week`. */
export const weekStart = (week: number): Date => new Date(week * WEEK_MS);
/** The search index's key for week `week` (`hotline_week`). */
export const weekKey = (week: number): string => `@w${week}`;
/** Weeks back a newest-first keyword page looks, narrowest first, before all history. */
export const KEYWORD_WINDOWS_WEEKS = [1, 5, 26, 104] as const;
/** Call weeks after the current one that a window still includes (clocks disagree a little). */
const FUTURE_WEEKS = 1;

/**
 * The orders called in the last `weeks` weeks (from the start of the oldest of them). Weeks
 * are counted like `hotline_week` (UTC weeks since 1970).
 */
export function recentWeeks(now: Date, weeks: number): KeywordWindow {
  const current = Math.floor(now.getTime() / WEEK_MS);
  const first = current - weeks + 1;
  const keys: string[] = [];
  for (let w = first; w <= current + FUTURE_WEEKS; w++) keys.push(`@w${w}`);
  return { weeks: keys, since: new Date(first * WEEK_MS) };
}

/**
 * The newest-first windows as disjoint pieces of history, for counting (list-total.ts): the
 * last week, weeks 2–5, 6–26 and 27–104, then the rest (older, and orders called more than a
 * week in the future, which are in no window). Counted one after another and added up, a term
 * with few matches has each match read once, where the nested windows of a page read the
 * newest ones again in every window.
 */
export function disjointRecentWindows(now: Date): KeywordWindow[] {
  const current = Math.floor(now.getTime() / WEEK_MS);
  const start = (week: number) => new Date(week * WEEK_MS);
  const windows: KeywordWindow[] = [];
  const until = current + FUTURE_WEEKS + 1;
  let end = until;
  for (const back of KEYWORD_WINDOWS_WEEKS) {
    const first = current - back + 1;
    const weeks: string[] = [];
    for (let w = first; w < end; w++) weeks.push(`@w${w}`);
    windows.push({ weeks, since: start(first), before: start(end) });
    end = first;
  }
  windows.push({ weeks: [], since: start(end), before: start(until), outside: true });
  return windows;
}

/**
 * The part of history that `windows[0..k)` of `disjointRecentWindows` cover together (they
 * are contiguous, newest first), and the rest of it: where a total that ran out of time after
 * k windows counted, and where it did not.
 */
export function countedAndRest(
  windows: readonly KeywordWindow[],
  k: number,
): { counted: KeywordWindow; rest: KeywordWindow } {
  const since = windows[k - 1]?.since;
  const before = windows[0]?.before;
  if (k < 1 || k >= windows.length || !since || !before) {
    throw new Error(`countedAndRest: ${k} of ${windows.length} windows`);
  }
  return {
    counted: { weeks: [], since, before },
    rest: { weeks: [], since, before, outside: true },
  };
}

/**
 * Oldest first, the mirror image: the orders called in the first `weeks` weeks of history
 * (from the week of the oldest order).
 */
export function firstWeeks(oldest: Date, weeks: number): KeywordWindow {
  const first = Math.floor(oldest.getTime() / WEEK_MS);
  const keys: string[] = [];
  for (let w = first; w < first + weeks; w++) keys.push(`@w${w}`);
  return { weeks: keys, before: new Date((first + weeks) * WEEK_MS) };
}

/**
 * The windows a keyword page tries, narrowest first (then the whole history): the last weeks
 * up to `now` newest first; oldest first, the first weeks from `oldest` (the oldest order's
 * call time; none when there are no orders).
 */
export function keywordWindows(
  direction: 'asc' | 'desc',
  now: Date,
  oldest: Date | null,
): KeywordWindow[] {
  if (direction === 'desc') return KEYWORD_WINDOWS_WEEKS.map((w) => recentWeeks(now, w));
  return oldest ? KEYWORD_WINDOWS_WEEKS.map((w) => firstWeeks(oldest, w)) : [];
}

/** The call time of the oldest order (one step down the call-time index). */
export async function oldestCallTime(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('work_orders')
    .select('work_orders.call_time')
    .orderBy('work_orders.call_time', 'asc')
    .orderBy('work_orders.id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.call_time ?? null;
}
