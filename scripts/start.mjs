// `npm start`: build the console when it is missing or older than its sources, then run the
// server from its TypeScript sources (migrations and, on the embedded database, the demo seed
// happen at start-up).
// `npm run start:prod` (this script with --prod): run the built server, server/dist/main.js
// (`npm run build` makes it), with NODE_ENV=production; nothing is built or compiled here.
//
// Signals: SIGTERM, SIGINT and SIGHUP are passed on to the running child (the console build or
// the server; SIGHUP as SIGTERM) and this script exits with the child's code once it has
// stopped, so the server's own graceful stop (server/src/lifecycle/shutdown.ts) decides how long
// that takes. A Ctrl-C in a terminal reaches every process of the group at once; the server then
// sees the signal twice and stops once.
//
// `npm start` runs this script as `sh -c 'node scripts/start.mjs'`, and npm passes a SIGTERM to
// that shell only: dash dies of it without passing it on, npm exits 143 at once, and this script
// and the server would be left running. So this script watches its parent: when it is gone, it
// stops the server as on SIGTERM. A supervisor (systemd, a container) should still run the
// server itself, `node server/dist/main.js`, so that its signals and its wait reach the server.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from './server-node-args.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const production = process.argv.includes('--prod');
const distIndex = join(root, 'web/dist/index.html');
const serverBundle = join(root, 'server/dist/main.js');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

function consoleIsStale() {
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  const sources = [join(root, 'web/src'), join(root, 'web/index.html'), join(root, 'packages')];
  return sources.some((p) => existsSync(p) && newestMtime(p) > built);
}

let child = null;
let stopping = false;

function stop(signal) {
  stopping = true;
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  else process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
process.on('SIGHUP', () => stop('SIGTERM'));

const parent = process.ppid;
const watchdog = setInterval(() => {
  if (process.ppid === parent || stopping) return;
  console.error('[start] the parent process (npm) is gone: stopping the server');
  stop('SIGTERM');
}, 500);
watchdog.unref();

/** Runs a child with the terminal; resolves with its exit code (128 + n for signal n). */
function run(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? 128 + (signal ? (osSignals[signal] ?? 15) : 15));
    });
  });
}

const osSignals = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

let entry;
let env = process.env;
if (production) {
  if (!existsSync(serverBundle)) {
    console.error('[start] server/dist/main.js is missing: run `npm run build` first.');
    process.exit(1);
  }
  entry = [serverBundle];
  env = { ...process.env, NODE_ENV: 'production' };
} else {
  if (consoleIsStale()) {
    console.log('[start] building the console (web/dist)…');
    const status = await run('npm', ['run', 'build', '-w', 'web']);
    if (status !== 0 || stopping) process.exit(status);
  }
  entry = ['--import', 'tsx', join(root, 'server/src/main.ts')];
}

process.exit(await run(process.execPath, [...serverNodeArgs(), ...entry], env));
