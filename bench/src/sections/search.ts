import { call } from '../lib/server';
import { ms, sample, summarize } from '../lib/stats';
import { apiVsSql } from './api-vs-sql';
import type { BenchContext, ResultRow } from './context';

/**
 * Section 3: full-text search through the API (bigram GIN index, 20 newest matches) against a
 * plain sequential scan of the same LIKE over every order.
 */
export const SEARCH_TERMS = [
  { term: '小区', chars: 2 },
  { term: '漏水', chars: 2 },
  { term: '噪音', chars: 2 },
  { term: '物业费', chars: 3 },
  { term: '停车位', chars: 3 },
  { term: '噪音扰民', chars: 4 },
  { term: '望湖街道', chars: 4 },
] as const;

export async function searchSection(ctx: BenchContext, user: string): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  const token = ctx.tokens[user] as string;
  for (const { term, chars } of SEARCH_TERMS) {
    const body = { keyword: term, pageNo: 1, pageSize: 20 };
    const counted = await call<{ totalCount: number }>(
      ctx.base,
      token,
      '/addons/jsjb/lists/searchEs',
      {
        ...body,
        isAmount: 1,
      },
    );
    const matches = counted.data?.totalCount ?? Number.NaN;
    const row = await apiVsSql(ctx, {
      section: '3. search',
      name: `${user} "${term}" (${chars} chars, ${matches.toLocaleString('en')} matches)`,
      user,
      path: '/addons/jsjb/lists/searchEs',
      body,
      p95Under: chars === 2 ? 200 : 100,
    });
    // The plain scan: the same LIKE, no index, every row read.
    await ctx.sql.query('SET enable_indexscan = off');
    await ctx.sql.query('SET enable_bitmapscan = off');
    const scan = summarize(
      await sample(
        3,
        () =>
          ctx.sql.query(
            `SELECT id FROM work_orders WHERE type_id IN (1, 5, 7) AND search_text LIKE $1
              ORDER BY call_time DESC, id DESC LIMIT 21`,
            [`%${term.toLowerCase()}%`],
          ),
        1,
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
  return rows;
}
