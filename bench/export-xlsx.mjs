// node --expose-gc --import tsx bench/export-xlsx.mjs [--orders 1000000] [--xlsx 100000] [--keep]
//   [--in-process | --bundle]
//   [--skip-xlsx] [--skip-csv] [--db <database of an earlier --keep run>]
//   [--budget [--budget-exports 4]]
//
// Export benchmark (issue 7). By default the server under test is its own process
// (`server/src/main.ts`, as deployed): its RSS and CPU are read from /proc, and the client that
// reads the download is this process, as a browser would be another machine. --in-process runs
// the server inside this process instead (then, with --expose-gc, the heap that survives a full
// collection is sampled too); --bundle runs the built server (`server/dist/main.js`, what
// `npm run start:prod`, the Docker image and the systemd unit run; `npm run build` first) instead
// of the sources through tsx, whose transpiled modules add about 50 MB to an idle node's RSS.
// Creates a scratch PostgreSQL database bench_export_<hex> on
// BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), migrates it, seeds the
// demo organisation and accounts, and fills `--orders` work orders with SQL (generate_series;
// the text-search GIN indexes are dropped first — the export never uses them). Then, through
// the real HTTP server in this process:
//   1. exportExcel of `--xlsx` rows (status 91; with --db, the `--xlsx` newest orders by call
//      time, since that database has its own statuses) × every export column, read by a streaming
//      client and discarded: rows per second and the process's peak RSS — twice, the first
//      export after the server's start and the same again warm (the target is judged on the
//      warm one, the memory on both); then once with the export dialog's 14 preselected
//      columns (what a user exports most; the chunk query reads only their fields);
//   2. initCsv of every order (the 1,000,000-row job), polled to the end: time, rows per
//      second, RSS sampled during the job (peak, and growth from the first to the last tenth).
//   3. --budget (issue 19, the export budget): a dispatcher's lists/counts, one call after
//      another, idle and then while `--budget-exports` users (default 4) each export every
//      order to XLSX (every column) at once — the node writes XLSX_EXPORTS_PER_NODE (2) at a
//      time, the others wait their turn: p50/p95/max of counts in both, and how the exports
//      fared (status, wait, time).
// The database is dropped at the end (also on failure) unless --keep.
/* global fetch, setInterval, clearInterval, clearTimeout, Buffer */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMN_KEYS } from '@hotline/domain';
import { serverNodeArgs } from '../scripts/server-node-args.mjs';
import { answers, freePort, rssBytes } from './server-process.mjs';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/connect';
import { migrate } from '../server/src/db/migrate';
import { SimulatedSmsProvider } from '../server/src/modules/auth/sms-provider';
import { DEMO_PASSWORD, seedBase, seedDemoIfEmpty } from '../server/src/seed/index';
import { testSettings } from '../server/src/settings';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    xlsx: { type: 'string', default: '100000' },
    keep: { type: 'boolean', default: false },
    db: { type: 'string' },
    'skip-xlsx': { type: 'boolean', default: false },
    'skip-csv': { type: 'boolean', default: false },
    'in-process': { type: 'boolean', default: false },
    bundle: { type: 'boolean', default: false },
    budget: { type: 'boolean', default: false },
    'budget-exports': { type: 'string', default: '4' },
  },
});
const inProcess = args['in-process'];
if (args.bundle && !existsSync(new URL('../server/dist/main.js', import.meta.url))) {
  throw new Error('--bundle runs server/dist/main.js: run `npm run build` first');
}
const root = fileURLToPath(new URL('..', import.meta.url));
/** The server process (unless --in-process). */
let child = null;
const ORDERS = Number(args.orders);
const XLSX_ROWS = Number(args.xlsx);
if (!(XLSX_ROWS * 10 <= ORDERS)) throw new Error('--xlsx must be at most a tenth of --orders');
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// --db <name>: reuse a database an earlier `--keep` run left (no fill; it is kept).
const reuse = args.db;
const name = reuse ?? `bench_export_${randomBytes(4).toString('hex')}`;
const MB = 1024 * 1024;
// CPU seconds of the server: its process from /proc (all threads), or this process in-process
// (then the client's share is in it too). PostgreSQL's is never in it.
const cpuNow = () => {
  if (!child) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, clock ticks of 10 ms
};
const cpuSeconds = (from) => (cpuNow() - from).toFixed(2);
const rssNow = () => {
  return child ? rssBytes(child.pid) : process.memoryUsage().rss;
};
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join('/');

let peak = 0;
const samples = [];
// With --expose-gc: the heap that survives a full collection, every second — a leak grows it,
// a lazy collector on a busy machine only grows RSS.
const retained = [];
let ticks = 0;
const sampler = setInterval(() => {
  const rss = rssNow();
  peak = Math.max(peak, rss);
  samples.push(rss);
  if (!child && globalThis.gc && ++ticks % 20 === 0) {
    globalThis.gc();
    retained.push(process.memoryUsage().heapUsed);
  }
}, 50);
const resetPeak = () => {
  peak = rssNow();
  samples.length = 0;
  retained.length = 0;
};
const retainedText = () =>
  retained.length < 2
    ? ''
    : `; heap after full GC: first ${(retained[0] / MB).toFixed(0)} MB, last ${(retained.at(-1) / MB).toFixed(0)} MB, max ${(Math.max(...retained) / MB).toFixed(0)} MB`;

/** Starts `server/src/main.ts` on the scratch database; resolves with its base URL. */
async function startServer(databaseUrl, dataDir) {
  const port = await freePort();
  child = spawn(
    process.execPath,
    [
      ...serverNodeArgs(),
      // BENCH_SERVER_NODE_ARGS: more node flags for the server (`--cpu-prof --cpu-prof-dir=/tmp/p`
      // profiles its main thread and the XLSX worker, each to a file of its own)
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...(args.bundle
        ? ['server/dist/main.js']
        : [
            '--import',
            'tsx',
            // BENCH_SERVER_ENTRY: a wrapper around server/src/main.ts (a profiler, say) to run
            // instead.
            process.env.BENCH_SERVER_ENTRY ?? 'server/src/main.ts',
          ]),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        ...(args.bundle ? { NODE_ENV: 'production' } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '5',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      },
      // BENCH_SERVER_STDOUT=1: the server's standard output here too (--trace-gc, say)
      stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  if (!(await answers(base))) throw new Error('the server did not start');
  return base;
}

async function tokenOf(address, username) {
  const login = await fetch(`${address}/api/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  }).then((r) => r.json());
  if (login.code !== 200) throw new Error(`login ${username}: ${login.msg}`);
  return login.data.token;
}

const pct = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const summary = (xs) =>
  `n ${xs.length}, p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;

/** Issue 19: a dispatcher's counts p95, idle and while users export XLSX at once. */
async function budget(address) {
  const exporters = ['admin', 'reviewer', 'leader', 'agent', 'visitor', 'town1'].slice(
    0,
    Number(args['budget-exports']),
  );
  const counter = { authorization: `Bearer ${await tokenOf(address, 'dispatcher')}` };
  const counts = async () => {
    const start = performance.now();
    const res = await fetch(`${address}/api/addons/jsjb/lists/counts`, {
      method: 'POST',
      headers: { ...counter, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = await res.json();
    if (body.code !== 200) throw new Error(`counts: ${body.msg}`);
    return performance.now() - start;
  };
  for (let i = 0; i < 5; i++) await counts();
  const idle = [];
  for (let i = 0; i < 60; i++) idle.push(await counts());
  console.log(`budget: counts idle: ${summary(idle)}`);

  const tokens = await Promise.all(exporters.map((u) => tokenOf(address, u)));
  let running = exporters.length;
  const exportOne = async (user, token) => {
    const start = Date.now();
    const res = await fetch(`${address}/api/addons/jsjb/export/exportExcel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ columns: EXPORT_COLUMN_KEYS, filter: {} }),
    });
    const firstByte = (Date.now() - start) / 1000;
    let bytes = 0;
    if (res.status === 200) for await (const chunk of res.body) bytes += chunk.length;
    else await res.text();
    running -= 1;
    return {
      user,
      status: res.status,
      rows: Number(res.headers.get('x-export-rows') ?? 0),
      firstByte,
      seconds: (Date.now() - start) / 1000,
      mb: bytes / MB,
    };
  };
  resetPeak();
  const started = Date.now();
  const exports = Promise.all(exporters.map((u, i) => exportOne(u, tokens[i])));
  const loaded = [];
  while (running > 0) loaded.push(await counts());
  const done = await exports;
  const seconds = (Date.now() - started) / 1000;
  for (const e of done) {
    console.log(
      `budget: export by ${e.user}: ${e.status}, ${e.rows.toLocaleString()} rows, first byte ${e.firstByte.toFixed(1)} s, ` +
        `done ${e.seconds.toFixed(1)} s, ${e.mb.toFixed(1)} MB`,
    );
  }
  console.log(
    `budget: counts with ${exporters.length} exports (${seconds.toFixed(1)} s): ${summary(loaded)}; server RSS peak ${(peak / MB).toFixed(0)} MB`,
  );
  console.log(
    `RESULT ${JSON.stringify({
      case: `counts (dispatcher) while ${exporters.length} users export XLSX (${ORDERS.toLocaleString('en')} orders × ${EXPORT_COLUMN_KEYS.length} columns each)`,
      figure: `p95 ${pct(loaded, 95).toFixed(0)} ms (idle ${pct(idle, 95).toFixed(0)} ms), p50 ${pct(loaded, 50).toFixed(0)} ms (idle ${pct(idle, 50).toFixed(0)} ms), n ${loaded.length}; exports ${done.map((e) => e.status).join('/')} in ${seconds.toFixed(0)} s; RSS peak ${(peak / MB).toFixed(0)} MB (load ${loadavg()})`,
      target: 'interactive requests keep their latency while exports run',
      verdict: pct(loaded, 95) <= Math.max(3 * pct(idle, 95), 300) ? 'met' : 'missed',
    })}`,
  );
}

async function admin(sqlText) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

async function fillDatabase() {
  const t0 = Date.now();
  await seedBase(handle.db);
  await seedDemoIfEmpty(handle.db, { orders: 0, now: new Date() });
  const fill = new pg.Client({ connectionString: url.toString() });
  await fill.connect();
  const { rows: gin } = await fill.query(
    `SELECT indexname FROM pg_indexes WHERE tablename = 'work_orders' AND indexdef ~* 'using (gin|gist)'`,
  );
  for (const r of gin) await fill.query(`DROP INDEX ${r.indexname}`);
  // The per-row tally trigger is for queue counts, which this benchmark does not read.
  await fill.query('ALTER TABLE work_orders DISABLE TRIGGER USER');
  await fill.query(`
    INSERT INTO work_orders (order_num, district_case_num, type_id, title, major_content, caller_name,
      caller_phone, address, category_id, order_nature, urgency, status, main_org_status,
      huifang_state, host_unit_id, dispatch_type, call_time, system_sign_time, dispatch_time,
      host_sign_time, handling_limit_hours, deadline, reply_time, reply_content, reply_contacted,
      reply_resolved, closed_time, visit_count, visit_time, visit_result, visit_contacted,
      visit_host_contacted, visit_resolved, labels)
    SELECT 'B' || lpad(i::text, 9, '0'), 'QYB' || i, 1,
      '关于' || (ARRAY['小区供暖','道路破损','噪音扰民','垃圾清运','停车管理'])[1 + i % 5] || '的诉求 ' || i,
      '市民反映' || repeat('近期所在小区存在问题，影响正常生活，请尽快处理。', 1 + i % 4),
      (ARRAY['张','王','李','赵','刘'])[1 + i % 5] || '先生', '13' || lpad((i % 1000000000)::text, 9, '0'),
      '北京市某区某街道' || (i % 300) || '号', cat.a[1 + i % array_length(cat.a, 1)],
      'complaint', 'general', CASE WHEN i % 10 = 0 THEN 91 ELSE 92 END, 72, CASE WHEN i % 10 = 0 THEN 2 ELSE 1 END,
      u.a[1 + i % array_length(u.a, 1)], '直派', ts, ts + interval '1 hour', ts + interval '2 hours', ts + interval '5 hours', 168,
      ts + interval '170 hours', ts + interval '50 hours', '已联系诉求人并处理完毕。', true, i % 3 <> 0,
      CASE WHEN i % 10 = 0 THEN NULL ELSE ts + interval '80 hours' END, 1, ts + interval '72 hours',
      (ARRAY['satisfied','basic','unsatisfied'])[1 + i % 3], true, true, i % 3 <> 0, ARRAY['噪音']
    FROM generate_series(1, ${ORDERS}) AS i
    CROSS JOIN LATERAL (SELECT timestamptz '2026-01-01 00:00+08' + (i * interval '17 seconds') AS ts) t
    CROSS JOIN (SELECT array_agg(id ORDER BY id) AS a FROM units
                WHERE kind IN ('street', 'town', 'department')) u
    CROSS JOIN (SELECT array_agg(id ORDER BY id) AS a FROM problem_categories) cat`);
  await fill.query('ALTER TABLE work_orders ENABLE TRIGGER USER');
  // As autovacuum leaves a table in service: statistics, and a visibility map, so the export's
  // row count is an index-only scan rather than a read of the whole table.
  await fill.query('VACUUM ANALYZE work_orders');
  await fill.end();
  const fillSeconds = (Date.now() - t0) / 1000;
  console.log(`filled ${ORDERS.toLocaleString()} orders in ${fillSeconds.toFixed(1)} s`);
}

/**
 * The list filter of the `rows` newest orders by call time (a database of an earlier run or the
 * benchmark's own, whose share of status 91 is its own: 24,090 of ten million).
 */
async function newestOrders(databaseUrl, rows) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows: found } = await c.query(
      'SELECT call_time FROM work_orders ORDER BY call_time DESC OFFSET $1 LIMIT 1',
      [rows - 1],
    );
    if (!found[0]) throw new Error(`--xlsx ${rows}: the database has fewer orders`);
    return { callTimeFrom: found[0].call_time.toISOString() };
  } finally {
    await c.end();
  }
}

const url = new URL(adminUrl);
url.pathname = `/${name}`;
if (!reuse) {
  await admin(
    `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
}
let handle;
let app;
try {
  handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  await migrate(handle.db);
  let t0 = Date.now();
  if (!reuse) await fillDatabase();

  let address;
  if (inProcess) {
    const base = {
      db: handle.db,
      settings: testSettings({ dataDir: `/tmp/${name}` }),
      sms: new SimulatedSmsProvider(),
      now: () => new Date(),
    };
    ({ app } = await buildApp(base));
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  } else {
    address = await startServer(url.toString(), `/tmp/${name}`);
  }
  const login = await fetch(`${address}/api/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  }).then((r) => r.json());
  const headers = {
    authorization: `Bearer ${login.data.token}`,
    'content-type': 'application/json',
  };

  const xlsxFilter = reuse ? await newestOrders(url.toString(), XLSX_ROWS) : { status: [91] };
  // 1. XLSX: XLSX_ROWS rows × every column, streamed to a client that discards it — twice: the
  //    first export after the server's start (its code not yet optimised by the JIT, the
  //    worker thread's modules loaded for the first time), then the same export again, as a
  //    server that has been running serves it. The target is judged on the second; the peak
  //    memory on both.
  const runXlsx = async (columns = EXPORT_COLUMN_KEYS) => {
    globalThis.gc?.();
    resetPeak();
    const rssBefore = rssNow();
    const cpu0 = cpuNow();
    const start = Date.now();
    const res = await fetch(`${address}/api/addons/jsjb/export/exportExcel`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ columns, filter: xlsxFilter }),
    });
    if (res.status !== 200) throw new Error(`exportExcel ${res.status}: ${await res.text()}`);
    let bytes = 0;
    // BENCH_SAVE_XLSX=<path>: keep the download (to look into the file); off while measuring
    const saved = process.env.BENCH_SAVE_XLSX ? [] : null;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      saved?.push(chunk);
    }
    if (saved) writeFileSync(process.env.BENCH_SAVE_XLSX, Buffer.concat(saved));
    const seconds = (Date.now() - start) / 1000;
    const run = {
      rows: Number(res.headers.get('x-export-rows')),
      seconds,
      cpu: cpuSeconds(cpu0),
      rssBefore,
      peak,
      bytes,
    };
    run.rate = Math.round(run.rows / seconds);
    console.log(
      `xlsx: ${run.rows.toLocaleString()} rows × ${columns.length} columns in ${seconds.toFixed(2)} s = ` +
        `${run.rate.toLocaleString()} rows/s, ${(bytes / MB).toFixed(1)} MB file, CPU ${run.cpu} s, ` +
        `RSS before ${(rssBefore / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB${retainedText()}`,
    );
    return run;
  };
  if (!args['skip-xlsx']) {
    const first = await runXlsx();
    const warm = await runXlsx();
    const where = child ? 'server process' : 'bench process with the server in it';
    const peakBoth = Math.max(first.peak, warm.peak);
    // A row of `npm run bench`'s table (bench/src/sections/external.ts).
    console.log(
      `RESULT ${JSON.stringify({
        case: `XLSX, ${warm.rows.toLocaleString('en')} rows × ${EXPORT_COLUMN_KEYS.length} columns`,
        figure: `${warm.rate.toLocaleString('en')} rows/s (first export after start ${first.rate.toLocaleString('en')}); ${where}: CPU ${warm.cpu} s, RSS ${(warm.rssBefore / MB).toFixed(0)} → peak ${(warm.peak / MB).toFixed(0)} MB (first export ${(first.peak / MB).toFixed(0)}) (load ${loadavg()})`,
        target: '≥ 20,000 rows/s, peak < 300 MB',
        verdict: warm.rate >= 20000 && peakBoth < 300 * MB ? 'met' : 'missed',
      })}`,
    );
    // What a user gets most: the export dialog's preselected columns (14), warm.
    const usual = await runXlsx(DEFAULT_EXPORT_COLUMNS);
    console.log(
      `RESULT ${JSON.stringify({
        case: `XLSX, ${usual.rows.toLocaleString('en')} rows × the dialog's ${DEFAULT_EXPORT_COLUMNS.length} preselected columns`,
        figure: `${usual.rate.toLocaleString('en')} rows/s; ${where}: CPU ${usual.cpu} s, peak ${(usual.peak / MB).toFixed(0)} MB (load ${loadavg()})`,
        target: '',
        verdict: '',
      })}`,
    );
  }

  // 2. CSV job over every order.
  if (!args['skip-csv']) {
    globalThis.gc?.();
    resetPeak();
    const cpu1 = cpuNow();
    t0 = Date.now();
    const init = await fetch(`${address}/api/addons/jsjb/export/initCsv`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ columns: EXPORT_COLUMN_KEYS.slice(0, 40), filter: {} }),
    }).then((r) => r.json());
    if (init.code !== 200) throw new Error(`initCsv: ${init.msg}`);
    let job = init.data.job;
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, 500));
      job = (
        await fetch(`${address}/api/addons/jsjb/export/queryExportInfo`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ jobId: job.id }),
        }).then((r) => r.json())
      ).data.job;
    }
    const csvSeconds = (Date.now() - t0) / 1000;
    const csvCpu = cpuSeconds(cpu1);
    const tenth = Math.max(1, Math.floor(samples.length / 10));
    const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      `csv job: ${job.status}, ${job.rows.toLocaleString()} rows × 40 columns in ${csvSeconds.toFixed(1)} s = ` +
        `${Math.round(job.rows / csvSeconds).toLocaleString()} rows/s; RSS peak ${(peak / MB).toFixed(0)} MB, ` +
        `first tenth avg ${(avg(samples.slice(0, tenth)) / MB).toFixed(0)} MB, last tenth avg ` +
        `${(avg(samples.slice(-tenth)) / MB).toFixed(0)} MB${retainedText()}`,
    );
    const tenths = Array.from({ length: 10 }, (_, i) =>
      (avg(samples.slice(i * tenth, (i + 1) * tenth)) / MB).toFixed(0),
    );
    console.log(`csv job RSS by tenth (MB): ${tenths.join(' ')}`);
    const first = avg(samples.slice(0, tenth)) / MB;
    const last = avg(samples.slice(-tenth)) / MB;
    console.log(
      `RESULT ${JSON.stringify({
        case: `CSV job, ${job.rows.toLocaleString('en')} rows × 40 columns (${job.status})`,
        figure: `${Math.round(job.rows / csvSeconds).toLocaleString('en')} rows/s, CPU ${csvCpu} s; RSS by tenth ${tenths.join(' ')} MB, peak ${(peak / MB).toFixed(0)} MB (load ${loadavg()})`,
        target: 'memory does not grow',
        verdict: job.status === 'done' && last - first < 0.05 * first ? 'met' : 'missed',
      })}`,
    );
  }

  // 3. The export budget: counts latency idle and with exports running.
  if (args.budget) await budget(address);
} finally {
  clearInterval(sampler);
  if (child && child.exitCode === null) {
    // SIGTERM first, so a wrapper (BENCH_SERVER_ENTRY: a profiler) can write what it holds
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  await app?.close();
  await handle?.close();
  const keep = args.keep || reuse;
  if (!keep) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  console.log(keep ? `kept database ${name}` : `dropped database ${name}`);
}
