// `npm start`: build the console when it is missing or older than its sources, then run the
// server (migrations and, on the embedded database, the demo seed happen at start-up).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverNodeArgs } from './server-node-args.mjs';

const root = new URL('..', import.meta.url).pathname;
const distIndex = join(root, 'web/dist/index.html');

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

if (consoleIsStale()) {
  console.log('[start] building the console (web/dist)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  [...serverNodeArgs(), '--import', 'tsx', join(root, 'server/src/main.ts')],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
