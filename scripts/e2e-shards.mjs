// The browser suite in parallel runs ("shards"), each with its own server, port, embedded
// database, push channel and artifacts folder, so that no run sees another's data. The spec
// files are shared out by their measured duration (e2e/spec-weights.json, seconds per file;
// a file not listed counts as the median), longest first onto the least loaded shard.
//
// One Playwright run (one worker) keeps a 2-core machine about half busy: the specs wait on
// the console's timers, animations and the server; two runs side by side fill it.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';

/** Every spec file under e2e/tests, as paths relative to e2e (tests/…/x.spec.ts), sorted. */
export function specFiles(e2eDir) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.spec.ts')) out.push(relative(e2eDir, path));
    }
  };
  walk(join(e2eDir, 'tests'));
  return out.sort();
}

/** The files split into `count` groups of about equal measured time. */
export function shareOut(files, weights, count) {
  const known = files.map((f) => weights[f]).filter((w) => typeof w === 'number');
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 1;
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const byWeight = files
    .map((file) => ({ file, seconds: weights[file] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  for (const { file, seconds } of byWeight) {
    const least = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    least.files.push(file);
    least.seconds += seconds;
  }
  for (const shard of shards) shard.files.sort();
  return shards.filter((s) => s.files.length > 0);
}

/** How many runs: E2E_SHARDS, else one per core up to two. */
export function shardCount() {
  const asked = Number(process.env.E2E_SHARDS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, Math.min(2, availableParallelism()));
}

/**
 * A run's own copy of the console build, when several run side by side: a spec that changes
 * the build its server serves (shell-sw.spec.ts writes a new sw.js) must not change the other
 * runs' — their pages would find a new version and reload in the middle of a test.
 */
function ownBuild(e2eDir, artifacts) {
  const source = process.env.E2E_WEB_DIST
    ? resolve(process.env.E2E_WEB_DIST)
    : join(e2eDir, '..', 'web', 'dist');
  const copy = join(e2eDir, artifacts, 'web-dist');
  rmSync(copy, { recursive: true, force: true });
  cpSync(source, copy, { recursive: true });
  return copy;
}

/**
 * Runs the shards side by side; resolves to one result per shard: its exit status and the
 * parsed Playwright JSON report (or null when the run wrote none).
 */
export async function runShards(e2eDir, shards) {
  const runs = shards.map((shard, i) => {
    const label = `[e2e ${i + 1}/${shards.length}]`;
    const artifacts = shards.length === 1 ? 'artifacts' : `artifacts/shard-${i + 1}`;
    const report = join(e2eDir, artifacts, 'results.json');
    rmSync(report, { force: true });
    console.log(`${label} ${shard.files.length} files, ≈ ${Math.round(shard.seconds)} s measured`);
    // Anchored paths: Playwright reads each argument as a pattern of the file's path.
    const patterns = shard.files.map((f) => `${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const child = spawn('npx', ['playwright', 'test', ...patterns], {
      cwd: e2eDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Far apart: a spec starts its own servers a few ports above the suite's.
        E2E_PORT: String(8181 + 100 * i),
        E2E_ARTIFACTS: artifacts,
        ...(shards.length > 1 ? { E2E_WEB_DIST: ownBuild(e2eDir, artifacts) } : {}),
      },
    });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${label} ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${label} ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    return new Promise((resolve) => {
      child.on('close', (code) => {
        const json = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
        resolve({ status: code ?? 1, report: json });
      });
    });
  });
  return Promise.all(runs);
}

/** Reads e2e/spec-weights.json ({} when missing). */
export function readWeights(e2eDir) {
  const path = join(e2eDir, 'spec-weights.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
}
