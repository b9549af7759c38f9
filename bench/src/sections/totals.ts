import { call } from '../lib/server';
import { ms, sample, summarize, type Summary } from '../lib/stats';
import type { BenchContext, ResultRow } from './context';

/**
 * Section 8: list totals (`isAmount`) as the console asks for them, capped at LIST_TOTAL_CAP
 * (server/src/modules/work-orders/reads/list-total.ts), next to the exact count of the same
 * list (`exactTotal`: what every total cost before, and what 精确计数 costs now) as the
 * reference: the all-orders list of each kind of user, a broad keyword, a week of deadlines (on
 * all orders, and in two queues split into parts), a category (root with its subcategories, and
 * a leaf).
 */

const LIST = '/addons/jsjb/lists/search';
const SEARCH = '/addons/jsjb/lists/searchEs';
const DAY = 86_400_000;
/** A China-time date (the lists' date filters), `days` before `at`. */
const dateBefore = (at: Date, days: number) =>
  new Date(at.getTime() + 8 * 3_600_000 - days * DAY).toISOString().slice(0, 10);

interface TotalCase {
  user: string;
  name: string;
  path: string;
  body: Record<string, unknown>;
  /** p95 target of the capped total, ms. */
  p95Under: number;
}

interface Total {
  totalCount: number;
  totalCapped?: boolean;
}

async function cases(ctx: BenchContext): Promise<TotalCase[]> {
  // The data's own clock: the newest call (the generator pins its 'now').
  const newest = (await ctx.sql.query<{ t: Date }>('SELECT max(call_time) AS t FROM work_orders'))
    .rows[0]?.t as Date;
  // The category with the most subcategories, and its first leaf.
  const category = (
    await ctx.sql.query<{ root: number; leaf: number }>(
      `WITH RECURSIVE tree AS (
         SELECT id AS root, id, false AS below FROM problem_categories WHERE parent_id IS NULL
         UNION ALL
         SELECT t.root, c.id, true FROM problem_categories c JOIN tree t ON c.parent_id = t.id)
       SELECT root, min(id) FILTER (WHERE below AND NOT EXISTS (
                SELECT 1 FROM problem_categories k WHERE k.parent_id = tree.id)) AS leaf
         FROM tree GROUP BY root ORDER BY count(*) DESC, root LIMIT 1`,
    )
  ).rows[0];
  const broad = (user: string): TotalCase => ({
    user,
    name: 'all orders',
    path: LIST,
    body: {},
    p95Under: 50,
  });
  const out: TotalCase[] = ['admin', 'dispatcher', 'leader', 'street1', 'dept1', 'visitor'].map(
    broad,
  );
  const filtered = (name: string, body: Record<string, unknown>, path = LIST): TotalCase => ({
    user: 'dispatcher',
    name,
    path,
    body,
    p95Under: 100,
  });
  out.push(filtered('keyword "小区"', { keyword: '小区' }, SEARCH));
  const week = { deadlineFrom: dateBefore(newest, 13), deadlineTo: dateBefore(newest, 7) };
  out.push(filtered(`deadline in the week ${week.deadlineFrom} … ${week.deadlineTo}`, week));
  // A queue split into parts (an IN over several codes, queue-sql.ts `alternatives`) with a
  // date range: by call time the page may sort the range's matches (list.service `sortsRange`).
  out.push({
    ...filtered('hf_dhf + deadline week', { menuId: 'hf_dhf', ...week }),
    user: 'visitor',
  });
  out.push({
    ...filtered('qu_shz + deadline week', { menuId: 'qu_shz', ...week }),
    user: 'reviewer',
  });
  if (category) {
    out.push(filtered(`category root ${category.root}`, { categoryId: category.root }));
    out.push(filtered(`category leaf ${category.leaf}`, { categoryId: category.leaf }));
  }
  out.push({ ...filtered('qu_ybj + keyword "小区"', { menuId: 'qu_ybj', keyword: '小区' }) });
  return out;
}

export async function totalsSection(ctx: BenchContext): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  for (const c of await cases(ctx)) {
    const token = ctx.tokens[c.user] as string;
    const send = (extra: Record<string, unknown>) =>
      call<Total>(ctx.base, token, c.path, {
        pageNo: 1,
        pageSize: 20,
        isAmount: 1,
        ...c.body,
        ...extra,
      });
    const ask = async (extra: Record<string, unknown>): Promise<Total> => {
      const r = await send(extra);
      if (r.code !== 200) throw new Error(`${c.user} ${c.name}: ${r.code} ${r.msg}`);
      return r.data;
    };
    // The page alone (no total): what the total adds to it.
    const page = summarize(
      await sample(Math.max(10, Math.floor(ctx.runs / 4)), async () => {
        const r = await call(ctx.base, token, c.path, { pageNo: 1, pageSize: 20, ...c.body });
        if (r.code !== 200) throw new Error(`${c.user} ${c.name}: ${r.code} ${r.msg}`);
      }),
    );
    let shown: Total = { totalCount: Number.NaN };
    const capped = summarize(
      await sample(Math.max(10, Math.floor(ctx.runs / 4)), async () => {
        shown = await ask({});
      }),
    );
    // The reference: the same page with the exact count (seconds on millions of rows). A
    // count past the list's statement limit answers 504 list.tooSlow (list-total.ts
    // `exactTotal`): then it is reported as stopped, and not asked again.
    let exactRows = Number.NaN;
    let stopped = '';
    const exact: Summary = summarize(
      await sample(
        3,
        async () => {
          if (stopped) return;
          const r = await send({ exactTotal: 1 });
          if (r.code === 504) stopped = r.msg;
          else if (r.code !== 200) throw new Error(`${c.user} ${c.name}: ${r.code} ${r.msg}`);
          else exactRows = r.data.totalCount;
        },
        1,
      ),
    );
    const exactText = stopped
      ? `the exact count stopped at the list's time limit (504: ${stopped})`
      : `page + exact (${exactRows.toLocaleString('en')}) p50 ${ms(exact.p50)} p95 ${ms(exact.p95)} ms`;
    const totalText = `${shown.totalCount.toLocaleString('en')}${shown.totalCapped ? '+' : ''}`;
    ctx.log(
      `  ${c.user} ${c.name}: page + total ${totalText}: p50 ${ms(capped.p50)} p95 ${ms(capped.p95)} ms; ` +
        `page alone p50 ${ms(page.p50)} p95 ${ms(page.p95)} ms; ${exactText}`,
    );
    rows.push({
      section: '8. list totals',
      case: `${c.user} ${c.name} (page of 20 + total ${totalText})`,
      figure: `p50 ${ms(capped.p50)} / p95 ${ms(capped.p95)} / p99 ${ms(capped.p99)} ms`,
      floor:
        `page alone p50 ${ms(page.p50)} / p95 ${ms(page.p95)} ms; ` +
        (stopped
          ? 'with exactTotal: stopped at the list time limit (504)'
          : `with exactTotal (${exactRows.toLocaleString('en')} rows) p50 ${ms(exact.p50)} / p95 ${ms(exact.p95)} ms`),
      ratio: stopped ? '' : `${(exact.p50 / capped.p50).toFixed(1)}× faster than exact`,
      target: `p95 < ${c.p95Under} ms`,
      verdict: capped.p95 < c.p95Under ? 'met' : 'missed',
    });
  }
  return rows;
}
