// npm run bench [-- --only 1,2,3,7,8,9] [--runs 200] [--duration 60] [--port 8290]
//                [--replay console|synthetic]
//
// Runs the hotline-scale benchmarks against the benchmark database (DATABASE_URL, default
// postgres://…/hotline_bench, filled by `npm run bench:data`) and writes a dated markdown table
// to bench/results/. Every figure stands next to its floor measured in the same run.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname, cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openCapturer } from './lib/capture';
import { benchUrl } from './lib/bench-db';
import { SESSION_OPTIONS } from '../../server/src/db/connect';
import { login, startServer } from './lib/server';
import { queuePagesSection } from './sections/api-vs-sql';
import type { BenchContext, ResultRow } from './sections/context';
import { citizenSection } from './sections/citizen';
import { countsSection } from './sections/counts';
import { runScript } from './sections/external';
import { mixedLoad, type Replay } from './sections/mixed-load';
import { searchSection } from './sections/search';
import { totalsSection } from './sections/totals';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: '1,2,3,4,5,6,7,8,9' },
    runs: { type: 'string', default: '200' },
    duration: { type: 'string', default: '60' },
    // section 7's browsing users: the console's recorded clicks, or the synthetic mix of old runs
    replay: { type: 'string', default: 'console' },
    port: { type: 'string', default: '8290' },
  },
});
if (args.replay !== 'console' && args.replay !== 'synthetic') {
  console.error(`bench: --replay is console or synthetic, not ${args.replay}`);
  process.exit(2);
}
const replay: Replay = args.replay;
const only = new Set(args.only.split(',').map((s) => s.trim()));
const databaseUrl = benchUrl();
const outputLines: string[] = [];
const log = (line: string) => {
  outputLines.push(line);
  console.log(line);
};

const sql = new pg.Client({ connectionString: databaseUrl, options: SESSION_OPTIONS });
await sql.connect().catch((e: Error) => {
  console.error(
    `bench: cannot reach ${databaseUrl} (${e.message}); run \`npm run bench:data\` first`,
  );
  process.exit(2);
});
const size = await sql
  .query<{ n: string }>('SELECT count(*) AS n FROM work_orders')
  .catch(() => null);
const orders = Number(size?.rows[0]?.n ?? 0);
if (orders === 0) {
  console.error('bench: the benchmark database has no orders; run `npm run bench:data` first');
  process.exit(2);
}
const pgVersion =
  (await sql.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ??
  '?';
log(
  `bench: ${orders.toLocaleString('en')} orders, PostgreSQL ${pgVersion}, ${cpus().length} cores`,
);

const server = await startServer(databaseUrl, Number(args.port));
const capturer = await openCapturer(databaseUrl);
const users = [
  'admin',
  'dispatcher',
  'reviewer',
  'visitor',
  'leader',
  'street1',
  'street2',
  'town1',
  'dept1',
  'dept2',
];
const tokens: Record<string, string> = {};
for (const u of users) tokens[u] = await login(server.base, u);
const ctx: BenchContext = {
  base: server.base,
  databaseUrl,
  tokens,
  capturer,
  sql,
  runs: Number(args.runs),
  log,
};
const rows: ResultRow[] = [];
const outputs: { title: string; text: string }[] = [];

try {
  if (only.has('1')) {
    log('1. list pages (queues, deep pages, sorts, date ranges, categories): API vs the same SQL');
    rows.push(...(await queuePagesSection(ctx)));
  }
  if (only.has('2')) {
    log('2. all counts in one call vs one request per queue');
    for (const user of ['dispatcher', 'street1', 'admin'])
      rows.push(...(await countsSection(ctx, user)));
  }
  if (only.has('3')) {
    log('3. full-text search: API vs the same SQL vs a sequential scan');
    rows.push(...(await searchSection(ctx, 'dispatcher')));
  }
  if (only.has('4')) {
    log('4. push fan-out');
    const r = await runScript(ctx, '4. push fan-out', 'bench/push-fanout.mjs');
    rows.push(...r.rows);
    outputs.push({ title: 'push fan-out', text: r.output });
  }
  if (only.has('5')) {
    log('5. export to XLSX');
    const r = await runScript(ctx, '5. export', 'bench/export-xlsx.mjs');
    rows.push(...r.rows);
    outputs.push({ title: 'export', text: r.output });
  }
  if (only.has('6')) {
    log('6. console');
    const size = await runScript(ctx, '6. console', 'bench/console-size.mjs');
    rows.push(...size.rows);
    outputs.push({ title: 'console size', text: size.output });
    const render = await runScript(ctx, '6. console', 'bench/src/ui-render.ts', [
      '--base',
      server.base,
    ]);
    rows.push(...render.rows);
    outputs.push({ title: 'console render', text: render.output });
  }
  if (only.has('8')) {
    log('8. list totals (isAmount): capped vs the exact count');
    rows.push(...(await totalsSection(ctx)));
  }
  if (only.has('9')) {
    log('9. citizen side: Open311 requests, caller history');
    rows.push(...(await citizenSection(ctx)));
  }
  if (only.has('7')) {
    log('7. mixed load');
    rows.push(await mixedLoad(ctx, Number(args.duration), 'stress', replay));
    // the working pace as defined (every user, acting ones too, 2–8 s between clicks), then
    // with the acting users unpaced as in earlier runs (decision 0012)
    rows.push(await mixedLoad(ctx, Number(args.duration), 'working', replay, 200, 20, true));
    rows.push(await mixedLoad(ctx, Number(args.duration), 'working', replay));
  }
} finally {
  await capturer.close();
  await server.stop();
  await sql.end();
}

const stamp = new Date().toISOString().slice(0, 16).replace(':', '');
// two runs ending in the same minute: the second gets a suffix instead of overwriting the first
let file = `bench/results/${stamp}.md`;
for (let n = 2; existsSync(file); n++) file = `bench/results/${stamp}-${n}.md`;
const cell = (s: string) => s.replaceAll('|', '\\|');
const md = [
  `# Benchmark run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `${orders.toLocaleString('en')} orders (\`npm run bench:data\`), PostgreSQL ${pgVersion} on ${hostname()}, ` +
    `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; one server node on loopback; ` +
    `${ctx.runs} timed runs per case after 3 warm-ups. Figures are milliseconds unless stated.`,
  '',
  '| section | case | figure | floor (same run) | ratio | target | verdict |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${[r.section, r.case, r.figure, r.floor, r.ratio, r.target, r.verdict].map(cell).join(' | ')} |`,
  ),
  '',
  '## Output',
  '',
  '```',
  ...outputLines,
  '```',
  ...outputs
    .filter((o) => o.text)
    .flatMap((o) => ['', `### ${o.title}`, '', '```', o.text.trimEnd(), '```']),
  '',
].join('\n');
mkdirSync('bench/results', { recursive: true });
writeFileSync(file, md);
console.log(`\nwritten ${file}`);
