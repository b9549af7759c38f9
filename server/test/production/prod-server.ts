import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from '../../../scripts/server-node-args.mjs';
import { createScratchDatabase, testDatabaseUrl } from '../support/postgres-db';

/**
 * The built server (server/dist) as production runs it: a child process of its own, found by
 * its log lines (pino's JSON on stdout), stopped by signals. No TypeScript loader anywhere.
 */

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `npm run build:server`: the bundle the tests start (the console build is not needed). */
export function buildServer(): void {
  const res = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`build-server failed:\n${res.stdout}\n${res.stderr}`);
}

export interface LogLine {
  level: number;
  msg: string;
  pid?: number;
  [field: string]: unknown;
}

export type Launch =
  /** The production command itself. */
  | 'node'
  /** `npm run start:prod`'s script without npm. */
  | 'start-script'
  /** `npm run start:prod`. */
  | 'npm';

const COMMANDS: Record<Launch, () => string[]> = {
  node: () => [process.execPath, ...serverNodeArgs(), 'server/dist/main.js'],
  'start-script': () => [process.execPath, 'scripts/start.mjs', '--prod'],
  npm: () => ['npm', 'run', '--silent', 'start:prod'],
};

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export class ProdServer {
  readonly lines: LogLine[] = [];
  /** Output that is not a log line (npm's, start.mjs's, a crash's stack). */
  readonly other: string[] = [];
  readonly exited: Promise<Exit>;
  /** Every process that held the output has ended (npm, its shell, start.mjs, the server). */
  readonly closed: Promise<void>;
  base = '';
  /** The server's own process id (from its log lines; differs from child.pid behind npm). */
  serverPid = 0;
  private waiters: (() => void)[] = [];

  private constructor(readonly child: ChildProcess) {
    const take = (text: string) => {
      try {
        const line = JSON.parse(text) as LogLine;
        if (typeof line.msg === 'string') {
          this.lines.push(line);
          this.wake();
          return;
        }
      } catch {
        // not a log line
      }
      this.other.push(text);
    };
    createInterface({ input: child.stdout! }).on('line', take);
    createInterface({ input: child.stderr! }).on('line', take);
    this.closed = new Promise((resolve) =>
      child.on('close', () => {
        resolve();
        setImmediate(() => this.wake());
      }),
    );
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        resolve({ code, signal });
      });
    });
  }

  static async start(env: Record<string, string>, launch: Launch = 'node'): Promise<ProdServer> {
    const [command, ...args] = COMMANDS[launch]();
    const clean = { ...process.env };
    // Nothing of the test runner's environment decides what the server connects to.
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'WEB_DIST',
      'DATA_DIR',
      'PORT',
      'NODE_OPTIONS',
    ])
      delete clean[name];
    const child = spawn(command!, args, {
      cwd: ROOT,
      env: { ...clean, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ProdServer(child);
    const up = await server.waitForLog((l) => typeof l.port === 'number' && l.port > 0, 150_000);
    server.base = `http://127.0.0.1:${up.port as number}`;
    server.serverPid = up.pid ?? 0;
    return server;
  }

  /** The first log line that matches, waiting for it (the process ending fails the wait). */
  waitForLog(pred: (line: LogLine) => boolean, ms = 30_000): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      let ended = false;
      void this.closed.then(() => (ended = true));
      const timer = setTimeout(() => reject(this.failure(`no such log line in ${ms} ms`)), ms);
      const check = () => {
        const hit = this.lines.find(pred);
        if (hit) {
          clearTimeout(timer);
          resolve(hit);
        } else if (ended) {
          clearTimeout(timer);
          reject(this.failure('the server exited first'));
        } else this.waiters.push(check);
      };
      check();
    });
  }

  has(msg: string): boolean {
    return this.lines.some((l) => l.msg.includes(msg));
  }

  /** The last lines of output, for a failure message. */
  failure(why: string): Error {
    const tail = [...this.lines.slice(-15).map((l) => JSON.stringify(l)), ...this.other.slice(-15)];
    return new Error(`${why}; output:\n${tail.join('\n')}`);
  }

  /** Whether a process id is still running. */
  static alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Test clean-up only: whatever is left is killed outright. */
  async kill(): Promise<void> {
    for (const pid of [this.serverPid, this.child.pid ?? 0]) {
      if (pid > 0 && ProdServer.alive(pid)) process.kill(pid, 'SIGKILL');
    }
    if (this.child.exitCode === null && this.child.signalCode === null) await this.exited;
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }
}

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL. */
export const createPostgresDatabase = () =>
  createScratchDatabase(testDatabaseUrl(), 'hotline_prod');
