import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../../server/src/db/connect';
import type { DemoOrg } from '../../../server/src/seed/demo-org';
import { prepareOrderBuilder } from '../../../server/src/seed/order-builder';
import { createRng } from '../../../server/src/seed/random';
import { orderRng, pickStage, stageWeights } from './plan';

/** One slice of the planning pass (`planCallTimes`): orders `from` … `to` − 1. */
export interface PlanSlice {
  url: string;
  org: DemoOrg;
  seed: number;
  now: string;
  terminalSpanDays: number;
  openShare: number;
  from: number;
  to: number;
  /** The shared Float64Array of every order's call time (ms), written at [from, to). */
  callTimes: SharedArrayBuffer;
}

// The builder reads the categories and people once; its setup generator is the same seed as
// the main thread's, so every order built here is the order the load pass builds again.
const job = workerData as PlanSlice;
const handle = await openDatabase({ kind: 'postgres', url: job.url, poolSize: 1 });
const builder = await prepareOrderBuilder(handle.db, job.org, createRng(job.seed), {
  now: new Date(job.now),
  terminalSpanDays: job.terminalSpanDays,
});
await handle.close();
const weights = stageWeights(job.openShare);
const callTimes = new Float64Array(job.callTimes);
for (let i = job.from; i < job.to; i++) {
  const rng = orderRng(job.seed, i);
  callTimes[i] = builder.build(pickStage(rng, weights), rng).row.call_time.getTime();
  if ((i - job.from) % 100_000 === 99_999) parentPort?.postMessage(i - job.from + 1);
}
parentPort?.postMessage('done');
