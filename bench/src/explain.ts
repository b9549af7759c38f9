// npm run bench:explain -- <user> <path> '<json body>'
// Prints the statements an API request runs on the benchmark database, each with
// EXPLAIN (ANALYZE, BUFFERS): how docs/query-plans.md and docs/performance.md are made.
import pg from 'pg';
import { openCapturer } from './lib/capture';
import { benchUrl } from './lib/bench-db';
import { SESSION_OPTIONS } from '../../server/src/db/connect';

const [user, path, body] = process.argv.slice(2);
if (!user || !path) {
  console.error("usage: npm run bench:explain -- <user> <path> '<json body>'");
  process.exit(2);
}
const url = benchUrl();
const capturer = await openCapturer(url);
const statements = await capturer.capture(user, 'POST', path, body ? JSON.parse(body) : {});
await capturer.close();
// Set like the server's sessions (no JIT, no parallel workers): the plans it runs.
const client = new pg.Client({ connectionString: url, options: SESSION_OPTIONS });
await client.connect();
for (const s of statements) {
  console.log(`\n-- ${s.sql}\n-- params: ${JSON.stringify(s.parameters)}`);
  if (!/^\s*(select|with)/i.test(s.sql)) continue;
  const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.parameters as unknown[]);
  for (const row of plan.rows) console.log(row['QUERY PLAN']);
}
await client.end();
