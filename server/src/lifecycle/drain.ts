import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { PUSH_CLOSE } from '@hotline/contract';
import type { AppContext } from '../context';
import { exportJobCounts } from '../modules/exports/export-jobs';

/** How long a console gets to answer a close frame before its socket is cut. */
export const SOCKET_CLOSE_GRACE_MS = 2_000;
const POLL_MS = 50;
/** How often keep-alive connections that went idle while stopping are closed. */
const IDLE_REAP_MS = 100;

/**
 * Closes the HTTP side (app.close): no new connections, new requests on open ones answered 503,
 * in-flight requests finish, then the app's onClose hooks (timers, push hub) run. Node closes
 * the idle keep-alive connections once, when the server closes; a connection whose request was
 * still running then goes idle afterwards and would hold the close until the keep-alive timeout
 * (72 s), so idle connections are closed again every IDLE_REAP_MS until the close is done.
 */
export async function closeHttp(app: FastifyInstance): Promise<void> {
  const reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}

/**
 * Closes every push socket with PUSH_CLOSE.serviceRestart (1012): the console reconnects after
 * a short pause, to another node or to this one once it is back, and re-reads its counts. A
 * socket that has not finished its close handshake after `graceMs` is cut.
 */
export async function closeSocketsForRestart(
  clients: ReadonlySet<WebSocket>,
  graceMs = SOCKET_CLOSE_GRACE_MS,
): Promise<number> {
  const sockets = [...clients];
  if (sockets.length === 0) return 0;
  const closed = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close(PUSH_CLOSE.serviceRestart, 'service restart');
      }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  await Promise.race([Promise.all(closed), late]);
  clearTimeout(timer);
  for (const socket of sockets) if (socket.readyState !== socket.CLOSED) socket.terminate();
  return sockets.length;
}

/**
 * Waits for this node's CSV export jobs (queued or running: they run after their request was
 * answered) to finish writing and record their outcome. Bounded by the shutdown's own timeout;
 * a job cut short there is failed by the next sweep (export-jobs.ts).
 */
export async function exportJobsFinished(ctx: AppContext): Promise<void> {
  const counts = exportJobCounts(ctx);
  while (counts.queued + counts.running > 0) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
