import { Worker } from 'node:worker_threads';
import type { BuildMessage, BuildSlice } from './build-worker';

export interface Built {
  /** Every order's call time (ms), by index. */
  callTimes: Float64Array;
  /** The workers that wrote buckets, and every bucket key any of them wrote, ascending. */
  workers: number[];
  buckets: number[];
}

/**
 * The build pass on `threads` worker threads: each builds a slice of the orders (an order
 * depends on its own seed alone) and writes them as COPY text into time buckets
 * (buckets.ts), for the load to read back in time order. Workers inherit the process's
 * loader (tsx) only by registering it themselves (build-entry.mjs).
 */
export async function buildOrders(
  job: Omit<BuildSlice, 'from' | 'to' | 'callTimes' | 'worker'> & {
    count: number;
    threads: number;
  },
  onProgress: (built: number) => void,
): Promise<Built> {
  const shared = new SharedArrayBuffer(job.count * Float64Array.BYTES_PER_ELEMENT);
  const size = Math.ceil(job.count / job.threads);
  const done = new Array<number>(job.threads).fill(0);
  const keys = new Set<number>();
  const slices = Array.from({ length: job.threads }, (_, t) => ({
    from: t * size,
    to: Math.min(job.count, (t + 1) * size),
  })).filter((s) => s.from < s.to);
  const { count: _count, threads: _threads, ...common } = job;
  await Promise.all(
    slices.map(
      ({ from, to }, worker) =>
        new Promise<void>((resolve, reject) => {
          const slice: BuildSlice = { ...common, worker, from, to, callTimes: shared };
          const thread = new Worker(new URL('./build-entry.mjs', import.meta.url), {
            workerData: slice,
          });
          thread.on('message', (m: BuildMessage) => {
            if ('buckets' in m) {
              for (const key of m.buckets) keys.add(key);
              return resolve();
            }
            done[worker] = m.built;
            onProgress(done.reduce((a, b) => a + b, 0));
          });
          thread.on('error', reject);
          thread.on('exit', (code) => {
            if (code !== 0) reject(new Error(`build worker ${worker} exited with ${code}`));
          });
        }),
    ),
  );
  return {
    callTimes: new Float64Array(shared),
    workers: slices.map((_, worker) => worker),
    buckets: [...keys].sort((a, b) => a - b),
  };
}
