import { replay } from '../lib/capture';
import { call } from '../lib/server';
import { ms, sample, summarize } from '../lib/stats';
import type { BenchContext, ResultRow } from './context';

/**
 * Sections 1 and 3: a request through the API (HTTP, auth, validation, SQL, presenter) against
 * the same statements replayed straight to PostgreSQL.
 */
export interface ApiCase {
  section: string;
  name: string;
  user: string;
  path: string;
  body: Record<string, unknown>;
  /** p95 target of the API figure in ms, and the API/SQL ratio target if any. */
  p95Under: number;
  ratioUnder?: number;
}

export async function apiVsSql(ctx: BenchContext, c: ApiCase): Promise<ResultRow> {
  const statements = await ctx.capturer.capture(c.user, 'POST', c.path, c.body);
  const token = ctx.tokens[c.user] as string;
  const api = summarize(
    await sample(ctx.runs, async () => {
      const r = await call(ctx.base, token, c.path, c.body);
      if (r.code !== 200) throw new Error(`${c.name}: ${r.code} ${r.msg}`);
    }),
  );
  // The floor: the same statements sent straight to PostgreSQL as plain SQL (unnamed: parsed
  // and planned on every call, as psql or a plain client sends them), in a session set like
  // the server's (run.ts: no JIT, no parallel workers; server/src/db/connect.ts).
  const floor = summarize(await sample(ctx.runs, () => replay(ctx.sql, statements, true)));
  // Like for like: the statements the server prepares (server/src/db/prepared.ts) sent as the
  // same named statements — the database work alone, without the planning the server saves.
  const prepared = statements.filter((s) => s.name).length;
  const same =
    prepared > 0 ? summarize(await sample(ctx.runs, () => replay(ctx.sql, statements))) : null;
  const ratio = api.p50 / floor.p50;
  const ratioSame = same ? api.p50 / same.p50 : null;
  const p95Met = api.p95 < c.p95Under;
  const verdict =
    c.ratioUnder === undefined
      ? p95Met
        ? 'met'
        : 'missed'
      : `p95 ${p95Met ? 'met' : 'missed'}, ratio ${ratio < c.ratioUnder ? 'met' : 'missed'}`;
  const sameText = same
    ? `; with the server's ${prepared} prepared statements prepared p50 ${ms(same.p50)} / p95 ${ms(same.p95)} ms`
    : '';
  ctx.log(
    `  ${c.name}: API p50 ${ms(api.p50)} p95 ${ms(api.p95)} p99 ${ms(api.p99)} ms; ` +
      `SQL (${statements.length} statements, plain) p50 ${ms(floor.p50)} p95 ${ms(floor.p95)} p99 ${ms(floor.p99)} ms; ratio ${ratio.toFixed(2)}` +
      sameText +
      (ratioSame ? ` (ratio ${ratioSame.toFixed(2)})` : ''),
  );
  return {
    section: c.section,
    case: c.name,
    figure: `p50 ${ms(api.p50)} / p95 ${ms(api.p95)} / p99 ${ms(api.p99)} ms`,
    floor:
      `SQL ×${statements.length}: p50 ${ms(floor.p50)} / p95 ${ms(floor.p95)} / p99 ${ms(floor.p99)} ms` +
      sameText,
    ratio: ratio.toFixed(2) + (ratioSame ? ` (${ratioSame.toFixed(2)} against the prepared)` : ''),
    target:
      `p95 < ${c.p95Under} ms` + (c.ratioUnder === undefined ? '' : `, ratio < ${c.ratioUnder}`),
    verdict,
  };
}

const LIST = '/addons/jsjb/lists/search';
const DAY = 86_400_000;
/** A China-time date (the lists' date filters), `days` before `at`. */
const dateBefore = (at: Date, days: number) =>
  new Date(at.getTime() + 8 * 3_600_000 - days * DAY).toISOString().slice(0, 10);

/**
 * Section 1: list pages of 20 rows (10 for the deep ones) as each queue's own user asks for
 * them, without a total: every queue page, page 1,000 (the deepest the offset cap allows),
 * the all-orders list sorted by deadline and dispatch time both ways, filtered by a week of
 * call, dispatch or deadline dates (a recent week and one a year back) and by a category
 * (one with all its subcategories, and one subcategory).
 */
export async function queuePagesSection(ctx: BenchContext): Promise<ResultRow[]> {
  const section = '1. list page';
  // The data's own clock: the newest call (the generator pins its 'now').
  const newest = (await ctx.sql.query<{ t: Date }>('SELECT max(call_time) AS t FROM work_orders'))
    .rows[0]?.t as Date;
  // The category with the most subcategories (all levels), and its first leaf.
  const category = (
    await ctx.sql.query<{ root: number; leaf: number; n: string }>(
      `WITH RECURSIVE tree AS (
         SELECT id AS root, id, false AS below FROM problem_categories WHERE parent_id IS NULL
         UNION ALL
         SELECT t.root, c.id, true FROM problem_categories c JOIN tree t ON c.parent_id = t.id)
       SELECT root, min(id) FILTER (WHERE below AND NOT EXISTS (
                SELECT 1 FROM problem_categories k WHERE k.parent_id = tree.id)) AS leaf,
              count(*) FILTER (WHERE below) AS n
         FROM tree GROUP BY root ORDER BY n DESC, root LIMIT 1`,
    )
  ).rows[0];
  const week = (from: number) => ({
    from: dateBefore(newest, from),
    to: dateBefore(newest, from - 6),
  });
  const recent = week(13);
  const yearBack = week(13 + 364);
  const cases: [string, string, Record<string, unknown>][] = [
    ['dispatcher', 'qu_dqs', {}],
    ['dispatcher', 'qu_blz', {}],
    ['dispatcher', 'qu_ybj', {}],
    ['dispatcher', 'qu_yth', {}],
    ['dispatcher', 'qu_yjyj', {}],
    ['dispatcher', 'qu_zdsq', {}],
    ['reviewer', 'qu_shz', {}],
    ['street1', 'jd_blz', {}],
    ['street1', 'jd_ybj', {}],
    ['dept1', 'bm_blz', {}],
    ['visitor', 'hf_dhf', {}],
    ['visitor', 'hf_cf', {}],
    ['dispatcher', 'qu_ybj page 1000', { menuId: 'qu_ybj', pageNo: 1000, pageSize: 10 }],
    ['dispatcher', 'qu_yth page 1000', { menuId: 'qu_yth', pageNo: 1000, pageSize: 10 }],
    ['street1', 'jd_ybj page 1000', { menuId: 'jd_ybj', pageNo: 1000, pageSize: 10 }],
    ['dispatcher', 'all orders page 1000', { pageNo: 1000, pageSize: 10 }],
    ['street1', 'all orders page 1000', { pageNo: 1000, pageSize: 10 }],
    ['visitor', 'hf_dhf page 1000', { menuId: 'hf_dhf', pageNo: 1000, pageSize: 10 }],
    ['dispatcher', 'all orders by deadline desc', { sort: 'deadline', sortOrder: 'desc' }],
    ['dispatcher', 'all orders by deadline asc', { sort: 'deadline', sortOrder: 'asc' }],
    ['dispatcher', 'all orders by dispatch time desc', { sort: 'dispatchTime', sortOrder: 'desc' }],
    ['dispatcher', 'all orders by dispatch time asc', { sort: 'dispatchTime', sortOrder: 'asc' }],
    ['street1', 'all orders by deadline desc', { sort: 'deadline', sortOrder: 'desc' }],
    [
      'dispatcher',
      'by deadline asc page 1000',
      { sort: 'deadline', sortOrder: 'asc', pageNo: 1000, pageSize: 10 },
    ],
  ];
  for (const [name, range] of [
    ['recent week', recent],
    ['week a year back', yearBack],
  ] as const) {
    for (const field of ['callTime', 'dispatchTime', 'deadline'] as const) {
      cases.push([
        'dispatcher',
        `${field} in a ${name} (${range.from} … ${range.to})`,
        { [`${field}From`]: range.from, [`${field}To`]: range.to },
      ]);
    }
  }
  if (category) {
    cases.push(
      [
        'dispatcher',
        `category ${category.root} with its ${category.n} subcategories`,
        { categoryId: category.root },
      ],
      ['dispatcher', `subcategory ${category.leaf}`, { categoryId: category.leaf }],
    );
  }
  const rows: ResultRow[] = [];
  for (const [user, name, fields] of cases) {
    const body = fields.menuId || Object.keys(fields).length > 0 ? fields : { menuId: name };
    rows.push(
      await apiVsSql(ctx, {
        section,
        name: `${user} ${name}`,
        user,
        path: LIST,
        body: { pageNo: 1, pageSize: 20, ...body },
        p95Under: 15,
        ratioUnder: 1.3,
      }),
    );
  }
  return rows;
}
