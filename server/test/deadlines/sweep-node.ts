/**
 * A sweeping node in a process of its own, for sweep-kill.test.ts (run with `node --import
 * tsx`). It opens the database (SWEEP_DB=postgres with DATABASE_URL, or pglite with DATA_DIR),
 * builds a node whose clock stands at SWEEP_NOW, and sweeps one batch of SWEEP_BATCH due jobs
 * after another. After each committed batch it prints a JSON line
 * `{"event":"committed","fired":n,"notices":[[userId,orderId],…]}`. In batch SWEEP_HANG_AT
 * (1-based) — its events written, its orders escalated, its jobs closed, nothing committed — it
 * prints `{"event":"midBatch","orderIds":[…]}` (the orders of the jobs it claimed) and waits
 * to be killed.
 */
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/connect';
import { SimulatedSmsProvider } from '../../src/modules/auth/sms-provider';
import { sweepDeadlines } from '../../src/modules/deadlines/deadline-sweep';
import { testSettings } from '../../src/settings';

const env = process.env;
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const handle = await openDatabase(
  env.SWEEP_DB === 'postgres'
    ? { kind: 'postgres', url: env.DATABASE_URL!, poolSize: 2 }
    : { kind: 'pglite', dataDir: env.DATA_DIR! },
);
const now = new Date(env.SWEEP_NOW!);
const { app, ctx } = await buildApp({
  db: handle.db,
  settings: testSettings(),
  sms: new SimulatedSmsProvider(),
  now: () => now,
});
await app.ready();

const batch = Number(env.SWEEP_BATCH);
const hangAt = Number(env.SWEEP_HANG_AT);
let batches = 0;
for (;;) {
  const r = await sweepDeadlines(
    ctx,
    { batch, maxBatches: 1 },
    {
      beforeCommit: async (jobs) => {
        batches += 1;
        if (batches !== hangAt) return;
        print({ event: 'midBatch', orderIds: jobs.map((j) => j.order_id) });
        // Keeps the process (and its open transaction) alive until the test kills it.
        setInterval(() => {}, 1000);
        await new Promise<never>(() => {});
      },
    },
  );
  print({
    event: 'committed',
    fired: r.fired,
    notices: r.notices.map((n) => [n.userId, n.notice.orderId]),
  });
  if (r.claimed === 0) break;
}
await app.close();
await handle.close();
