import { useCallback, useSyncExternalStore } from 'react';

/**
 * One shared clock per tick length: components that show live times (the refusal countdown)
 * subscribe to it, so a tick re-renders those cells only, never the whole table.
 */
const clocks = new Map<number, { now: number; listeners: Set<() => void>; timer?: number }>();

function clockFor(ms: number) {
  let clock = clocks.get(ms);
  if (!clock) {
    clock = { now: Date.now(), listeners: new Set() };
    clocks.set(ms, clock);
  }
  return clock;
}

function subscribe(ms: number, listener: () => void): () => void {
  const clock = clockFor(ms);
  clock.listeners.add(listener);
  if (clock.timer === undefined) {
    clock.now = Date.now();
    clock.timer = window.setInterval(() => {
      clock.now = Date.now();
      for (const l of clock.listeners) l();
    }, ms);
  }
  return () => {
    clock.listeners.delete(listener);
    if (!clock.listeners.size && clock.timer !== undefined) {
      window.clearInterval(clock.timer);
      clock.timer = undefined;
    }
  };
}

/** The current time, refreshed every `ms` milliseconds while the component is mounted. */
export function useNow(ms = 1000): number {
  // a stable subscribe: a new one each render would restart the clock and loop
  const sub = useCallback((listener: () => void) => subscribe(ms, listener), [ms]);
  const snapshot = useCallback(() => clockFor(ms).now, [ms]);
  return useSyncExternalStore(sub, snapshot);
}
