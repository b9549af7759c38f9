import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS } from './console';

/**
 * A second real server for specs that need other server settings (a short access-token life),
 * started with the same script as the suite's server: fresh embedded database, demo seed.
 */
export interface ExtraServer {
  baseURL: string;
  stop: () => Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export async function startServer(port: number, env: Record<string, string>): Promise<ExtraServer> {
  const child: ChildProcess = spawn('node', ['scripts/e2e-server.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      E2E_PORT: String(port),
      E2E_SERVER_LOG: `${ARTIFACTS}server-${port}.log`,
    },
    stdio: 'ignore',
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(`${baseURL}/`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`server on ${port} exited early`);
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseURL,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
