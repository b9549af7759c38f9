// npx tsx bench/list-cpu.ts [--db hotline_bench1] [--requests 3000] [--bundle] [--rounds 1]
//   [--what list,counts]
//
// What one list page costs in CPU (issue 23): the server answers `--requests` queue pages (20
// rows; four of the dispatcher's queues in turn, one request at a time, after 300 to warm up)
// over loopback HTTP, and the figures are per request — wall time, the server process's CPU
// (all its threads, from /proc), PostgreSQL's (every postgres process, from /proc, so run it on
// an otherwise idle server) and this client's. Beside them, the floor from the same run: the
// same number of `GET /api/health/live`, the cheapest route (HTTP, routing, the security
// headers, the envelope; no session, no SQL). With `pg_stat_statements` loaded, the hydration
// statement's mean execution time too. `--what list,counts` adds the dispatcher's badge counts
// (`lists/counts`: its 11 queues in one call), measured the same way. The server is
// `server/src/main.ts` through tsx, or with --bundle the built `server/dist/main.js`
// (`npm run build:server` first), with `npm start`'s node flags.
// BENCH_SERVER_NODE_ARGS adds node flags (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p").
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { call, login, startServer } from './src/lib/server';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'hotline_bench1' },
    requests: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '1' },
    bundle: { type: 'boolean', default: false },
    what: { type: 'string', default: 'list' },
  },
});
const what = new Set(args.what.split(','));
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${args.db}`;
const N = Number(args.requests);

/** CPU milliseconds (user + system) a process has used, from /proc. */
function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const hz = 100;
  return ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / hz;
}
/** Every postgres process's CPU, ended backends included (their postmaster's children time). */
function postgresMs(): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        sum += cpuMs(Number(entry));
      }
    } catch {
      // gone
    }
  }
  return sum;
}

const server = await startServer(
  dbUrl.toString(),
  8292,
  {},
  {
    bundle: args.bundle,
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  },
);
const { base, child } = server;
try {
  const token = await login(base, 'dispatcher');
  const pages = ['qu_ybj', 'qu_yth', 'qu_dqs', 'qu_blz'].map((menuId) => ({
    pageNo: 1,
    pageSize: 20,
    menuId,
  }));
  const page = async (i: number) => {
    const r = await call(base, token, '/addons/jsjb/lists/search', pages[i % pages.length]);
    if (r.code !== 200) throw new Error(`list: ${r.code} ${r.msg}`);
  };
  const counts = async () => {
    const r = await call(base, token, '/addons/jsjb/lists/counts', {});
    if (r.code !== 200) throw new Error(`counts: ${r.code} ${r.msg}`);
  };
  const floor = async () => {
    const r = await call(base, null, '/health/live');
    if (r.code !== 200) throw new Error(`health/live: ${r.code} ${r.msg}`);
  };
  const stats = new pg.Client({ connectionString: dbUrl.toString() });
  await stats.connect();
  const hasStatements =
    (await stats.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'`))
      .rowCount === 1;

  async function measure(label: string, one: (i: number) => Promise<void>) {
    for (let i = 0; i < 300; i++) await one(i);
    if (hasStatements) await stats.query('SELECT pg_stat_statements_reset()');
    const server0 = cpuMs(child.pid!);
    const pg0 = postgresMs();
    const self0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await one(i);
    const wall = (performance.now() - t0) / N;
    const self = process.cpuUsage(self0);
    const server = (cpuMs(child.pid!) - server0) / N;
    const postgres = (postgresMs() - pg0) / N;
    const client = (self.user + self.system) / 1000 / N;
    let hydration = '';
    if (hasStatements && label === 'list page') {
      const r = await stats.query<{ mean: number }>(
        `SELECT mean_exec_time AS mean FROM pg_stat_statements
         WHERE query LIKE '%concat_ws%' ORDER BY calls DESC LIMIT 1`,
      );
      if (r.rows[0]) hydration = `; hydration statement ${r.rows[0].mean.toFixed(3)} ms`;
    }
    console.log(
      `${label.padEnd(20)} per request: wall ${wall.toFixed(2)} ms, server CPU ${server.toFixed(2)} ms, ` +
        `PostgreSQL CPU ${postgres.toFixed(2)} ms, client CPU ${client.toFixed(2)} ms${hydration}`,
    );
  }
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `list-cpu: ${args.bundle ? 'built bundle' : 'sources (tsx)'}, database ${args.db}, ` +
      `${N} requests each, load ${load()}`,
  );
  for (let round = 0; round < Number(args.rounds); round++) {
    await measure('floor (health/live)', () => floor());
    if (what.has('list')) await measure('list page', page);
    if (what.has('counts')) await measure('counts', counts);
  }
  await stats.end();
} finally {
  await server.stop();
}
