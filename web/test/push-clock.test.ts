import { describe, expect, it } from 'vitest';
import { CLOCK_RESYNC_MS, msToMidnight, startClockResync } from '../src/features/push/clock-resync';

/** A fake clock: timers fire when `advance` passes them. */
function fakeClock(start: Date) {
  let now = start.getTime();
  let visible = true;
  let onVisible: (() => void) | null = null;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const reads: number[] = [];
  const deps = {
    reread: () => reads.push(now),
    now: () => new Date(now),
    visible: () => visible,
    onVisible: (fn: () => void) => {
      onVisible = fn;
      return () => {
        onVisible = null;
      };
    },
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = until;
  };
  return {
    deps,
    advance,
    reads,
    timers,
    hide: () => (visible = false),
    show: () => {
      visible = true;
      onVisible?.();
    },
  };
}

describe('clock re-reads of the counts', () => {
  it('msToMidnight: just after the next local midnight', () => {
    const at = new Date(2026, 10, 21, 23, 59, 0);
    expect(msToMidnight(at)).toBe(65_000);
  });

  it('every five minutes while visible, right after midnight, at once when shown again', () => {
    const c = fakeClock(new Date(2026, 10, 21, 23, 50, 0));
    const stop = startClockResync(c.deps);
    c.advance(CLOCK_RESYNC_MS);
    expect(c.reads).toHaveLength(1);
    c.advance(5 * 60_000 + 10_000); // passes 00:00:05 and the 00:00 periodic beat
    expect(c.reads.some((t) => new Date(t).getHours() === 0)).toBe(true);
    const before = c.reads.length;
    c.hide();
    c.advance(3 * CLOCK_RESYNC_MS);
    expect(c.reads).toHaveLength(before);
    c.show();
    expect(c.reads).toHaveLength(before + 1);
    stop();
    expect(c.timers.size).toBe(0);
    c.advance(10 * CLOCK_RESYNC_MS);
    expect(c.reads).toHaveLength(before + 1);
  });
});
