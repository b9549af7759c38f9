// Helpers of the benchmarks that run server nodes as their own processes.
/* global fetch */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A TCP port nothing listens on right now. */
export const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Resident memory of a process in bytes, from /proc (0 once it is gone). */
export function rssBytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Resolves once the server at `base` answers; false if it never does within `tries` × 250 ms. */
export async function answers(base, tries = 240) {
  for (let i = 0; i < tries; i += 1) {
    try {
      await fetch(`${base}/api/publicKey`);
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return false;
}
