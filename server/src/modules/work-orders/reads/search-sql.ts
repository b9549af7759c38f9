import { sql } from 'kysely';
import type { OrdersWhere } from './queue-sql';

/**
 * Substring search over title, content, caller, address and order numbers (the generated,
 * lower-cased `search_text` of migration 002), for Chinese terms of two characters and more.
 *
 * The GIN index holds the two-character pieces of every order's text (`hotline_bigrams`) and
 * a key for the week the order was called; an order containing the keyword contains all of
 * the keyword's pieces,
 * so `@>` narrows to a few candidates through the index and LIKE confirms the exact
 * substring. The keyword's pieces are cut by the same SQL function (and the same `lower`) as
 * the index, so the two can never tokenise differently.
 */

/** LIKE's wildcards and its escape character (backslash, PostgreSQL's default) made literal. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The index expression of migration 010: the bigrams of the text plus the call-week key. */
const SEARCH_KEYS = sql`hotline_search_keys(work_orders.search_text, work_orders.call_time)`;

export function keywordWhere(keyword: string): OrdersWhere {
  const pattern = `%${escapeLike(keyword)}%`;
  return () =>
    sql<boolean>`(${SEARCH_KEYS} @> hotline_bigrams(lower(${keyword}))
                  AND work_orders.search_text LIKE lower(${pattern}))`;
}

const WEEK_MS = 604_800_000;
/** Weeks back a newest-first keyword page looks, narrowest first, before all history. */
export const KEYWORD_WINDOWS_WEEKS = [1, 5, 26, 104] as const;
/** Call weeks after the current one that a window still includes (clocks disagree a little). */
const FUTURE_WEEKS = 1;

/**
 * The orders called in the last `weeks` weeks (from the start of the oldest of them), as the
 * week keys of the search index — so one GIN scan finds the keyword's matches in the window
 * only — plus the same bound on call_time itself. Weeks are counted like `hotline_week`
 * (UTC weeks since 1970).
 */
export function recentWeeksWhere(now: Date, weeks: number): OrdersWhere {
  const current = Math.floor(now.getTime() / WEEK_MS);
  const first = current - weeks + 1;
  const keys: string[] = [];
  for (let w = first; w <= current + FUTURE_WEEKS; w++) keys.push(`@w${w}`);
  const cutoff = new Date(first * WEEK_MS);
  return () =>
    sql<boolean>`(${SEARCH_KEYS} && ${keys}::text[] AND work_orders.call_time >= ${cutoff})`;
}

/** The windows a keyword page tries, narrowest first (then the whole history). */
export function keywordWindows(now: Date): OrdersWhere[] {
  return KEYWORD_WINDOWS_WEEKS.map((weeks) => recentWeeksWhere(now, weeks));
}
