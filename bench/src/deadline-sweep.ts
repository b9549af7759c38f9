// npm run bench:sweep [-- --batch 200 --keep]
//
// The deadline scheduler (issue 21) on the benchmark database: on a scratch copy of it
// (CREATE DATABASE … TEMPLATE, so the benchmark database is left as it was; nothing may be
// connected to it meanwhile), it times the backfill that plans the jobs of every watched open
// order (what a node does once after an upgrade), shows the plan of the sweep's claim query
// (it must read the partial index of pending jobs, never scan the orders), and times sweeps
// with the clock moved forward: an idle sweep (nothing due: the cost every node pays every
// DEADLINE_SWEEP_MS) and the batches that work off everything due in the next hours and days.
// Prints every figure beside its floor from the same run.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/connect';
import type { AppContext } from '../../server/src/context';
import { backfillDeadlineJobs } from '../../server/src/modules/deadlines/deadline-backfill';
import { sweepDeadlines } from '../../server/src/modules/deadlines/deadline-sweep';
import { benchUrl, dropDatabase } from './lib/bench-db';
import { ms, summarize } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    batch: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
  },
});
const batch = Number(args.batch);
const source = new URL(benchUrl());
const sourceName = source.pathname.slice(1);
const copy = new URL(source);
copy.pathname = `/${sourceName}_sweep`;
const admin = new URL(source);
admin.pathname = '/postgres';

const HOUR = 3_600_000;
const seconds = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

const adminClient = new pg.Client({ connectionString: admin.toString() });
await adminClient.connect();
await dropDatabase(copy.toString());
let started = performance.now();
await adminClient.query(`CREATE DATABASE ${sourceName}_sweep TEMPLATE ${sourceName}`).catch((e) => {
  console.error(
    `bench:sweep: cannot copy ${sourceName} (${(e as Error).message}); is a server or psql connected to it?`,
  );
  process.exit(2);
});
await adminClient.end();
console.log(`bench:sweep: scratch copy ${sourceName}_sweep made in ${seconds(started)} s`);

const handle = await openDatabase({ kind: 'postgres', url: copy.toString(), poolSize: 4 });
const db = handle.db;
try {
  const size = await sql<{ orders: string; open: string; jobs: string; now: Date }>`
    SELECT (SELECT reltuples::bigint FROM pg_class WHERE oid = 'work_orders'::regclass) AS orders,
           (SELECT count(*) FROM work_orders WHERE status IN (0, 1, 11, 12)) AS open,
           (SELECT count(*) FROM deadline_jobs) AS jobs,
           (SELECT max(call_time) FROM work_orders) AS now`.execute(db);
  const facts = size.rows[0]!;
  // The data's own clock: the newest call (the generator pins its 'now').
  const dataNow = new Date(facts.now);
  console.log(
    `orders ≈ ${Number(facts.orders).toLocaleString('en')}, open ${Number(facts.open).toLocaleString('en')}, ` +
      `jobs before ${Number(facts.jobs).toLocaleString('en')}; the data's clock ${dataNow.toISOString()}`,
  );

  // 1. Backfill: plan the watched orders that have no jobs — on the copy, from scratch (the
  // generator already planned them, as a node would on its first start).
  await sql`TRUNCATE deadline_jobs`.execute(db);
  await sql`UPDATE work_orders SET escalation_level = 0, escalated_at = NULL
             WHERE escalation_level > 0`.execute(db);
  started = performance.now();
  const planned = await backfillDeadlineJobs(db, dataNow, 500);
  const backfillSeconds = seconds(started);
  console.log(
    `backfill: ${planned.orders.toLocaleString('en')} watched orders planned in ${backfillSeconds} s — ` +
      `${planned.jobs.toLocaleString('en')} jobs (${planned.skipped.toLocaleString('en')} already past, recorded unsent), ` +
      `${planned.escalated.toLocaleString('en')} orders already late marked escalated`,
  );
  started = performance.now();
  const again = await backfillDeadlineJobs(db, dataNow, 500);
  console.log(`backfill again (every node's start): ${again.orders} orders, ${seconds(started)} s`);
  await sql`ANALYZE deadline_jobs`.execute(db);

  // 2. The claim query's plan, a day ahead (what a sweep after a quiet day finds).
  const dayAhead = new Date(dataNow.getTime() + 24 * HOUR);
  const plan = await sql<{ 'QUERY PLAN': string }>`
    EXPLAIN (ANALYZE, BUFFERS)
    SELECT id, order_id, kind, offset_key, due_at FROM deadline_jobs
     WHERE done_at IS NULL AND due_at <= ${dayAhead}
     ORDER BY due_at, id LIMIT ${batch} FOR UPDATE SKIP LOCKED`.execute(db);
  const planText = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  console.log(`\nclaim query, clock +24 h, LIMIT ${batch}:\n${planText}\n`);
  const usesIndex = planText.includes('deadline_jobs_due_idx');
  const scansOrders = /Seq Scan on work_orders/.test(planText);
  console.log(
    `plan: ${usesIndex ? 'reads deadline_jobs_due_idx' : 'does NOT read deadline_jobs_due_idx'}, ` +
      `${scansOrders ? 'SCANS work_orders' : 'no scan of work_orders'} — ${usesIndex && !scansOrders ? 'met' : 'missed'}`,
  );

  // 3. Sweeps on a moved clock. The context a node's sweeper has, without push (no sockets).
  const ctxAt = (at: Date) => ({ db, now: () => at }) as unknown as AppContext;
  const pending = async (at: Date) =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM deadline_jobs
          WHERE done_at IS NULL AND due_at <= ${at}`.execute(db)
      ).rows[0]!.n,
    );
  // Idle: nothing due before the first job — the cost every node pays every interval.
  const first = (
    await sql<{ t: Date | null }>`SELECT min(due_at) AS t FROM deadline_jobs
      WHERE done_at IS NULL AND due_at > ${dataNow}`.execute(db)
  ).rows[0]!.t;
  const idleAt = new Date(
    Math.min(first ? new Date(first).getTime() - 1 : dataNow.getTime(), dataNow.getTime() + HOUR),
  );
  const idle: number[] = [];
  if ((await pending(idleAt)) === 0) {
    for (let i = 0; i < 203; i++) {
      const t = performance.now();
      await sweepDeadlines(ctxAt(idleAt), { batch, maxBatches: 1 });
      if (i >= 3) idle.push(performance.now() - t);
    }
    const s = summarize(idle);
    console.log(
      `idle sweep (nothing due), ${s.n} runs: p50 ${ms(s.p50)} p95 ${ms(s.p95)} p99 ${ms(s.p99)} ms`,
    );
  } else {
    console.log('idle sweep: jobs are already due at the data clock (skipped)');
  }
  // Work off what falls due as the clock moves: 1 h, 6 h, 1 day, 3 days, 1 week ahead.
  const perBatch: number[] = [];
  let fired = 0;
  const workStarted = performance.now();
  for (const hours of [1, 6, 24, 72, 168]) {
    const at = new Date(dataNow.getTime() + hours * HOUR);
    const due = await pending(at);
    const t0 = performance.now();
    let firedHere = 0;
    for (;;) {
      const t = performance.now();
      const r = await sweepDeadlines(ctxAt(at), { batch, maxBatches: 1 });
      if (r.claimed === 0) break;
      perBatch.push(performance.now() - t);
      firedHere += r.fired;
    }
    fired += firedHere;
    const took = (performance.now() - t0) / 1000;
    console.log(
      `clock +${hours} h: ${due.toLocaleString('en')} jobs due, ${firedHere.toLocaleString('en')} fired in ${took.toFixed(1)} s` +
        (firedHere > 0 ? ` (${Math.round(firedHere / took).toLocaleString('en')} jobs/s)` : ''),
    );
  }
  const b = summarize(perBatch);
  console.log(
    `\nbatches of ${batch} (one transaction each: claim, read orders, events, levels, notices' recipients), ${b.n} batches: ` +
      `p50 ${ms(b.p50)} p95 ${ms(b.p95)} p99 ${ms(b.p99)} ms; ${fired.toLocaleString('en')} jobs in ${seconds(workStarted)} s`,
  );
  // The floor: the claim statement alone, on its own, as the database runs it.
  const claimOnly: number[] = [];
  for (let i = 0; i < 103; i++) {
    const t = performance.now();
    await db.transaction().execute((trx) =>
      sql`SELECT id FROM deadline_jobs WHERE done_at IS NULL AND due_at <= ${dayAhead}
          ORDER BY due_at, id LIMIT ${batch} FOR UPDATE SKIP LOCKED`.execute(trx),
    );
    if (i >= 3) claimOnly.push(performance.now() - t);
  }
  const c = summarize(claimOnly);
  console.log(
    `floor: the claim statement alone in its transaction (nothing left due): p50 ${ms(c.p50)} p95 ${ms(c.p95)} ms`,
  );
} finally {
  await handle.close();
  if (!args.keep) await dropDatabase(copy.toString());
  else console.log(`kept ${copy.toString()}`);
}
