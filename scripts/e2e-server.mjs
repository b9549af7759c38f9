// Starts the real server for the browser tests: a fresh embedded database in a temporary
// DATA_DIR (seeded with the demo data on start), port E2E_PORT (default 8181). The temporary
// directory is removed when the server exits. Used as Playwright's webServer command.
import { spawn, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.E2E_PORT ?? '8181';

// E2E_SERVER_LOG: also write the server's output to this file (kept for diagnosis).
const logPath = process.env.E2E_SERVER_LOG ? resolve(process.env.E2E_SERVER_LOG) : null;

// E2E_WEB_DIST: serve this build instead of web/dist (parallel work with separate builds).
const webDist = process.env.E2E_WEB_DIST ? resolve(process.env.E2E_WEB_DIST) : null;

// The server serves web/dist only if it exists when it starts. The specs visit the test pages,
// which only a build with HOTLINE_TEST_PAGES=1 holds (the manifest then lists them).
const manifest = join(repoRoot, 'web', 'dist', '.vite', 'manifest.json');
const hasTestPages = () =>
  existsSync(manifest) && readFileSync(manifest, 'utf8').includes('src/pages/test/');
if (!webDist && !hasTestPages()) {
  console.log('e2e-server: web/dist is missing or has no test pages, building the console...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, HOTLINE_TEST_PAGES: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'hotline-e2e-'));
let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
}

// Single sign-on is on for the browser tests (they sign tokens with this secret); a test that
// needs short-lived access tokens passes ACCESS_TOKEN_TTL_SECONDS through the environment.
const E2E_SSO_SECRET = 'e2e-sso-shared-secret-0123456789abcdef';
const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  SSO_SHARED_SECRET: process.env.SSO_SHARED_SECRET ?? E2E_SSO_SECRET,
};
// The deadline sweeper is off unless a spec's own server turns it on (deadlines.spec.ts): the
// demo's overdue orders would otherwise escalate and send notices in the middle of other specs.
env.DEADLINE_SWEEP_MS = process.env.DEADLINE_SWEEP_MS ?? '0';
delete env.DATABASE_URL; // always the embedded database, never a shared one
// Runs side by side (scripts/e2e-shards.mjs) may share one Redis (REDIS_URL in CI): each server
// publishes on a channel of its own port, so no run receives another's pushes.
env.PUSH_CHANNEL = process.env.PUSH_CHANNEL ?? `hotline:push:e2e:${port}`;
delete env.WEB_DIST;
if (webDist) env.WEB_DIST = webDist;

console.log(`e2e-server: starting on port ${port} with DATA_DIR ${dataDir}`);
// Own process group: `npx` exits on a signal without waiting for tsx and the server, so the
// whole group is signalled and awaited before the data directory is removed.
const server = spawn('npx', ['tsx', 'server/src/main.ts'], {
  cwd: repoRoot,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
const group = server.pid;

let log = null;
if (logPath) {
  mkdirSync(dirname(logPath), { recursive: true });
  log = createWriteStream(logPath);
}
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  log?.write(chunk);
});
server.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  log?.write(chunk);
});

function signalGroup(signal) {
  try {
    process.kill(-group, signal);
  } catch {
    // the group is already gone
  }
}

function groupAlive() {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    signalGroup(signal);
    setTimeout(() => signalGroup('SIGKILL'), 15_000).unref();
  });
}

server.on('exit', (code, signal) => {
  const deadline = Date.now() + 15_000;
  const finish = () => {
    if (groupAlive() && Date.now() < deadline) {
      setTimeout(finish, 100);
      return;
    }
    if (groupAlive()) signalGroup('SIGKILL');
    cleanUp();
    const status = stopping ? 0 : (code ?? (signal ? 1 : 0));
    if (log) log.end(() => process.exit(status));
    else process.exit(status);
  };
  finish();
});
server.on('error', (error) => {
  console.error('e2e-server: could not start the server:', error);
  cleanUp();
  process.exit(1);
});
