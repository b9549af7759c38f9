import { sql } from 'kysely';
import type { OrdersWhere } from './queue-sql';

/**
 * Substring search over title, content, caller, address and order numbers (the generated,
 * lower-cased `search_text` of migration 002), for Chinese terms of two characters and more.
 *
 * The GIN index holds the distinct two-character pieces of every order's text
 * (`hotline_bigrams`); an order containing the keyword contains all of the keyword's pieces,
 * so `@>` narrows to a few candidates through the index and LIKE confirms the exact
 * substring. The keyword's pieces are cut by the same SQL function (and the same `lower`) as
 * the index, so the two can never tokenise differently.
 */

/** LIKE's wildcards and its escape character (backslash, PostgreSQL's default) made literal. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function keywordWhere(keyword: string): OrdersWhere {
  const pattern = `%${escapeLike(keyword)}%`;
  return () =>
    sql<boolean>`(hotline_bigrams(work_orders.search_text) @> hotline_bigrams(lower(${keyword}))
                  AND work_orders.search_text LIKE lower(${pattern}))`;
}
