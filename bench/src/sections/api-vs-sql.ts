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
  const floor = summarize(await sample(ctx.runs, () => replay(ctx.sql, statements)));
  const prepared = statements.filter((s) => s.name).length;
  // For the record: the same statements all sent unnamed (parsed and planned on every call).
  const plain =
    prepared > 0
      ? summarize(await sample(ctx.runs, () => replay(ctx.sql, statements, true)))
      : null;
  const ratio = api.p50 / floor.p50;
  const p95Met = api.p95 < c.p95Under;
  const verdict =
    c.ratioUnder === undefined
      ? p95Met
        ? 'met'
        : 'missed'
      : `p95 ${p95Met ? 'met' : 'missed'}, ratio ${ratio < c.ratioUnder ? 'met' : 'missed'}`;
  ctx.log(
    `  ${c.name}: API p50 ${ms(api.p50)} p95 ${ms(api.p95)} p99 ${ms(api.p99)} ms; ` +
      `SQL (${statements.length} statements, ${prepared} prepared) p50 ${ms(floor.p50)} p95 ${ms(floor.p95)} p99 ${ms(floor.p99)} ms; ratio ${ratio.toFixed(2)}` +
      (plain ? `; all unnamed p50 ${ms(plain.p50)} ms` : ''),
  );
  return {
    section: c.section,
    case: c.name,
    figure: `p50 ${ms(api.p50)} / p95 ${ms(api.p95)} / p99 ${ms(api.p99)} ms`,
    floor:
      `SQL ×${statements.length}${prepared ? ` (${prepared} prepared, as the server sends them)` : ''}: p50 ${ms(floor.p50)} / p95 ${ms(floor.p95)} / p99 ${ms(floor.p99)} ms` +
      (plain ? `; all unnamed p50 ${ms(plain.p50)} ms` : ''),
    ratio: ratio.toFixed(2),
    target:
      `p95 < ${c.p95Under} ms` + (c.ratioUnder === undefined ? '' : `, ratio < ${c.ratioUnder}`),
    verdict,
  };
}
