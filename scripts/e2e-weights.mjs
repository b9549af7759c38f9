// Refreshes e2e/spec-weights.json (seconds per spec file, which scripts/e2e-shards.mjs uses to
// share the files out) from the JSON reports of Playwright runs:
//   node scripts/e2e-weights.mjs e2e/artifacts/shard-*/results.json
// A file's weight is the sum of its tests' durations (every attempt, retries included).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error('usage: node scripts/e2e-weights.mjs <results.json> ...');
  process.exit(2);
}

const seconds = {};
function visit(suites) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      const file = `tests/${spec.file}`;
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          seconds[file] = (seconds[file] ?? 0) + result.duration / 1000;
    }
    visit(suite.suites);
  }
}
for (const path of reports) visit(JSON.parse(readFileSync(path, 'utf8')).suites);

const sorted = Object.fromEntries(
  Object.entries(seconds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, s]) => [file, Math.round(s)]),
);
writeFileSync(join(root, 'e2e/spec-weights.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`e2e/spec-weights.json: ${Object.keys(sorted).length} files`);
