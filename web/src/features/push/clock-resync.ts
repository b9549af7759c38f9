/**
 * Some queues change with the clock alone — "signed today" empties at midnight, "overdue
 * warning" fills as deadlines come near — and no push message says so. While the page is
 * visible the console re-reads its counts every few minutes and right after midnight; when a
 * hidden tab comes back it re-reads at once.
 */
export const CLOCK_RESYNC_MS = 5 * 60_000;

/** Milliseconds from `now` to just after the next local midnight. */
export function msToMidnight(now: Date): number {
  const next = new Date(now);
  next.setHours(24, 0, 5, 0);
  return next.getTime() - now.getTime();
}

export interface ClockDeps {
  reread: () => void;
  now: () => Date;
  visible: () => boolean;
  onVisible: (fn: () => void) => () => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

/** Starts the clock re-reads; returns the stop function. */
export function startClockResync(deps: ClockDeps): () => void {
  let periodic: unknown = null;
  let midnight: unknown = null;
  const armMidnight = () => {
    midnight = deps.setTimer(() => {
      if (deps.visible()) deps.reread();
      armMidnight();
    }, msToMidnight(deps.now()));
  };
  const armPeriodic = () => {
    periodic = deps.setTimer(() => {
      if (deps.visible()) deps.reread();
      armPeriodic();
    }, CLOCK_RESYNC_MS);
  };
  armPeriodic();
  armMidnight();
  const off = deps.onVisible(() => deps.reread());
  return () => {
    deps.clearTimer(periodic);
    deps.clearTimer(midnight);
    off();
  };
}

/** The browser's clock, timers and page visibility. */
export function browserClock(reread: () => void): ClockDeps {
  return {
    reread,
    now: () => new Date(),
    visible: () => document.visibilityState === 'visible',
    onVisible: (fn) => {
      const handler = () => {
        if (document.visibilityState === 'visible') fn();
      };
      document.addEventListener('visibilitychange', handler);
      return () => document.removeEventListener('visibilitychange', handler);
    },
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
  };
}
