// Push fan-out benchmark (issues 6, 23): two server nodes sharing PostgreSQL and Redis, N
// WebSocket clients (default 5,000) spread over both, half bound as a street handler (street1)
// and half as the dispatcher, simulated by --client-procs child processes (default 4: 10,000
// sockets are not one event loop). Each round the dispatcher signs an order, then dispatches it
// to street1's street through alternating nodes: every client is affected by the dispatch
// (street: "to be signed for" +1; district: "pending dispatch" −1). Two figures, kept apart
// because on one machine the clients compete with the servers for the CPU:
//
//   server-side  commit → the last socket write of the change, per node, measured inside the
//                server (PUSH_TRACE=1 on the nodes; GET /api/push/trace): one record per change
//                and node, with commit → taken up (publish / Redis receipt) and → write loop;
//   client-side  commit → each client's receipt of its message (the time the server stamps on
//                it, same machine, same clock).
//
// Also: the action's own HTTP time, each process's CPU over the measured rounds (/proc), Redis's
// CPU (INFO), each node's RSS and the load average. Bounded: gives up after --timeout seconds;
// a round whose messages do not all arrive within --round-timeout seconds counts them missing.
//
// Usage: node bench/push-fanout.mjs [--clients 5000] [--rounds 30] [--client-procs 4]
//   [--client-nice 0] [--priority=P] [--db <url>] [--timeout 900] [--round-timeout 20] [--json]
// The database: by default its own, BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:
// 5432/hotline_push_bench), recreated with 300 orders and `--rounds` orders inserted to act on.
// --db <url> runs on an existing benchmark database instead (e.g. the 10M one) and writes to it
// only through the server's own actions: two logins (street1, dispatcher), then per round one
// order of status 0 (unsigned, not locked; found by a read) signed and dispatched to street1's
// street — `--rounds` orders changed. Redis: REDIS_URL (default redis://127.0.0.1:6379).
// --client-nice N runs the client processes at that nice level (clients elsewhere: the servers
// get the CPU first; the client-side figure then waits for them). --priority P puts the nodes,
// the clients (P + N) and this process at nice P for the rounds, and the session's scheduler
// autogroup too (e.g. `--priority=-10` on a machine busy with other work; needs root;
// PostgreSQL and Redis keep their priority).
// BENCH_SERVER_NODE_ARGS / BENCH_CLIENT_NODE_ARGS: more node flags for the nodes / the client
// processes (`--cpu-prof --cpu-prof-dir=…`).
/* global fetch */
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { serverNodeArgs } from '../scripts/server-node-args.mjs';
import { clientProcess, post } from './push-client.mjs';
import { answers, freePort, rssBytes } from './server-process.mjs';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '30' },
    'client-procs': { type: 'string', default: '4' },
    'client-nice': { type: 'string', default: '0' },
    priority: { type: 'string' },
    db: { type: 'string' },
    timeout: { type: 'string', default: '900' },
    'round-timeout': { type: 'string', default: '20' },
    json: { type: 'boolean', default: false },
    // Internal: this process is one of the client processes.
    'as-client': { type: 'boolean', default: false },
  },
});
const CLIENTS = Number(args.clients);
const ROUNDS = Number(args.rounds);
const PROCS = Number(args['client-procs']);
const NICE = Number(args['client-nice']);
const PRIORITY = args.priority === undefined ? null : Number(args.priority);
const ROUND_TIMEOUT_MS = Number(args['round-timeout']) * 1000;
const root = fileURLToPath(new URL('..', import.meta.url));
const OWN_DB =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hotline_push_bench';
const DB = args.db ?? OWN_DB;
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CHANNEL = `hotline-bench:push:${randomBytes(4).toString('hex')}`;
const log = (...a) => {
  if (!args.json) console.log(...a);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// The main process: database, nodes, client processes, rounds, figures.

const nodes = [];
const clientProcs = [];
const deadline = setTimeout(
  () => {
    console.error(`push-fanout: gave up after ${args.timeout} s`);
    cleanUp(1);
  },
  Number(args.timeout) * 1000,
);

function cleanUp(code) {
  clearTimeout(deadline);
  for (const c of clientProcs) c.kill('SIGKILL');
  // SIGTERM first: a node started with --cpu-prof writes its profile as it exits.
  for (const n of nodes) n.proc.kill('SIGTERM');
  setTimeout(() => {
    for (const n of nodes) n.proc.kill('SIGKILL');
    process.exit(code);
  }, 3000).unref();
}

const rssMb = (pid) => rssBytes(pid) / (1024 * 1024);

/** CPU seconds (user + system) a process has used so far, from /proc (0 once it is gone). */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks
  } catch {
    return 0;
  }
}

async function redisCpuSeconds(redis) {
  const info = await redis.info('cpu');
  const get = (k) => Number(new RegExp(`${k}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return get('used_cpu_user') + get('used_cpu_sys');
}

/** Sets the nice level of every thread of a process (Linux: nice is per thread). */
function niceAll(pid, level) {
  const clamped = Math.max(-20, Math.min(19, level));
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    tids = [pid];
  }
  for (const tid of tids) {
    try {
      setPriority(tid, clamped);
    } catch {
      // a thread that has gone, or no right to raise the priority: leave it
    }
  }
}

/**
 * With autogroup scheduling (Linux desktop default) nice only orders the threads of one
 * session; sessions share the CPU equally. Sets this session's group to `level` and returns
 * what it was (null where there are no autogroups or no right to change them).
 */
function raiseAutogroup(level) {
  try {
    const was = Number(/nice (-?\d+)/.exec(readFileSync('/proc/self/autogroup', 'utf8'))?.[1]);
    writeFileSync('/proc/self/autogroup', String(level));
    return Number.isFinite(was) ? was : 0;
  } catch {
    return null;
  }
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function startNode(name) {
  const port = await freePort();
  const proc = spawn(
    process.execPath,
    [
      ...serverNodeArgs(),
      // BENCH_SERVER_NODE_ARGS: more node flags for the nodes (`--cpu-prof --cpu-prof-dir=…`).
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'server/src/main.ts',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: DB,
        DATABASE_POOL_SIZE: '8',
        REDIS_URL: REDIS,
        PUSH_CHANNEL: CHANNEL,
        PUSH_TRACE: '1',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  if (!(await answers(base, 400))) throw new Error(`${name} did not start`);
  const node = { name, base, proc, peakRss: 0 };
  nodes.push(node);
  return node;
}

/** The orders the rounds act on: inserted into our own database, or found in a given one. */
async function ordersToActOn(db) {
  if (args.db) {
    // Read only: unsigned orders nobody holds a lock on, newest first (two spare per round:
    // the data may refuse one, e.g. a lock taken since).
    const r = await db.query(
      `SELECT w.id FROM work_orders w
        WHERE w.status = 0
          AND NOT EXISTS (SELECT 1 FROM order_locks l WHERE l.order_id = w.id AND l.expires_at > now())
        ORDER BY w.id DESC LIMIT $1`,
      [ROUNDS * 3],
    );
    return r.rows.map((row) => Number(row.id));
  }
  const ids = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const r = await db.query(
      `INSERT INTO work_orders (order_num, type_id, title, major_content, caller_name, caller_phone,
         address, urgency, call_time, refuse_deadline)
       VALUES ($1, 1, '推送压测工单', '路灯不亮', '压测', '13900000000', '望湖东里', 'general', now(),
         now() + interval '24 hours') RETURNING id`,
      [`PB${Date.now()}${String(i).padStart(4, '0')}`],
    );
    ids.push(Number(r.rows[0].id));
  }
  return ids;
}

const pctOf = (list, p) => {
  if (list.length === 0) return NaN;
  const s = [...list].sort((x, y) => x - y);
  return +s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)].toFixed(1);
};
const summary = (list) => ({
  n: list.length,
  p50: pctOf(list, 50),
  p95: pctOf(list, 95),
  p99: pctOf(list, 99),
  max: pctOf(list, 100),
});
const show = (s) => `p50 ${s.p50} / p95 ${s.p95} / p99 ${s.p99} / max ${s.max} ms (n ${s.n})`;

function nextMessage(proc, type) {
  return new Promise((resolve) => {
    const onMessage = (m) => {
      if (m.type !== type) return;
      proc.off('message', onMessage);
      resolve(m);
    };
    proc.on('message', onMessage);
  });
}

async function main() {
  log(
    `push-fanout: ${CLIENTS} clients in ${PROCS} client processes (nice ${NICE}), ${ROUNDS} rounds, ` +
      (PRIORITY === null ? '' : `bench processes at nice ${PRIORITY} for the rounds, `) +
      `two nodes, Redis channel ${CHANNEL}, database ${args.db ? DB : `${DB} (fresh)`}`,
  );
  log(`load average at the start (1, 5, 15 min): ${loadAverage()}`);
  if (!args.db) {
    const gen = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/src/generate.ts',
        '--orders',
        '300',
        '--events',
        'none',
        '--reset',
      ],
      { cwd: root, env: { ...process.env, DATABASE_URL: DB }, encoding: 'utf8' },
    );
    if (gen.status !== 0) throw new Error(`bench:data failed: ${gen.stderr}`);
  }
  const db = new pg.Client({ connectionString: DB });
  await db.connect();
  if (args.db) {
    // A node migrates its database when it starts: refuse a database that is behind the code
    // rather than change its schema here.
    const done = await db.query('SELECT name FROM schema_migrations');
    const have = new Set(done.rows.map((r) => r.name));
    const files = readdirSync(`${root}server/migrations`).filter((f) => f.endsWith('.sql'));
    const pending = files.filter((f) => !have.has(f));
    if (pending.length > 0) {
      await db.end();
      throw new Error(
        `${DB} lacks migrations ${pending.join(', ')}: the nodes would apply them; not running`,
      );
    }
  }
  const unit = await db.query(`SELECT u.unit_id FROM users u WHERE u.username = 'street1'`);
  const streetUnit = unit.rows[0].unit_id;
  const ids = await ordersToActOn(db);
  await db.end();
  if (ids.length < ROUNDS) throw new Error(`only ${ids.length} unsigned orders to act on`);

  const [a, b] = [await startNode('A'), await startNode('B')];
  const sampler = setInterval(() => {
    for (const n of nodes) n.peakRss = Math.max(n.peakRss, rssMb(n.proc.pid));
  }, 200);
  const login = (username) =>
    post(a.base, '/login/password', null, { username, password: 'Demo@12345' }).then(
      (d) => d.token,
    );
  const tokens = { street: await login('street1'), district: await login('dispatcher') };

  const t0 = performance.now();
  const shares = Array.from({ length: PROCS }, () => []);
  for (let j = 0; j < CLIENTS; j += 1) {
    shares[j % PROCS].push({
      node: j % 2 === 0 ? 'A' : 'B',
      role: j % 4 < 2 ? 'street' : 'district',
    });
  }
  for (const share of shares) {
    const proc = fork(fileURLToPath(import.meta.url), ['--as-client'], {
      // BENCH_CLIENT_NODE_ARGS: more node flags for the client processes (a CPU profile, say).
      execArgv: [
        ...process.execArgv,
        ...(process.env.BENCH_CLIENT_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    clientProcs.push(proc);
    proc.on('exit', (code) => {
      if (code !== 0 && code !== null) {
        console.error(`push-fanout: a client process exited with ${code}`);
        cleanUp(1);
      }
    });
    await nextMessage(proc, 'up');
    if (NICE !== 0) niceAll(proc.pid, NICE);
    proc.send({ type: 'start', share, bases: { A: a.base, B: b.base }, tokens });
  }
  await Promise.all(clientProcs.map((p) => nextMessage(p, 'ready')));
  log(
    `connected and bound ${CLIENTS} clients in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const idleRss = nodes.map((n) => rssMb(n.proc.pid));

  /** Arms every client process for a phase, runs `act`, collects the receipts. */
  async function phase(name, id, via, act) {
    const armed = clientProcs.map((p) => nextMessage(p, 'armed'));
    const done = clientProcs.map((p) => nextMessage(p, 'done'));
    for (const p of clientProcs) {
      p.send({ type: 'arm', phase: name, id, via: via.name, timeoutMs: ROUND_TIMEOUT_MS });
    }
    await Promise.all(armed);
    const acted = await act();
    if (acted === false) for (const p of clientProcs) p.send({ type: 'disarm' });
    const reports = await Promise.all(done);
    return {
      acted,
      results: reports.flatMap((r) => r.results),
      missing: reports.reduce((n, r) => n + r.missing, 0),
    };
  }

  const redis = new Redis(REDIS, { lazyConnect: true });
  await redis.connect();
  const procs = [
    ...nodes.map((n) => ({ name: `node ${n.name}`, pid: n.proc.pid })),
    ...clientProcs.map((p, i) => ({ name: `clients ${i + 1}`, pid: p.pid })),
  ];
  const autogroupNice = PRIORITY === null ? null : raiseAutogroup(PRIORITY);
  if (PRIORITY !== null) {
    // --priority: the bench's own processes ahead of whatever else the machine runs, for the
    // rounds only (PostgreSQL and Redis keep theirs).
    for (const n of nodes) niceAll(n.proc.pid, PRIORITY);
    for (const p of clientProcs) niceAll(p.pid, PRIORITY + NICE);
    niceAll(process.pid, PRIORITY);
  }
  const cpuBefore = procs.map((p) => cpuSeconds(p.pid));
  const benchCpuBefore = process.cpuUsage();
  const redisBefore = await redisCpuSeconds(redis);
  const windowStart = performance.now();
  const loadBefore = loadAverage();

  const latencies = [];
  const local = [];
  const remote = [];
  const actionMs = [];
  const dispatched = []; // { id, after }: the dispatch's trace records have at >= after
  let missing = 0;
  let refused = 0;
  let candidate = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const via = round % 2 === 0 ? a : b;
    // The sign (not measured; its messages must have passed before the dispatch).
    let id;
    for (;;) {
      id = ids[candidate++];
      if (id === undefined) throw new Error('ran out of unsigned orders to act on');
      const sign = await phase('sign', id, via, () =>
        post(via.base, '/addons/jsjb/cy/a5HandleOrderSignInCy', tokens.district, {
          id,
          signType: 1,
        }).then(
          () => true,
          () => false,
        ),
      );
      if (sign.acted) break;
      refused += 1;
    }
    await sleep(250);
    const after = Date.now() - 1;
    const dispatch = await phase('dispatch', id, via, async () => {
      const start = performance.now();
      await post(via.base, '/addons/jsjb/org/submitHandleOrgInfo', tokens.district, {
        id,
        hostUnitId: streetUnit,
      });
      actionMs.push(performance.now() - start);
    });
    dispatched.push({ id, after });
    missing += dispatch.missing;
    for (const r of dispatch.results) {
      latencies.push(r.ms);
      (r.local ? local : remote).push(r.ms);
    }
    await sleep(100);
  }
  const windowS = (performance.now() - windowStart) / 1000;
  if (autogroupNice !== null) writeFileSync('/proc/self/autogroup', String(autogroupNice));
  const cpu = procs.map((p, i) => ({ ...p, s: cpuSeconds(p.pid) - cpuBefore[i] }));
  const benchCpu = process.cpuUsage(benchCpuBefore);
  cpu.push({ name: 'bench (actions, IPC)', s: (benchCpu.user + benchCpu.system) / 1e6 });
  cpu.push({ name: 'redis-server', s: (await redisCpuSeconds(redis)) - redisBefore });
  redis.disconnect();
  const loadAfter = loadAverage();
  clearInterval(sampler);

  // Server-side: each node's trace of the dispatches.
  const traces = await Promise.all(
    nodes.map(async (n) => {
      const res = await fetch(`${n.base}/api/push/trace`, {
        headers: { authorization: `Bearer ${tokens.district}` },
      });
      // A node of a build without the trace answers 404: no server-side figures then.
      if (res.status === 404) return { node: n.name, deliveries: [] };
      return { node: n.name, ...(await res.json()).data };
    }),
  );
  const records = [];
  for (const t of traces) {
    for (const d of t.deliveries) {
      if (dispatched.some((x) => x.id === d.orderId && d.at >= x.after)) {
        records.push({ ...d, node: t.node });
      }
    }
  }
  const serverSide = (list) => ({
    taken: summary(list.map((r) => r.takenMs)),
    start: summary(list.map((r) => r.startMs)),
    lastWrite: summary(list.map((r) => r.lastWriteMs)),
    loopUsPerSocket: +(
      (list.reduce((s, r) => s + (r.lastWriteMs - r.startMs), 0) /
        Math.max(
          1,
          list.reduce((s, r) => s + r.sockets, 0),
        )) *
      1000
    ).toFixed(2),
    sockets: list[0]?.sockets ?? 0,
  });
  const allWrites = traces.reduce(
    (n, t) =>
      n + t.deliveries.filter((d) => ids.includes(d.orderId)).reduce((m, d) => m + d.sockets, 0),
    0,
  );

  const act = [...actionMs].sort((x, y) => x - y);
  const result = {
    clients: CLIENTS,
    rounds: ROUNDS,
    clientProcesses: PROCS,
    clientNice: NICE,
    priority: PRIORITY,
    database: args.db ? DB : 'own (300 orders)',
    ordersChanged: args.db ? ROUNDS : 0,
    refusedSigns: refused,
    deliveries: latencies.length,
    missing,
    serverSide: {
      all: serverSide(records),
      origin: serverSide(records.filter((r) => r.role === 'origin')),
      relay: serverSide(records.filter((r) => r.role === 'relay')),
    },
    clientSide: {
      all: summary(latencies),
      sameNode: summary(local),
      otherNode: summary(remote),
    },
    actionP50Ms: +act[Math.floor(act.length / 2)].toFixed(1),
    windowS: +windowS.toFixed(1),
    cpu: cpu.map((c) => ({
      name: c.name,
      s: +c.s.toFixed(2),
      pct: +((c.s / windowS) * 100).toFixed(0),
    })),
    socketWritesInWindow: allWrites,
    loadAverage: { start: loadBefore, end: loadAfter },
    rssMb: Object.fromEntries(
      nodes.map((n, i) => [n.name, { idle: +idleRss[i].toFixed(0), peak: +n.peakRss.toFixed(0) }]),
    ),
  };
  // Lines `npm run bench` (bench/src/sections/external.ts) turns into rows of its table.
  const resultLine = (row) => console.log(`RESULT ${JSON.stringify(row)}`);
  const s = result.serverSide.all.lastWrite;
  const c = result.clientSide.all;
  const peak = Math.max(...nodes.map((n) => n.peakRss));
  resultLine({
    case: `server-side commit → last socket write, ${CLIENTS} clients, two nodes + Redis`,
    figure: `p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms (${s.n} node deliveries; load ${loadAfter})`,
    target: 'p99 < 50 ms',
    verdict: s.p99 < 50 ? 'met' : 'missed',
  });
  resultLine({
    case: `client-observed commit → receipt, ${CLIENTS} clients in ${PROCS} processes on the same 2 cores`,
    figure: `p50 ${c.p50} ms, p95 ${c.p95} ms, p99 ${c.p99} ms${missing ? `, ${missing} missing` : ''}`,
    target: 'p99 < 50 ms',
    verdict: c.p99 < 50 && missing === 0 ? 'met' : 'missed',
  });
  resultLine({
    case: 'RSS per node with the clients bound',
    figure: `peak ${Math.round(peak)} MB`,
    target: '< 300 MB',
    verdict: peak < 300 ? 'met' : 'missed',
  });
  if (args.json) console.log(JSON.stringify(result));
  else {
    const ss = result.serverSide;
    log(`deliveries: ${result.deliveries}${missing ? `, ${missing} missing` : ''}`);
    log('server-side, per change and node (commit → …):');
    log(`  last socket write: ${show(ss.all.lastWrite)}`);
    for (const [label, part] of records.length === 0
      ? []
      : [
          ['acting node', ss.origin],
          ['other node (via Redis)', ss.relay],
        ]) {
      log(`  ${label}: taken up ${show(part.taken)}`);
      log(`    write loop starts ${show(part.start)}`);
      log(`    last write ${show(part.lastWrite)}`);
      log(`    write loop ${part.loopUsPerSocket} µs per socket (${part.sockets} sockets)`);
    }
    log(`client-observed (commit → receipt): ${show(c)}`);
    log(`  on the acting node: ${show(result.clientSide.sameNode)}`);
    log(`  on the other node (via Redis): ${show(result.clientSide.otherNode)}`);
    log(`dispatch action itself (HTTP round trip): p50 ${result.actionP50Ms} ms`);
    log(
      `CPU over the ${result.windowS} s of rounds (${allWrites} socket writes by the nodes, sign and dispatch):`,
    );
    for (const p of result.cpu) log(`  ${p.name}: ${p.s} s (${p.pct} % of one core)`);
    log(`load average (1, 5, 15 min): ${loadBefore} before the rounds, ${loadAfter} after`);
    for (const [name, r] of Object.entries(result.rssMb)) {
      log(`node ${name}: RSS ${r.idle} MB with clients bound, peak ${r.peak} MB`);
    }
    if (args.db)
      log(`orders changed in ${DB}: ${ROUNDS} (signed and dispatched), ${refused} refused`);
  }
  // Let the client processes exit by themselves (a profile is written on exit).
  const exited = clientProcs.map((p) => new Promise((resolve) => p.once('exit', resolve)));
  for (const p of clientProcs) p.send({ type: 'stop' });
  await Promise.race([Promise.all(exited), sleep(5000)]);
  cleanUp(0);
}

if (args['as-client']) {
  clearTimeout(deadline);
  clientProcess().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    cleanUp(1);
  });
}
