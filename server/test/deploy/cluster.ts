import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { serverNodeArgs } from '../../../scripts/server-node-args.mjs';
import { ROOT } from '../production/prod-server';
import { createScratchDatabase } from '../support/postgres-db';

/**
 * What the deployment test runs: nginx from the machine's packages with the site file of
 * deploy/nginx, and built server nodes (server/dist) as processes of their own.
 */

/** The nginx binary (Debian puts it in /usr/sbin, which a plain user's PATH may lack). */
export function findNginx(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    const res = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (res.status === 0) return candidate;
  }
  return null;
}

/** A free loopback port (closed again at once; nginx or a node takes it next). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * deploy/nginx/hotline.conf for loopback: the upstream's two nodes and the plain-HTTP listen
 * lines rewritten; everything else as shipped. Fails when the file no longer has those lines.
 */
export function renderSite(nodePorts: [number, number], listenPort: number): string {
  const text = readFileSync(join(ROOT, 'deploy/nginx/hotline.conf'), 'utf8');
  const edits: [RegExp, string][] = [
    [/^(\s*)server hotline-node1:8080\b/m, `$1server 127.0.0.1:${nodePorts[0]}`],
    [/^(\s*)server hotline-node2:8080\b/m, `$1server 127.0.0.1:${nodePorts[1]}`],
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`],
    [/^\s*listen \[::\]:80;\n/m, ''],
  ];
  let out = text;
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(out)) throw new Error(`deploy/nginx/hotline.conf: no line ${pattern}`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

/** nginx with its own prefix: configuration, pid, logs and temp files all under `dir`. */
export class Nginx {
  private child: ChildProcess | null = null;
  readonly output: string[] = [];

  constructor(
    readonly binary: string,
    readonly dir: string,
    site: string,
  ) {
    writeFileSync(join(dir, 'hotline.conf'), site);
    const temp = (name: string) => join(dir, name);
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        // A root test run: workers stay root so they can use this private folder.
        process.getuid?.() === 0 ? 'user root;' : '',
        'daemon off;',
        'worker_processes 1;',
        `pid ${temp('nginx.pid')};`,
        `error_log ${temp('error.log')} info;`,
        'events { worker_connections 256; }',
        'http {',
        `  access_log ${temp('access.log')};`,
        `  client_body_temp_path ${temp('body')};`,
        `  proxy_temp_path ${temp('proxy')};`,
        `  fastcgi_temp_path ${temp('fastcgi')};`,
        `  uwsgi_temp_path ${temp('uwsgi')};`,
        `  scgi_temp_path ${temp('scgi')};`,
        `  include ${join(dir, 'hotline.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
  }

  private args(): string[] {
    return ['-p', this.dir, '-c', join(this.dir, 'nginx.conf'), '-e', join(this.dir, 'error.log')];
  }

  /** `nginx -t`: status and what it printed. */
  check(): { status: number | null; output: string } {
    const res = spawnSync(this.binary, [...this.args(), '-t'], { encoding: 'utf8' });
    return { status: res.status, output: `${res.stdout}${res.stderr}` };
  }

  /** Starts nginx as a child (not a daemon) and waits until `base` answers. */
  async start(base: string): Promise<void> {
    const child = spawn(this.binary, this.args(), { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout!.on('data', (d: Buffer) => this.output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => this.output.push(d.toString()));
    for (let i = 0; i < 200; i += 1) {
      if (child.exitCode !== null) break;
      try {
        await fetch(`${base}/api/health/live`);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error(`nginx did not start:\n${this.output.join('')}\n${this.errorLog()}`);
  }

  errorLog(): string {
    const path = join(this.dir, 'error.log');
    return existsSync(path) ? readFileSync(path, 'utf8').slice(-4000) : '';
  }

  /** SIGQUIT: nginx's graceful stop. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * The built server, copied to a folder of its own beside server/dist (same depth, so the
 * bundle's relative paths to server/migrations and web/dist hold): the production suites
 * rebuild server/dist while they run, and may run at the same time as this one. Built first
 * when there is no server/dist.
 */
export function copyBuiltServer(): { entry: string; remove(): void } {
  const dist = join(ROOT, 'server/dist');
  if (!existsSync(join(dist, 'main.js'))) {
    const res = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (res.status !== 0) throw new Error(`build-server failed:\n${res.stdout}\n${res.stderr}`);
  }
  const copy = join(ROOT, `server/.deploy-test-${randomBytes(4).toString('hex')}`);
  cpSync(dist, copy, { recursive: true });
  for (const file of ['main.js', 'xlsx-thread.js']) {
    if (!existsSync(join(copy, file))) throw new Error(`server/dist was incomplete: no ${file}`);
  }
  return {
    entry: join(copy, 'main.js'),
    remove: () => spawnSync('rm', ['-rf', copy]),
  };
}

/** One server node as production runs it: `node <flags> …/main.js`, found by its log lines. */
export class Node {
  readonly lines: string[] = [];
  base = '';
  private readonly exited: Promise<unknown>;

  private constructor(private readonly child: ChildProcess) {
    this.exited = new Promise((r) => child.once('exit', r));
  }

  static async start(entry: string, env: Record<string, string>): Promise<Node> {
    const clean = { ...process.env };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'WEB_DIST', 'DATA_DIR', 'NODE_OPTIONS']) {
      delete clean[name];
    }
    const child = spawn(process.execPath, [...serverNodeArgs(), entry], {
      cwd: ROOT,
      env: { ...clean, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const node = new Node(child);
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(node.failure('no start-up line in 120 s')), 120_000);
      child.once('exit', () => {
        clearTimeout(timer);
        reject(node.failure('the node exited while starting'));
      });
      for (const stream of [child.stdout!, child.stderr!]) {
        createInterface({ input: stream }).on('line', (line) => {
          node.lines.push(line);
          try {
            const parsed = JSON.parse(line) as { port?: unknown };
            if (typeof parsed.port === 'number' && parsed.port > 0) {
              clearTimeout(timer);
              resolve(parsed.port);
            }
          } catch {
            // not a log line
          }
        });
      }
    });
    node.base = `http://127.0.0.1:${port}`;
    return node;
  }

  failure(why: string): Error {
    return new Error(`${why}; output:\n${this.lines.slice(-20).join('\n')}`);
  }

  /** SIGTERM (the graceful stop), SIGKILL if it has not ended in 30 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** A fresh PostgreSQL database (TEST_DATABASE_URL's server, or the machine's). */
export const freshDatabase = () =>
  createScratchDatabase(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'hotline_deploy',
  );
