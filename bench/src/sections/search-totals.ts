import { call } from '../lib/server';
import { ms, sample, summarize } from '../lib/stats';
import type { BenchContext, ResultRow } from './context';

/**
 * Section 3, as the console asks: a keyword page with its capped total (`isAmount`; the total
 * counted by disjoint week windows, reads/list-total.ts) beside the same page alone. The page
 * and the total run side by side on two connections, so the pair costs about the slower of
 * the two.
 */

interface TotalCase {
  user: string | null;
  term: string;
  body?: Record<string, unknown>;
}

const CASES: readonly TotalCase[] = [
  { user: null, term: '小区' },
  { user: null, term: '噪音扰民' },
  // Past the cap, confirmed by a sample of older weeks (reads/total-sample.ts).
  { user: null, term: '物业费' },
  { user: null, term: '停车位' },
  { user: null, term: '松林村3号院' },
  { user: null, term: '松林村3号院', body: { sort: 'deadline' } },
  // Addresses as dispatchers type them: a few thousand matches, each bigram common
  // (docs/performance.md, "Nineteenth session at 10M").
  { user: null, term: '河口村16号院' },
  { user: null, term: '新华坊17号楼' },
  // Collected first (reads/search-in-hand.ts); the next one's posting lists are too long for it.
  { user: 'street1', term: '新华坊17号楼' },
  { user: null, term: '前营村237号院' },
  { user: 'street1', term: '漏水' },
  { user: 'street1', term: '噪音扰民', body: { menuId: 'jd_blz' } },
  // A call-back queue: a term frequent there (the page walks the queue, the total counts it)
  // and one it does not hold (its matches sorted and counted by the page's statement).
  { user: 'visitor', term: '漏水', body: { menuId: 'hf_dhf' } },
  { user: 'visitor', term: '松林村3号院', body: { menuId: 'hf_dhf' } },
  // Big queues by call time: a frequent term found among the queue's own newest rows (the
  // list probe, reads/search-page.ts), its total from the probe's rate (list-total-probe.ts).
  { user: null, term: '小区', body: { menuId: 'qu_ybj' } },
  { user: null, term: '噪音', body: { menuId: 'qu_yth' } },
  // The review queue (not small: through the index) with a term of three matches there: read
  // among the term's matches, collected first (reads/search-in-hand.ts).
  { user: 'reviewer', term: '松林村3号院', body: { menuId: 'qu_shz' } },
];

const SEARCH = '/addons/jsjb/lists/searchEs';

export async function searchTotalsSection(
  ctx: BenchContext,
  user: string,
  target: (term: string) => number,
): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  for (const c of CASES) {
    const who = c.user ?? user;
    const token = ctx.tokens[who] as string;
    const base = { keyword: c.term, pageNo: 1, pageSize: 20, ...c.body };
    let shown = '';
    const ask = (extra: Record<string, unknown>) => async () => {
      const r = await call<{
        totalCount?: number;
        totalCapped?: boolean;
        totalEstimated?: boolean;
      }>(ctx.base, token, SEARCH, { ...base, ...extra });
      if (r.code !== 200) throw new Error(`${who} ${c.term}: ${r.code} ${r.msg}`);
      if (r.data.totalCount !== undefined) {
        const about = r.data.totalEstimated ? '~' : '';
        shown = `${about}${r.data.totalCount.toLocaleString('en')}${r.data.totalCapped ? '+' : ''}`;
      }
    };
    const page = summarize(await sample(ctx.runs, ask({})));
    const withTotal = summarize(await sample(ctx.runs, ask({ isAmount: 1 })));
    const where = [
      c.body?.menuId ? ` in ${String(c.body.menuId)}` : '',
      c.body?.sort ? `, by ${String(c.body.sort)}` : '',
    ].join('');
    ctx.log(
      `  ${who} "${c.term}"${where}: page + total ${shown} p50 ${ms(withTotal.p50)} p95 ${ms(withTotal.p95)} ms; ` +
        `page alone p50 ${ms(page.p50)} p95 ${ms(page.p95)} ms`,
    );
    const under = target(c.term);
    rows.push({
      section: '3. search',
      case: `${who} "${c.term}"${where}, page of 20 + capped total (${shown})`,
      figure: `p50 ${ms(withTotal.p50)} / p95 ${ms(withTotal.p95)} / p99 ${ms(withTotal.p99)} ms`,
      floor: `page alone p50 ${ms(page.p50)} / p95 ${ms(page.p95)} ms`,
      ratio: `${(withTotal.p50 / Math.max(0.001, page.p50)).toFixed(2)}× the page alone`,
      target: `p95 < ${under} ms`,
      verdict: withTotal.p95 < under ? 'met' : 'missed',
    });
  }
  return rows;
}
