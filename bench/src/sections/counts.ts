import { call } from '../lib/server';
import { ms, sample, summarize } from '../lib/stats';
import type { BenchContext, ResultRow } from './context';

/**
 * Section 2: all of a user's queue counts in one call (`lists/counts`) against the spec's
 * console way, one list request per queue with `pageNo` 1 and `isAmount` 1 — sent one after
 * another, and all at once as a browser would.
 */
export async function countsSection(ctx: BenchContext, user: string): Promise<ResultRow[]> {
  const token = ctx.tokens[user] as string;
  const one = await call<{ counts: Record<string, number> }>(
    ctx.base,
    token,
    '/addons/jsjb/lists/counts',
    {},
  );
  if (one.code !== 200) throw new Error(`lists/counts ${user}: ${one.code} ${one.msg}`);
  const queues = Object.keys(one.data.counts);
  const noted = new Set<string>();
  const perQueue = async (menuId: string) => {
    const r = await call<{ totalCount: number }>(ctx.base, token, '/addons/jsjb/lists/search', {
      menuId,
      pageNo: 1,
      pageSize: 10,
      isAmount: 1,
    });
    if (r.code !== 200) throw new Error(`${menuId}: ${r.code} ${r.msg}`);
    // Counted once at the start: a clock-driven queue (overdue warning) moves on meanwhile.
    if (r.data.totalCount !== one.data.counts[menuId] && !noted.has(menuId)) {
      noted.add(menuId);
      ctx.log(
        `  note: ${menuId} isAmount ${r.data.totalCount} vs counts ${one.data.counts[menuId]} read earlier (a clock-driven queue moves on; noted once)`,
      );
    }
  };
  const single = summarize(
    await sample(ctx.runs, () => call(ctx.base, token, '/addons/jsjb/lists/counts', {})),
  );
  const sequential = summarize(
    await sample(Math.max(5, Math.floor(ctx.runs / 4)), async () => {
      for (const q of queues) await perQueue(q);
    }),
  );
  const parallel = summarize(
    await sample(Math.max(5, Math.floor(ctx.runs / 4)), () => Promise.all(queues.map(perQueue))),
  );
  ctx.log(
    `  counts ${user} (${queues.length} queues): one call p50 ${ms(single.p50)} p95 ${ms(single.p95)} ms; ` +
      `per queue sequential p50 ${ms(sequential.p50)} ms, concurrent p50 ${ms(parallel.p50)} ms`,
  );
  const row = (name: string, s: typeof sequential): ResultRow => ({
    section: '2. all counts',
    case: `${user}, ${queues.length} queues: ${name}`,
    figure: `one call p50 ${ms(single.p50)} / p95 ${ms(single.p95)} / p99 ${ms(single.p99)} ms`,
    floor: `${queues.length} × isAmount: p50 ${ms(s.p50)} / p95 ${ms(s.p95)} ms`,
    ratio: (s.p50 / single.p50).toFixed(1) + '× faster',
    target: 'p95 < 30 ms',
    verdict: single.p95 < 30 ? 'met' : 'missed',
  });
  return [row('vs sequential requests', sequential), row('vs concurrent requests', parallel)];
}
