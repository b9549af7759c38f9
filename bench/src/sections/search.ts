import { ms, sample, summarize } from '../lib/stats';
import { apiVsSql } from './api-vs-sql';
import type { BenchContext, ResultRow } from './context';
import { searchTotalsSection } from './search-totals';

/**
 * Section 3: full-text search through the API (first page of 20, newest first: the bounded
 * probe, then the week windows of the bigram index; server/src/modules/work-orders/reads/
 * search-page.ts) against a plain sequential scan of the same LIKE over every order.
 */
export const SEARCH_TERMS = [
  { term: '小区', chars: 2 },
  { term: '漏水', chars: 2 },
  { term: '噪音', chars: 2 },
  { term: '物业费', chars: 3 },
  { term: '停车位', chars: 3 },
  { term: '噪音扰民', chars: 4 },
  { term: '望湖街道', chars: 4 },
  // A rare term (one address: about 1 order in 11,000).
  { term: '松林村3号院', chars: 6 },
] as const;

interface Variant {
  user: string | null;
  term: string;
  sortOrder: 'asc' | 'desc';
  /** Another sort than call time: the keyword plan's probe decides (search-page.ts). */
  sort?: 'deadline' | 'dispatchTime';
  /** A queue: its few thousand orders are tested row by row (KEYWORD_SCAN_ROWS). */
  menuId?: string;
}

/**
 * Other callers and orders: a street's scope, oldest first, a street's queue, and sorts by
 * deadline or dispatch time over all orders (a frequent term walks the sort's index, a rare
 * one reads its matches; before 80f3a0d the dispatcher's "噪音扰民" by deadline ran over 60 s).
 */
const VARIANTS: readonly Variant[] = [
  { user: 'street1', term: '小区', sortOrder: 'desc' },
  { user: 'street1', term: '漏水', sortOrder: 'desc' },
  { user: null, term: '小区', sortOrder: 'asc' },
  { user: null, term: '漏水', sortOrder: 'asc' },
  { user: 'street1', term: '噪音扰民', sortOrder: 'desc', menuId: 'jd_blz' },
  { user: null, term: '噪音扰民', sortOrder: 'desc', sort: 'deadline' },
  { user: null, term: '小区', sortOrder: 'desc', sort: 'dispatchTime' },
  { user: null, term: '松林村3号院', sortOrder: 'desc', sort: 'deadline' },
];

/** Terms under this many matches (at 10M orders) have the tighter target. */
const RARE_MATCHES = 200_000;

const LIKE = (term: string) => `%${term.toLowerCase()}%`;

/**
 * Matches of each term among the listed sources: counted over every row up to two million
 * orders; beyond that estimated from a 2 % block sample (marked ≈), and counted exactly
 * through the search index when the estimate is small (a rare term's sample says little).
 */
/** An order's search text computed from its row (migration 036; the index reads order_search). */
const TEXT =
  'hotline_order_text(order_num, district_case_num, title, major_content, caller_name, caller_phone, address)';

async function matchCounts(
  ctx: BenchContext,
  terms: readonly string[],
): Promise<Map<string, string>> {
  const { rows: size } = await ctx.sql.query<{ n: string }>(
    'SELECT reltuples::bigint AS n FROM pg_class WHERE oid = $1::regclass',
    ['work_orders'],
  );
  const orders = Number(size[0]?.n ?? 0);
  const sampled = orders > 2_000_000;
  const filters = terms.map(
    (_, i) => `count(*) FILTER (WHERE type_id IN (1, 5, 7) AND ${TEXT} LIKE $${i + 1})`,
  );
  const { rows } = await ctx.sql.query<Record<string, string>>(
    `SELECT count(*) AS read, ${filters.map((f, i) => `${f} AS t${i}`).join(', ')}
       FROM work_orders ${sampled ? 'TABLESAMPLE SYSTEM (2) REPEATABLE (1)' : ''}`,
    terms.map(LIKE),
  );
  const row = rows[0] ?? {};
  const scale = sampled ? orders / Math.max(1, Number(row.read ?? 0)) : 1;
  const out = new Map<string, string>();
  for (const [i, term] of terms.entries()) {
    const n = Number(row[`t${i}`] ?? 0);
    if (!sampled) {
      out.set(term, n.toLocaleString('en'));
      continue;
    }
    const estimate = Math.round(n * scale);
    if (estimate > 50_000) {
      out.set(term, `≈${estimate.toLocaleString('en')}`);
      continue;
    }
    const { rows: exact } = await ctx.sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM work_orders o JOIN order_search s ON s.order_id = o.id
        WHERE o.type_id IN (1, 5, 7)
          AND (hotline_search_keys(s.search_text, s.call_time) COLLATE "C") @> hotline_bigrams(lower($1))
          AND s.search_text LIKE $2`,
      [term, LIKE(term)],
    );
    out.set(term, Number(exact[0]?.n ?? 0).toLocaleString('en'));
  }
  return out;
}

const matchNumber = (text: string) => Number(text.replace(/[^\d]/g, ''));

export async function searchSection(ctx: BenchContext, user: string): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  const { rows: size } = await ctx.sql.query<{ n: string }>(
    'SELECT reltuples::bigint AS n FROM pg_class WHERE oid = $1::regclass',
    ['work_orders'],
  );
  const big = Number(size[0]?.n ?? 0) > 2_000_000;
  const counts = await matchCounts(
    ctx,
    SEARCH_TERMS.map((t) => t.term),
  );
  const target = (term: string) => (matchNumber(counts.get(term) ?? '0') < RARE_MATCHES ? 50 : 150);
  for (const { term, chars } of SEARCH_TERMS) {
    const matches = counts.get(term) ?? '?';
    const row = await apiVsSql(ctx, {
      section: '3. search',
      name: `${user} "${term}" (${chars} chars, ${matches} matches)`,
      user,
      path: '/addons/jsjb/lists/searchEs',
      body: { keyword: term, pageNo: 1, pageSize: 20 },
      p95Under: target(term),
    });
    // The plain scan: the same LIKE, no index, every row read (once past two million orders:
    // each reads the whole table).
    await ctx.sql.query('SET enable_indexscan = off');
    await ctx.sql.query('SET enable_bitmapscan = off');
    const scan = summarize(
      await sample(
        big ? 1 : 3,
        () =>
          ctx.sql.query(
            `SELECT id FROM work_orders WHERE type_id IN (1, 5, 7) AND ${TEXT} LIKE $1
              ORDER BY call_time DESC, id DESC LIMIT 21`,
            [LIKE(term)],
          ),
        big ? 0 : 1,
      ),
    );
    await ctx.sql.query('RESET enable_indexscan');
    await ctx.sql.query('RESET enable_bitmapscan');
    ctx.log(`    sequential scan p50 ${ms(scan.p50)} ms`);
    rows.push({
      ...row,
      floor: `${row.floor}; seq scan p50 ${ms(scan.p50)} ms`,
    });
  }
  for (const v of VARIANTS) {
    const who = v.user ?? user;
    const order = [
      v.menuId ? ` in ${v.menuId}` : '',
      v.sort ? `, by ${v.sort}` : '',
      v.sortOrder === 'asc' ? ', oldest first' : '',
    ].join('');
    rows.push(
      await apiVsSql(ctx, {
        section: '3. search',
        name: `${who} "${v.term}" (${counts.get(v.term) ?? '?'} matches in all${order})`,
        user: who,
        path: '/addons/jsjb/lists/searchEs',
        body: {
          keyword: v.term,
          pageNo: 1,
          pageSize: 20,
          sortOrder: v.sortOrder,
          ...(v.sort ? { sort: v.sort } : {}),
          ...(v.menuId ? { menuId: v.menuId } : {}),
        },
        p95Under: target(v.term),
      }),
    );
  }
  rows.push(...(await searchTotalsSection(ctx, user, target)));
  return rows;
}
