import { ms, summarize } from './stats';

/** Latency samples by key (a route, a kind of click), printed as a table, largest total first. */
export class Tally {
  private readonly samples = new Map<string, number[]>();

  add(key: string, msec: number): void {
    const list = this.samples.get(key);
    if (list) list.push(msec);
    else this.samples.set(key, [msec]);
  }

  /** Every sample of every key. */
  all(): number[] {
    return [...this.samples.values()].flat();
  }

  /** One line per key: count, p50/p95/p99 ms, total seconds and its share of all keys' time. */
  table(label: string): string[] {
    const rows = [...this.samples.entries()].map(([key, list]) => ({
      key,
      s: summarize(list),
      total: list.reduce((a, b) => a + b, 0),
    }));
    const all = rows.reduce((a, r) => a + r.total, 0) || 1;
    rows.sort((a, b) => b.total - a.total);
    const width = Math.max(label.length, ...rows.map((r) => r.key.length));
    const num = (x: string, w = 7) => x.padStart(w);
    return [
      `${label.padEnd(width)} ${num('count')} ${num('p50')} ${num('p95')} ${num('p99')} ${num('total s', 8)} ${num('share', 6)}`,
      ...rows.map(
        (r) =>
          `${r.key.padEnd(width)} ${num(String(r.s.n))} ${num(ms(r.s.p50))} ${num(ms(r.s.p95))} ${num(ms(r.s.p99))} ${num((r.total / 1000).toFixed(1), 8)} ${num(`${((100 * r.total) / all).toFixed(0)} %`, 6)}`,
      ),
    ];
  }
}
