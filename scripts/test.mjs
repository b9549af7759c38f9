// `npm test`: every suite, one after another, then one summary line CI can read.
//   domain and contract units · server on PGlite · server on PostgreSQL (when TEST_DATABASE_URL
//   is set) · web units · Playwright in Chromium against the real server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWeights, runShards, shardCount, shareOut, specFiles } from './e2e-shards.mjs';

const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'hotline-test-'));
const results = [];

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: root,
    ...options,
    env: { ...process.env, ...options.env },
  });
  return res.status ?? 1;
}

// The failed tests of a vitest JSON report as "file › title" lines (and files that failed to load).
function vitestFailures(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.replace(root, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      const why = (t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
      names.push(`${path} › ${t.fullName ?? t.title}${why ? ` — ${why}` : ''}`);
    }
    if (failedTests.length === 0 && file.status === 'failed')
      names.push(`${path} › ${(file.message ?? 'failed').split('\n')[0]}`);
  }
  return names;
}

// The failed (and flaky) tests of a Playwright JSON report as "file › describe › title" lines.
function playwrightFailures(suites, path = [], out = []) {
  for (const suite of suites ?? []) {
    const here = [...path, suite.title].filter(Boolean);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky')
          out.push(`${[...here, spec.title].join(' › ')} (${test.status})`);
      }
    }
    playwrightFailures(suite.suites, here, out);
  }
  return out;
}

function vitestSuite(label, dir, env = {}) {
  const out = join(scratch, `${label.replace(/\W+/g, '-')}.json`);
  const status = run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    {
      cwd: join(root, dir),
      env,
    },
  );
  let passed = 0;
  let failed = status === 0 ? 0 : 1;
  let names = [];
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
    names = vitestFailures(report);
  }
  results.push({ label, passed, failed, status, names });
}

vitestSuite('domain', 'packages/domain');
vitestSuite('server on PGlite', 'server', { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitestSuite('server on PostgreSQL', 'server', { TEST_DB: 'postgres' });
} else {
  console.log('\n(server on PostgreSQL skipped: set TEST_DATABASE_URL to run it, as .ci/run does)');
}
vitestSuite('web units', 'web');

// The browser tests visit the test pages (/test/order-event, /test/order-modal), built on request.
const build = run('build console', 'npm', ['run', 'build', '-w', 'web'], {
  env: { HOTLINE_TEST_PAGES: '1' },
});
const chromium = build === 0 ? run('chromium', 'node', ['scripts/ensure-chromium.mjs']) : 1;
if (build !== 0 || chromium !== 0) {
  results.push({
    label: 'e2e (not run: build or Chromium missing)',
    passed: 0,
    failed: 1,
    status: 1,
  });
} else {
  const e2eDir = join(root, 'e2e');
  const shards = shareOut(specFiles(e2eDir), readWeights(e2eDir), shardCount());
  console.log(`\n=== e2e (Playwright, Chromium): ${shards.length} run(s) side by side ===`);
  const runs = await runShards(e2eDir, shards);
  let passed = 0;
  let failed = 0;
  let flaky = 0;
  const names = [];
  for (const { status: code, report } of runs) {
    const stats = report?.stats;
    if (stats) {
      names.push(...playwrightFailures(report.suites));
      passed += stats.expected + stats.flaky;
      flaky += stats.flaky;
    }
    failed += (stats?.unexpected ?? 0) + (code !== 0 && !stats?.unexpected ? 1 : 0);
  }
  if (flaky > 0)
    console.log(`\n(e2e: ${flaky} flaky test(s) passed on retry — see the list above)`);
  const status = runs.every((r) => r.status === 0) ? 0 : 1;
  results.push({ label: 'e2e (Playwright, Chromium)', passed, failed, status, names });
}

rmSync(scratch, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.label.padEnd(44)} ${r.passed} passed, ${r.failed} failed`);
  for (const name of r.names ?? []) console.log(`    ✗ ${name}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.every((r) => r.status === 0) ? 0 : 1);
