import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { SweepOptions } from './deadline-settings';
import { backfillDeadlineJobs } from './deadline-backfill';
import { sweepDeadlines } from './deadline-sweep';

/**
 * Every node runs this timer; the due-job table decides who does what (SKIP LOCKED), so there
 * is no leader to elect and nothing to fail over. A sweep never overlaps the previous one on
 * the same node. State lives only in the table: a restart (or kill -9) loses nothing. Before
 * its first sweep a node plans the watched orders that have no jobs yet (deadline-backfill.ts;
 * main.ts also does it right after seeding the demo orders).
 */
export function startDeadlineScheduler(
  ctx: AppContext,
  options: SweepOptions,
  log: FastifyBaseLogger,
): { stop: () => Promise<void> } {
  if (options.intervalMs <= 0) return { stop: async () => {} };
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let planned = false;
  const tick = async () => {
    if (!planned) {
      const r = await backfillDeadlineJobs(ctx.db, ctx.now());
      if (r.orders > 0) log.info(r, 'deadline jobs planned for orders that had none');
      planned = true;
    }
    await sweepDeadlines(ctx, options);
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .catch((error: unknown) => log.warn({ err: error }, 'deadline sweep failed'))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
