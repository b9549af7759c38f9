import { sql } from 'kysely';
import type { Db } from '../../../context';
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

/** The keyword clauses made by `keywordWhere`, so a bounded probe can leave their index part out. */
const keywordClauses = new WeakSet<OrdersWhere>();

export function keywordWhere(keyword: string): OrdersWhere {
  const pattern = `%${escapeLike(keyword)}%`;
  const clause: OrdersWhere = () =>
    sql<boolean>`(${SEARCH_KEYS} @> hotline_bigrams(lower(${keyword}))
                  AND work_orders.search_text LIKE lower(${pattern}))`;
  keywordClauses.add(clause);
  return clause;
}

/**
 * The substring test alone, without the index: for rows already in hand, where computing an
 * order's search keys (tens of microseconds each) would cost more than the test it guards.
 * `strpos` rather than LIKE: the same answer for a literal substring (no wildcards to escape),
 * and 4–5× less CPU per row on this text (LIKE's UTF-8 matcher steps character by character).
 */
export function containsWhere(keyword: string): OrdersWhere {
  return () => sql<boolean>`strpos(work_orders.search_text, lower(${keyword})) > 0`;
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

/**
 * Oldest first, the mirror image: the orders called in the first `weeks` weeks of history
 * (from the week of the oldest order), as week keys plus the bound on call_time.
 */
export function firstWeeksWhere(oldest: Date, weeks: number): OrdersWhere {
  const first = Math.floor(oldest.getTime() / WEEK_MS);
  const keys: string[] = [];
  for (let w = first; w < first + weeks; w++) keys.push(`@w${w}`);
  const end = new Date((first + weeks) * WEEK_MS);
  return () => sql<boolean>`(${SEARCH_KEYS} && ${keys}::text[] AND work_orders.call_time < ${end})`;
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
): OrdersWhere[] {
  if (direction === 'desc') return KEYWORD_WINDOWS_WEEKS.map((w) => recentWeeksWhere(now, w));
  return oldest ? KEYWORD_WINDOWS_WEEKS.map((w) => firstWeeksWhere(oldest, w)) : [];
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

/**
 * The first `want` keyword matches among the `rows` newest orders (oldest with 'asc'), in the
 * page order (call_time, then id): the call-time index walked for at most `rows` rows, each
 * fetched and tested for the substring and by the other clauses of `where` (its keyword clause
 * left out).
 * The inner LIMIT bounds the work whatever the scope, queue or filters; the outer LIMIT stops
 * as soon as `want` rows matched. Fewer than `want` means the answer may hold older orders.
 */
export async function probeMatchIds(
  db: Db,
  where: readonly OrdersWhere[],
  keyword: string,
  probe: { direction: 'asc' | 'desc'; rows: number; want: number },
): Promise<number[]> {
  const recent = db
    .selectFrom('work_orders')
    .selectAll('work_orders')
    .orderBy('work_orders.call_time', probe.direction)
    .orderBy('work_orders.id', probe.direction)
    .limit(probe.rows);
  // The derived table takes the table's name, so every clause reads it unchanged.
  let query = db.selectFrom(recent.as('work_orders')).select('work_orders.id');
  for (const w of [...withoutKeyword(where), containsWhere(keyword)]) {
    query = query.where(w);
  }
  const rows = await query
    .orderBy('work_orders.call_time', probe.direction)
    .orderBy('work_orders.id', probe.direction)
    .limit(probe.want)
    .execute();
  return rows.map((r) => r.id);
}
