import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { SweepOptions } from './deadline-settings';
import { sweepDeadlines } from './deadline-sweep';

/**
 * Every node runs this timer; the due-job table decides who does what (SKIP LOCKED), so there
 * is no leader to elect and nothing to fail over. A sweep never overlaps the previous one on
 * the same node. State lives only in the table: a restart (or kill -9) loses nothing.
 */
export function startDeadlineScheduler(
  ctx: AppContext,
  options: SweepOptions,
  log: FastifyBaseLogger,
): { stop: () => Promise<void> } {
  if (options.intervalMs <= 0) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = sweepDeadlines(ctx, options)
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
