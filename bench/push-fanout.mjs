// Push fan-out benchmark (issue 6): two server nodes sharing PostgreSQL and Redis, N WebSocket
// clients (default 5,000) spread over both, half bound as a street handler (street1) and half
// as the dispatcher. Each round the dispatcher dispatches one order to street1's street
// through alternating nodes: every client is affected (street: "to be signed for" +1; district:
// "pending dispatch" −1). Prints p50/p99/max from the commit (the time the server stamps on each
// count message, same machine, same clock) to each client's receipt of its message, the
// action's own HTTP time, and each node's RSS. Bounded: gives up after --timeout seconds.
//
// Usage: node bench/push-fanout.mjs [--clients 5000] [--rounds 20] [--timeout 600] [--json]
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
// hotline_push_bench — recreated by the run) and Redis (REDIS_URL, default redis://127.0.0.1:6379).
/* global fetch */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { WebSocket } from 'ws';
import { serverNodeArgs } from '../scripts/server-node-args.mjs';
import { answers, freePort, rssBytes } from './server-process.mjs';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '20' },
    timeout: { type: 'string', default: '600' },
    json: { type: 'boolean', default: false },
  },
});
const CLIENTS = Number(args.clients);
const ROUNDS = Number(args.rounds);
const root = fileURLToPath(new URL('..', import.meta.url));
const DB =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hotline_push_bench';
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CHANNEL = `hotline-bench:push:${randomBytes(4).toString('hex')}`;
const log = (...a) => {
  if (!args.json) console.log(...a);
};

const nodes = [];
const sockets = [];
const deadline = setTimeout(
  () => {
    console.error(`push-fanout: gave up after ${args.timeout} s`);
    cleanUp(1);
  },
  Number(args.timeout) * 1000,
);

function cleanUp(code) {
  clearTimeout(deadline);
  for (const s of sockets) s.terminate();
  for (const n of nodes) n.proc.kill('SIGKILL');
  setTimeout(() => process.exit(code), 300).unref();
}

const rssMb = (pid) => rssBytes(pid) / (1024 * 1024);

async function startNode(name) {
  const port = await freePort();
  const proc = spawn(
    process.execPath,
    [...serverNodeArgs(), '--import', 'tsx', 'server/src/main.ts'],
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
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  if (!(await answers(base, 200))) throw new Error(`${name} did not start`);
  const node = { name, base, proc, peakRss: 0 };
  nodes.push(node);
  return node;
}

async function call(base, path, token, body) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const reply = await res.json();
  if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

/** Opens a socket, waits for init, binds it; resolves with the client record. */
function connect(node, token, role) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${node.base.replace('http', 'ws')}/ws`);
    sockets.push(ws);
    const client = { ws, role, node: node.name, waiting: null };
    ws.on('error', reject);
    ws.on('message', (data) => {
      const arrived = Date.now();
      const msg = JSON.parse(data.toString());
      if (msg.type === 'init') {
        call(node.base, '/push/bind', token, { clientId: msg.clientId }).catch(reject);
      } else if (msg.type === 'bound') {
        resolve(client);
      } else if (msg.type === 'count' && client.waiting?.(msg, arrived)) {
        client.waiting = null;
      }
    });
  });
}

/**
 * A worker thread simulating a share of the clients (5,000 browsers are not one event loop):
 * connects and binds them, then per round reports each client's commit → receipt time.
 */
async function clientWorker() {
  const { share, nodes: bases, tokens } = workerData;
  const clients = [];
  for (let i = 0; i < share.length; i += 100) {
    const batch = share
      .slice(i, i + 100)
      .map((c) => connect(bases[c.node], tokens[c.role], c.role));
    clients.push(...(await Promise.all(batch)));
  }
  parentPort.postMessage({ type: 'ready' });
  parentPort.on('message', async ({ type, id, via }) => {
    if (type !== 'arm') return;
    const arrivals = clients.map(
      (c) =>
        new Promise((resolve) => {
          c.waiting = (msg, arrived) => {
            const hit =
              c.role === 'street'
                ? msg.menuId === 'jd_dqs' && msg.action === 'add' && msg.notice?.assignId === id
                : msg.menuId === 'qu_dfp' && msg.action === 'sub';
            if (hit) resolve({ ms: arrived - msg.at, local: c.node === via });
            return hit;
          };
        }),
    );
    parentPort.postMessage({ type: 'armed' });
    parentPort.postMessage({ type: 'done', results: await Promise.all(arrivals) });
  });
}

async function main() {
  log(`push-fanout: ${CLIENTS} clients, ${ROUNDS} rounds, two nodes, Redis channel ${CHANNEL}`);
  const gen = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/src/generate.ts', '--orders', '300', '--events', 'none', '--reset'],
    { cwd: root, env: { ...process.env, DATABASE_URL: DB }, encoding: 'utf8' },
  );
  if (gen.status !== 0) throw new Error(`bench:data failed: ${gen.stderr}`);
  const [a, b] = [await startNode('A'), await startNode('B')];
  const sampler = setInterval(() => {
    for (const n of nodes) n.peakRss = Math.max(n.peakRss, rssMb(n.proc.pid));
  }, 200);

  const login = (username) =>
    call(a.base, '/login/password', null, { username, password: 'Demo@12345' }).then(
      (d) => d.token,
    );
  const tokens = { street: await login('street1'), district: await login('dispatcher') };
  const db = new pg.Client({ connectionString: DB });
  await db.connect();
  const unit = await db.query(`SELECT u.unit_id FROM users u WHERE u.username = 'street1'`);
  const streetUnit = unit.rows[0].unit_id;
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
  await db.end();

  const t0 = performance.now();
  const WORKERS = 4;
  const shares = Array.from({ length: WORKERS }, () => []);
  for (let j = 0; j < CLIENTS; j += 1) {
    shares[j % WORKERS].push({
      node: j % 2 === 0 ? 'A' : 'B',
      role: j % 4 < 2 ? 'street' : 'district',
    });
  }
  const workers = shares.map(
    (share) =>
      new Worker(new URL(import.meta.url), {
        workerData: {
          share,
          nodes: { A: { name: 'A', base: a.base }, B: { name: 'B', base: b.base } },
          tokens,
        },
      }),
  );
  for (const w of workers) {
    w.on('error', (error) => {
      console.error(error);
      cleanUp(1);
    });
  }
  const next = (worker, type) =>
    new Promise((resolve) => {
      const onMessage = (m) => {
        if (m.type !== type) return;
        worker.off('message', onMessage);
        resolve(m);
      };
      worker.on('message', onMessage);
    });
  await Promise.all(workers.map((w) => next(w, 'ready')));
  log(
    `connected and bound ${CLIENTS} clients in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const idleRss = nodes.map((n) => rssMb(n.proc.pid));

  const latencies = [];
  const local = [];
  const remote = [];
  const actionMs = [];
  for (const [round, id] of ids.entries()) {
    const via = round % 2 === 0 ? a : b;
    await call(via.base, '/addons/jsjb/cy/a5HandleOrderSignInCy', tokens.district, {
      id,
      signType: 1,
    });
    await new Promise((r) => setTimeout(r, 150)); // let the sign's messages pass
    const armed = workers.map((w) => next(w, 'armed'));
    const done = workers.map((w) => next(w, 'done'));
    for (const w of workers) w.postMessage({ type: 'arm', id, via: via.name });
    await Promise.all(armed);
    const start = performance.now();
    await call(via.base, '/addons/jsjb/org/submitHandleOrgInfo', tokens.district, {
      id,
      hostUnitId: streetUnit,
    });
    actionMs.push(performance.now() - start);
    // Commit → receipt: the server stamps each message with its commit time (same clock).
    for (const { results } of await Promise.all(done)) {
      for (const r of results) {
        latencies.push(r.ms);
        (r.local ? local : remote).push(r.ms);
      }
    }
  }
  for (const w of workers) void w.terminate();
  clearInterval(sampler);

  const sorted = [...latencies].sort((x, y) => x - y);
  const pctOf = (list, p) => {
    const s = [...list].sort((x, y) => x - y);
    return +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1);
  };
  const pct = (p) => pctOf(sorted, p);
  const act = [...actionMs].sort((x, y) => x - y);
  const result = {
    clients: CLIENTS,
    rounds: ROUNDS,
    deliveries: latencies.length,
    p50Ms: +pct(50).toFixed(1),
    p99Ms: +pct(99).toFixed(1),
    maxMs: +sorted[sorted.length - 1].toFixed(1),
    actionP50Ms: +act[Math.floor(act.length / 2)].toFixed(1),
    sameNode: { p50Ms: pctOf(local, 50), p99Ms: pctOf(local, 99) },
    otherNode: { p50Ms: pctOf(remote, 50), p99Ms: pctOf(remote, 99) },
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    rssMb: Object.fromEntries(
      nodes.map((n, i) => [n.name, { idle: +idleRss[i].toFixed(0), peak: +n.peakRss.toFixed(0) }]),
    ),
  };
  // Lines `npm run bench` (bench/src/sections/external.ts) turns into rows of its table.
  const resultLine = (row) => console.log(`RESULT ${JSON.stringify(row)}`);
  const peak = Math.max(...nodes.map((n) => n.peakRss));
  resultLine({
    case: `commit → delivery, ${result.clients} clients, two nodes + Redis`,
    figure: `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (load ${result.loadAverage})`,
    target: 'p99 < 100 ms',
    verdict: result.p99Ms < 100 ? 'met' : 'missed',
  });
  resultLine({
    case: 'RSS per node with the clients bound',
    figure: `peak ${Math.round(peak)} MB`,
    target: '< 300 MB',
    verdict: peak < 300 ? 'met' : 'missed',
  });
  if (args.json) console.log(JSON.stringify(result));
  else {
    log(`deliveries: ${result.deliveries} (every client, every round)`);
    log(
      `commit → delivery at the client: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms`,
    );
    log(`  on the acting node: p50 ${result.sameNode.p50Ms} ms, p99 ${result.sameNode.p99Ms} ms`);
    log(
      `  on the other node (via Redis): p50 ${result.otherNode.p50Ms} ms, p99 ${result.otherNode.p99Ms} ms`,
    );
    log(`dispatch action itself (HTTP round trip): p50 ${result.actionP50Ms} ms`);
    log(`machine load average (1, 5, 15 min): ${result.loadAverage}`);
    for (const [name, r] of Object.entries(result.rssMb)) {
      log(`node ${name}: RSS ${r.idle} MB with clients bound, peak ${r.peak} MB`);
    }
  }
  cleanUp(0);
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    cleanUp(1);
  });
} else {
  clearTimeout(deadline);
  clientWorker().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
