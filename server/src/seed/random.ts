/**
 * A small seeded PRNG (mulberry32) for the demo seed: the same seed always yields the same
 * data, so screenshots, tests and bug reports can refer to the same orders.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const MINUTE_MS = 60_000;

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element, uniformly. Throws on an empty list. */
  pick<T>(items: readonly T[]): T;
  /** One value, with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** `n` distinct elements (or all of them when the list is shorter), in random order. */
  sample<T>(items: readonly T[], n: number): T[];
  /** A time in [from, to). */
  dateBetween(from: Date, to: Date): Date;
  /** A duration in milliseconds between `minHours` and `maxHours`. */
  hours(minHours: number, maxHours: number): number;
  /** A string of `length` decimal digits. */
  digits(length: number): string;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick,
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [value, w] of entries) {
        roll -= w;
        if (roll < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    sample<T>(items: readonly T[], n: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, n);
    },
    dateBetween: (from, to) =>
      new Date(from.getTime() + Math.floor(next() * (to.getTime() - from.getTime()))),
    hours: (minHours, maxHours) =>
      Math.round((minHours + next() * (maxHours - minHours)) * HOUR_MS),
    digits(length: number): string {
      let s = '';
      for (let i = 0; i < length; i++) s += String(int(0, 9));
      return s;
    },
  };
}

/** Beijing time (UTC+8, no daylight saving): the day boundaries the hotline works by. */
const BEIJING_OFFSET_MS = 8 * HOUR_MS;

/** 00:00 Beijing time of the day that contains `at`. */
export function startOfBeijingDay(at: Date): Date {
  const local = at.getTime() + BEIJING_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - BEIJING_OFFSET_MS);
}

/** `yyyymmdd` of `at` in Beijing time. */
export function beijingDateCode(at: Date): string {
  return new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}
