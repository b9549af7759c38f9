import { describe, expect, it } from 'vitest';
import { Shutdown, type ShutdownLog } from '../../src/lifecycle/shutdown';

/** The stop's rules without a server: order of steps, failures, the time bound, start-up. */

function harness(timeoutMs = 60_000) {
  const lines: string[] = [];
  const log: ShutdownLog = {
    info: (_fields, message) => lines.push(message),
    error: (_fields, message) => lines.push(`ERROR ${message}`),
  };
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const shutdown = new Shutdown({ timeoutMs, exit: (code) => exited(code) });
  shutdown.useLog(log);
  return { shutdown, lines, exit };
}

describe('graceful stop', () => {
  it('runs the steps last registered first, once, then exits 0', async () => {
    const h = harness();
    const ran: string[] = [];
    h.shutdown.onStop('database', () => void ran.push('database'));
    h.shutdown.onStop('http', async () => void ran.push('http'));
    h.shutdown.onStop('sockets', () => void ran.push('sockets'));
    h.shutdown.ready();
    void h.shutdown.stop('SIGTERM');
    void h.shutdown.stop('SIGINT');
    expect(await h.exit).toBe(0);
    expect(ran).toEqual(['sockets', 'http', 'database']);
    expect(h.lines).toContain('shutdown: already stopping');
    expect(h.lines.at(-1)).toBe('shutdown complete');
  });

  it('a failing step is logged, the others still run, and the exit code is 1', async () => {
    const h = harness();
    const ran: string[] = [];
    h.shutdown.onStop('database', () => void ran.push('database'));
    h.shutdown.onStop('http', () => Promise.reject(new Error('boom')));
    h.shutdown.ready();
    void h.shutdown.stop('SIGTERM');
    expect(await h.exit).toBe(1);
    expect(ran).toEqual(['database']);
    expect(h.lines).toContain('ERROR shutdown: step failed');
  });

  it('a stop that does not finish within the bound exits 1 with a log line', async () => {
    const h = harness(100);
    h.shutdown.onStop('stuck', () => new Promise<void>(() => undefined));
    h.shutdown.ready();
    void h.shutdown.stop('SIGTERM');
    expect(await h.exit).toBe(1);
    expect(h.lines).toContain(
      'ERROR shutdown: not finished within SHUTDOWN_TIMEOUT_MS, exiting with code 1',
    );
  });

  it('a signal while starting waits for the start, then stops', async () => {
    const h = harness();
    const ran: string[] = [];
    h.shutdown.onStop('database', () => void ran.push('database'));
    void h.shutdown.stop('SIGTERM');
    expect(h.shutdown.isStopping).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([]);
    h.shutdown.onStop('http', () => void ran.push('http'));
    h.shutdown.ready();
    expect(await h.exit).toBe(0);
    expect(ran).toEqual(['http', 'database']);
  });

  it('a failed start closes what was opened and exits 1', async () => {
    const h = harness();
    const ran: string[] = [];
    h.shutdown.onStop('database', () => void ran.push('database'));
    void h.shutdown.fail(new Error('port in use'));
    expect(await h.exit).toBe(1);
    expect(ran).toEqual(['database']);
  });
});
