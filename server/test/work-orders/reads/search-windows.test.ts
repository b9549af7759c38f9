import { describe, expect, it } from 'vitest';
import {
  countedAndRest,
  disjointRecentWindows,
  type KeywordWindow,
} from '../../../src/modules/work-orders/reads/search-sql';

/**
 * The disjoint windows a keyword total adds up (search-sql.ts) cover all of time, each instant
 * exactly once, and a window with week keys holds the key of every instant it covers (the
 * keys are `hotline_week`: UTC weeks since 1970).
 */

const WEEK = 604_800_000;
const keyOf = (at: Date) => `@w${Math.floor(at.getTime() / WEEK)}`;

function covers(window: KeywordWindow, at: Date): boolean {
  const t = at.getTime();
  const inside =
    (window.since === undefined || t >= window.since.getTime()) &&
    (window.before === undefined || t < window.before.getTime());
  return window.outside ? !inside : inside;
}

describe('disjoint keyword windows', () => {
  const nows = [
    new Date('2026-11-30T08:00:00Z'),
    new Date(2950 * WEEK), // the first instant of a week
    new Date(2950 * WEEK - 1), // the last of one
  ];
  for (const now of nows) {
    it(`cover every instant once, keys agreeing with bounds (now ${now.toISOString()})`, () => {
      const windows = disjointRecentWindows(now);
      expect(windows).toHaveLength(5);
      const current = Math.floor(now.getTime() / WEEK);
      const instants: Date[] = [new Date(0), new Date(now.getTime() + 1000 * WEEK)];
      for (let w = current - 110; w <= current + 4; w++) {
        instants.push(new Date(w * WEEK), new Date(w * WEEK + 1), new Date((w + 1) * WEEK - 1));
      }
      for (const at of instants) {
        const holding = windows.filter((w) => covers(w, at));
        expect(holding, at.toISOString()).toHaveLength(1);
        const [window] = holding;
        if (window!.weeks.length > 0) expect(window!.weeks, at.toISOString()).toContain(keyOf(at));
      }
      // Newest first: the last week (and the next) first, then further back.
      expect(windows[0]!.weeks).toEqual([`@w${current}`, `@w${current + 1}`]);
      expect(windows.map((w) => w.weeks.length)).toEqual([2, 4, 21, 78, 0]);

      // After k windows, "counted" holds exactly the instants of windows[0..k) and "rest" the
      // others (a total that ran out of time extrapolates from one to the other).
      for (let k = 1; k < windows.length; k++) {
        const { counted, rest } = countedAndRest(windows, k);
        for (const at of instants) {
          const inFirstK = windows.slice(0, k).some((w) => covers(w, at));
          expect(covers(counted, at), `${k} ${at.toISOString()}`).toBe(inFirstK);
          expect(covers(rest, at), `${k} ${at.toISOString()}`).toBe(!inFirstK);
        }
      }
      expect(() => countedAndRest(windows, 0)).toThrow();
      expect(() => countedAndRest(windows, windows.length)).toThrow();
    });
  }
});
