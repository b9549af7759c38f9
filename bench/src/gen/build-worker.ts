import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../../server/src/db/connect';
import type { DemoOrg } from '../../../server/src/seed/demo-org';
import { prepareOrderBuilder } from '../../../server/src/seed/order-builder';
import { createRng } from '../../../server/src/seed/random';
import { BucketWriter } from './buckets';
import { orderRng, pickStage, stageWeights } from './plan';
import { orderRecord } from './rows';

/** One slice of the build pass (`buildOrders`): orders `from` … `to` − 1. */
export interface BuildSlice {
  url: string;
  org: DemoOrg;
  seed: number;
  now: string;
  terminalSpanDays: number;
  openShare: number;
  withEvents: boolean;
  /** Where the bucket files go, and how many milliseconds of call time one bucket spans. */
  dir: string;
  bucketMs: number;
  worker: number;
  from: number;
  to: number;
  /** The shared Float64Array of every order's call time (ms), written at [from, to). */
  callTimes: SharedArrayBuffer;
}

/** What a worker posts: progress (orders built so far), then the keys of its buckets. */
export type BuildMessage = { built: number } | { buckets: number[] };

// The builder reads the categories and people once; its setup generator is the same seed for
// every worker, so an order depends on its own seed and index alone.
const job = workerData as BuildSlice;
const handle = await openDatabase({ kind: 'postgres', url: job.url, poolSize: 1 });
const builder = await prepareOrderBuilder(handle.db, job.org, createRng(job.seed), {
  now: new Date(job.now),
  terminalSpanDays: job.terminalSpanDays,
});
await handle.close();
const weights = stageWeights(job.openShare);
const callTimes = new Float64Array(job.callTimes);
const buckets = new BucketWriter(job.dir, job.worker, job.bucketMs);
const post = (message: BuildMessage) => parentPort?.postMessage(message);
for (let i = job.from; i < job.to; i++) {
  const rng = orderRng(job.seed, i);
  const record = orderRecord(i, builder.build(pickStage(rng, weights), rng), job.withEvents);
  callTimes[i] = record.callTime;
  buckets.add(record);
  if ((i - job.from) % 20_000 === 19_999) post({ built: i - job.from + 1 });
}
post({ buckets: buckets.close() });
