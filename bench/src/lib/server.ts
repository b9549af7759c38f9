import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from '../../../scripts/server-node-args.mjs';

/**
 * A real server node for the benchmarks: `server/src/main.ts` in a child process on the
 * benchmark database, reached over loopback HTTP like a console would.
 */
export interface BenchServer {
  base: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export async function startServer(
  databaseUrl: string,
  port: number,
  extraEnv: Record<string, string> = {},
  /** `bundle`: the built `server/dist/main.js` instead; `nodeArgs`: more node flags. */
  options: { bundle?: boolean; nodeArgs?: readonly string[] } = {},
): Promise<BenchServer> {
  // BENCH_SERVER_ENTRY: a wrapper around server/src/main.ts (a profiler, say) to run instead.
  const entry = options.bundle
    ? ['server/dist/main.js']
    : ['--import', 'tsx', process.env.BENCH_SERVER_ENTRY ?? 'server/src/main.ts'];
  const args = [...serverNodeArgs(), ...(options.nodeArgs ?? []), ...entry];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: '10',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/api/publicKey`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    port,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-(child.pid as number), 'SIGTERM');
      } catch {
        // gone already
      }
      await exited;
    },
  };
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * Keep-alive connections shared by every call. node:http rather than fetch: undici's fetch
 * spends about a millisecond of the bench process's own CPU per call (streams, Headers,
 * Response objects), which the figures would charge to the server under test.
 * A socket left idle for 30 s is closed by this side (`timeout`: the agent destroys a free
 * socket that times out), well before the server's keep-alive timeout (Fastify's 72 s), so a
 * request is never sent on a socket the server is closing at that moment (the likely cause of
 * "socket hang up" ×8 in one section 7 run at 10M, with no error in the server's log).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 512, timeout: 30_000 });

/** POST (or GET without a body) to /api<path> with the bearer token; returns the envelope. */
export function call<T = unknown>(
  base: string,
  token: string | null,
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api${path}`,
      {
        method: payload ? 'POST' : 'GET',
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<T>);
          } catch (error) {
            reject(error as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}

export const DEMO_PASSWORD = 'Demo@12345';

export async function login(base: string, username: string): Promise<string> {
  const r = await call<{ token: string }>(base, null, '/login/password', {
    username,
    password: DEMO_PASSWORD,
  });
  if (r.code !== 200) throw new Error(`login ${username}: ${r.code} ${r.msg}`);
  return r.data.token;
}
