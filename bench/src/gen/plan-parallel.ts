import { Worker } from 'node:worker_threads';
import type { PlanSlice } from './plan-worker';

/**
 * The planning pass (every order's call time, so the load writes them in time order) on
 * `threads` worker threads: the pass builds every order once only to learn its call time —
 * 23 minutes of one core at ten million orders — and each order depends on its own seed alone,
 * so slices of the index range build independently. Workers inherit the process's loader
 * (tsx), so they run the TypeScript sources as the main thread does.
 */
export async function planCallTimes(
  job: Omit<PlanSlice, 'from' | 'to' | 'callTimes'> & { count: number; threads: number },
  onProgress: (planned: number) => void,
): Promise<Float64Array> {
  const shared = new SharedArrayBuffer(job.count * Float64Array.BYTES_PER_ELEMENT);
  const size = Math.ceil(job.count / job.threads);
  const done = new Array<number>(job.threads).fill(0);
  const slices = Array.from({ length: job.threads }, (_, t) => ({
    from: t * size,
    to: Math.min(job.count, (t + 1) * size),
  })).filter((s) => s.from < s.to);
  await Promise.all(
    slices.map(
      ({ from, to }, t) =>
        new Promise<void>((resolve, reject) => {
          const { count: _count, threads: _threads, ...common } = job;
          const slice: PlanSlice = { ...common, from, to, callTimes: shared };
          const worker = new Worker(new URL('./plan-entry.mjs', import.meta.url), {
            workerData: slice,
          });
          worker.on('message', (m: number | 'done') => {
            if (m === 'done') return resolve();
            done[t] = m;
            onProgress(done.reduce((a, b) => a + b, 0));
          });
          worker.on('error', reject);
          worker.on('exit', (code) => {
            if (code !== 0) reject(new Error(`planning worker ${t} exited with ${code}`));
          });
        }),
    ),
  );
  return new Float64Array(shared);
}
