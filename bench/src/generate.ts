// npm run bench:data -- --orders 1000000 [--seed 20261121] [--years 5] [--reset] [--events none]
//
// Fills the benchmark database (DATABASE_URL, default postgres://…/hotline_bench) with a
// district's history: the demo organisation and accounts (password Demo@12345 — a benchmark
// database, never a production one), and N orders built by the demo seed's order builder (real
// lifecycle walks, events, assignments, Chinese text), the last weeks' inflow open and the rest
// closed over `years`. Deterministic: the same seed, count, years and day give the same data.
// Builds every order once on `--threads` worker threads into time buckets on disk, loads them
// in time order with COPY, builds the secondary indexes afterwards; prints rates and an ETA.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/connect';
import { backfillDeadlineJobs } from '../../server/src/modules/deadlines/deadline-backfill';
import { migrate } from '../../server/src/db/migrate';
import { hashPassword } from '../../server/src/modules/auth/password';
import { seedBase } from '../../server/src/seed/base';
import { seedDemoOrg } from '../../server/src/seed/demo-org';
import { DEMO_PASSWORD } from '../../server/src/seed/index';
import { openCopy } from './gen/copy';
import {
  PROGRESS_SQL,
  createIndexes,
  dropSecondaryIndexes,
  type IndexProgress,
} from './gen/indexes';
import { partitionOrdersByYear, partitionSizes } from './gen/partition';
import { ID_MARK, readBucket } from './gen/buckets';
import { buildOrders } from './gen/build-parallel';
import { openShareOfWeeks } from './gen/plan';
import {
  ASSIGNMENT_COLUMNS,
  EVENT_COLUMNS,
  ORDER_COLUMNS,
  REQUEST_COLUMNS,
  VISIT_COLUMNS,
  orderLine,
} from './gen/rows';
import { benchUrl, ensureDatabase } from './lib/bench-db';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '20261121' },
    years: { type: 'string', default: '5' },
    events: { type: 'string', default: 'all' },
    'open-weeks': { type: 'string', default: '2' },
    threads: { type: 'string', default: String(availableParallelism()) },
    'open-rate': { type: 'string' },
    reset: { type: 'boolean', default: false },
    'partition-by-year': { type: 'boolean', default: false },
    now: { type: 'string' },
  },
});
const count = Number(args.orders);
const seed = Number(args.seed);
const years = Number(args.years);
if (!Number.isInteger(count) || count < 1 || count > 50_000_000) fail('--orders: 1 … 50,000,000');
if (!Number.isInteger(seed)) fail('--seed: an integer');
if (!(years > 0 && years <= 30)) fail('--years: more than 0, at most 30');
if (args.events !== 'all' && args.events !== 'none') fail('--events: all or none');
const threads = Number(args.threads);
if (!(Number.isInteger(threads) && threads >= 1 && threads <= 16)) fail('--threads: 1 … 16');
const openWeeks = Number(args['open-weeks']);
if (!(openWeeks > 0 && openWeeks <= 52)) fail('--open-weeks: more than 0, at most 52');
const openShare =
  args['open-rate'] === undefined ? openShareOfWeeks(openWeeks, years) : Number(args['open-rate']);
if (!(openShare >= 0 && openShare <= 0.5)) fail('--open-rate: a share from 0 to 0.5');
// Whole days keep the data the same all day; --now pins it for a repeatable run.
const now = args.now
  ? new Date(args.now)
  : new Date(new Date().toISOString().slice(0, 13) + ':00:00Z');
if (Number.isNaN(now.getTime())) fail('--now: an ISO date-time');

function fail(message: string): never {
  console.error(`bench:data: ${message}`);
  process.exit(2);
}
const log = (line: string) => console.log(line);
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
/** "N of M orders (s s, about m min left)": the pass's rate so far applied to what is left. */
const progress = (done: number, total: number, from: number) => {
  const spent = (performance.now() - from) / 1000;
  const left = Math.round(((total - done) * spent) / done / 60);
  return `${done.toLocaleString('en')} of ${total.toLocaleString('en')} orders (${spent.toFixed(0)} s, about ${left} min left)`;
};

const url = benchUrl();
const state = await ensureDatabase(url, args.reset);
const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
const db = handle.db;
await migrate(db);
await seedBase(db);
const users = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
if (users) {
  await handle.close();
  fail(`${url} already holds data (${state}); run with --reset to rebuild it`);
}
log(
  `bench:data → ${url}: ${count.toLocaleString('en')} orders over ${years} years, seed ${seed}, ` +
    `${(openShare * 100).toFixed(2)} % open (≈ ${Math.round(count * openShare).toLocaleString('en')})`,
);
const org = await seedDemoOrg(db, await hashPassword(DEMO_PASSWORD));

// Pass 1, on several threads: every order built once from its own seed (the same seed and index
// always give the same order), written as COPY text into time buckets on disk (gen/buckets.ts).
let started = performance.now();
// In TMPDIR (os.tmpdir): about the size of the loaded tables; removed at exit, however it ends.
const dir = mkdtempSync(join(tmpdir(), 'hotline-bench-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const terminalSpanDays = Math.round(years * 365);
let shown = 0;
const built = await buildOrders(
  {
    url,
    org,
    seed,
    now: now.toISOString(),
    terminalSpanDays,
    openShare,
    withEvents: args.events === 'all',
    dir,
    // About 250 buckets over the span: a bucket is read whole at load (a few hundred MB at most).
    bucketMs: Math.max(1, Math.ceil(terminalSpanDays / 250)) * 86_400_000,
    count,
    threads,
  },
  (done) => {
    if (done - shown < Math.max(20_000, count / 20)) return;
    shown = done;
    log(`  built ${progress(done, count, started)}`);
  },
);
const { callTimes } = built;
log(`built in ${seconds(started)} s (${built.buckets.length} time buckets in ${dir})`);
// docs/scale.md: work_orders partitioned by RANGE (call_time), one partition per year.
if (args['partition-by-year']) await partitionOrdersByYear(db, callTimes, log);

const tables = [
  'work_orders',
  'order_search',
  'order_assignments',
  'order_events',
  'order_visits',
  'order_requests',
];
const dropped = await dropSecondaryIndexes(db, tables);
// Five connections, one COPY each, fed in one sweep. Replica mode skips triggers and
// foreign-key checks during the load: the rows are consistent by construction, and the tally
// is rebuilt in one statement afterwards.
const clients = await Promise.all(
  [0, 1, 2, 3, 4].map(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('SET session_replication_role = replica');
    return c as unknown as pg.PoolClient;
  }),
);
const [oc, ac, ec, vc, rc] = clients as [
  pg.PoolClient,
  pg.PoolClient,
  pg.PoolClient,
  pg.PoolClient,
  pg.PoolClient,
];
const firstId =
  Number((await oc.query('SELECT COALESCE(max(id), 0) AS m FROM work_orders')).rows[0].m) + 1;
const orders = openCopy(oc, 'work_orders', ORDER_COLUMNS);
const assignments = openCopy(ac, 'order_assignments', ASSIGNMENT_COLUMNS);
const events = args.events === 'all' ? openCopy(ec, 'order_events', EVENT_COLUMNS) : null;
const visits = openCopy(vc, 'order_visits', VISIT_COLUMNS);
const requests = openCopy(rc, 'order_requests', REQUEST_COLUMNS);
const seq = new Map<string, number>();
const next = (key: string): string => {
  const n = (seq.get(key) ?? 0) + 1;
  seq.set(key, n);
  return String(n).padStart(4, '0');
};
// Pass 2: the buckets in time order, each sorted by (call time, index): ids, order numbers and
// case numbers follow time as in a real table.
started = performance.now();
let k = 0;
for (const key of built.buckets) {
  for (const record of readBucket(dir, built.workers, key)) {
    const { prefix, date, dispatched, lines } = record.meta;
    const caseSeq = next(`case${date}`);
    const id = firstId + k;
    const idTab = `${id}\t`;
    const numbers = {
      orderNum: `${prefix}${date}${next(`${prefix}${date}`)}`,
      caseNum: `QY${date}${caseSeq}`,
      handleCode: dispatched ? `BL${date}${caseSeq}` : null,
    };
    await orders.write(orderLine(id, numbers, record.order), 1);
    await assignments.write(record.assignments.replaceAll(ID_MARK, idTab), lines[0]);
    if (events) await events.write(record.events.replaceAll(ID_MARK, idTab), lines[1]);
    await visits.write(record.visits.replaceAll(ID_MARK, idTab), lines[2]);
    await requests.write(record.requests.replaceAll(ID_MARK, idTab), lines[3]);
    k += 1;
    if (k % 100_000 === 0) log(`  loaded ${progress(k, count, started)}`);
  }
}
rmSync(dir, { recursive: true, force: true });
await Promise.all([orders.end(), assignments.end(), events?.end(), visits.end(), requests.end()]);
const loadSeconds = (performance.now() - started) / 1000;
const rate = (n: number) => Math.round(n / loadSeconds).toLocaleString('en');
log(
  `loaded in ${loadSeconds.toFixed(1)} s: work_orders ${count.toLocaleString('en')} (${rate(count)} rows/s), ` +
    `order_assignments ${assignments.rows.toLocaleString('en')}, ` +
    `order_events ${(events?.rows ?? 0).toLocaleString('en')} (${rate(count + assignments.rows + (events?.rows ?? 0))} rows/s in all)`,
);
await Promise.all([ac, ec, vc, rc].map((c) => (c as unknown as pg.Client).end()));
const ddl = oc as unknown as pg.Client;
await ddl.query('SET session_replication_role = DEFAULT');
// The load skipped the trigger that writes each order's search text (migration 036): one
// statement writes them all, before the indexes.
started = performance.now();
await ddl.query(
  `
  INSERT INTO order_search (order_id, call_time, type_id, search_text)
  SELECT id, call_time, type_id,
         hotline_order_text(order_num, district_case_num, title, major_content, caller_name,
                            caller_phone, address)
    FROM work_orders WHERE id >= $1`,
  [firstId],
);
log(`search texts in ${seconds(started)} s`);
// And the trigger that writes the units that see each order (migration 044).
started = performance.now();
await ddl.query(
  `
  INSERT INTO order_units (unit_id, call_time, order_id, type_id)
  SELECT u.unit_id, o.call_time, o.id, o.type_id
    FROM work_orders o,
         unnest(hotline_order_units(o.host_unit_id, o.co_host_unit_ids)) AS u(unit_id)
   WHERE o.id >= $1`,
  [firstId],
);
log(`units of the orders in ${seconds(started)} s`);

started = performance.now();
// Two builds at a time (one per core): the search index, most of the time, runs beside the
// others. Each build may use 1 GB of sort memory and, for B-trees, a parallel worker.
const second = new pg.Client({ connectionString: url });
await second.connect();
const builders = [ddl, second];
for (const c of builders) {
  await c.query(`SET maintenance_work_mem = '1GB'`);
  await c.query('SET max_parallel_maintenance_workers = 1');
}
const watcher = new pg.Client({ connectionString: url });
await watcher.connect();
log(`building ${dropped.length} indexes, ${builders.length} at a time…`);
await createIndexes(
  builders.map((c) => (text: string) => c.query(text)),
  async () => (await watcher.query<IndexProgress>(PROGRESS_SQL)).rows,
  dropped,
  log,
);
await Promise.all([...builders, watcher].map((c) => c.end()));
await sql`SELECT setval(pg_get_serial_sequence('work_orders', 'id'), (SELECT max(id) FROM work_orders))`.execute(
  db,
);
// The queue tallies of migration 015, in one pass over the orders.
await sql`SELECT rebuild_queue_tallies()`.execute(db);
log(`indexes and tallies in ${seconds(started)} s`);
// The due jobs of the open orders (reminders, escalation), as a node plans them on its first
// start (server/src/modules/deadlines/deadline-backfill.ts): a live database has them.
started = performance.now();
const planned = await backfillDeadlineJobs(db, now);
log(
  `deadline jobs: ${planned.jobs.toLocaleString('en')} for ${planned.orders.toLocaleString('en')} open orders, ` +
    `${planned.escalated.toLocaleString('en')} already late marked escalated (${seconds(started)} s); vacuuming and analysing…`,
);
// As autovacuum leaves a live table: statistics, and the visibility map that index-only
// scans (the queue counts) rely on.
await sql`VACUUM (ANALYZE) work_orders, order_search, order_units, order_assignments, order_events, order_visits, order_requests, deadline_jobs`.execute(
  db,
);
const sizes = await sql<{ table: string; size: string }>`
  SELECT relname AS table, pg_size_pretty(pg_total_relation_size(oid)) AS size
    FROM pg_class WHERE relname = ANY(${tables}) ORDER BY relname`.execute(db);
log(`sizes: ${sizes.rows.map((r) => `${r.table} ${r.size}`).join(', ')}`);
if (args['partition-by-year']) log(await partitionSizes(db));
await handle.close();
log('done');
