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
  // and planned on every call, as psql or a plain client sends them).
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
