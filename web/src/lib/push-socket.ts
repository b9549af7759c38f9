import { PUSH_CLOSE, parsePushMessage, type PushMessage } from '@hotline/contract';

/**
 * The console's end of the push channel (spec section 7): open /ws (wss on an https page) with
 * the access token as a subprotocol (`pushProtocols`: only the session that opened a socket may
 * bind it; the session survives token refreshes, so a bound socket needs no reopening after
 * one), wait for `init`, bind the client id with an authenticated call, then hand every message to
 * `onMessage`. Reconnects with exponential back-off (1 s doubling to 30 s, ±20 % jitter) and
 * after every successful bind calls `onBound`, where the console re-reads all its counts, so
 * nothing drifts across a reconnect. A line that stays silent for 2.5 heartbeats is treated
 * as dead and reopened. A close for an ended session (PUSH_CLOSE.sessionEnded) or a refused
 * bind is reported at once (`onSessionEnded`). A node that is stopping closes with
 * PUSH_CLOSE.serviceRestart: the console reconnects after a short spread-out pause
 * (`restartDelay`; a load balancer sends it to another node), and the back-off starts afresh.
 * Framework-free: tests drive it with a fake socket.
 */

export interface SocketLike {
  readonly readyState: number;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number): void;
}

export interface PushSocketDeps {
  url: string;
  open: (url: string) => SocketLike;
  bind: (clientId: string) => Promise<unknown>;
  onMessage: (message: PushMessage) => void;
  onBound: () => void;
  /** Connection state for the UI (a quiet indicator). */
  onState?: (state: 'connecting' | 'live' | 'down') => void;
  /**
   * The server closed the socket because its session ended (an administrator disabled the user
   * or ended the session, logout elsewhere), or refused the bind: the console checks its
   * session at once instead of waiting for the reconnect back-off. Reconnecting goes on.
   */
  onSessionEnded?: () => void;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const BACKOFF_MS = { first: 1000, max: 30_000 } as const;

/** The wait before reconnect attempt `n` (0-based), with jitter in [-20 %, +20 %]. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MS.first * 2 ** attempt, BACKOFF_MS.max);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The pause before reconnecting after a "service restart" close: short, and spread over a second
 * so a node's thousands of consoles do not all arrive at the same instant.
 */
export const RESTART_RECONNECT_MS = { min: 250, spread: 1000 } as const;

export function restartDelay(random: () => number = Math.random): number {
  return Math.round(RESTART_RECONNECT_MS.min + RESTART_RECONNECT_MS.spread * random());
}

/** ws: or wss: after the page's own scheme. */
export function pushUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export class PushSocket {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private stopped = true;
  private retryTimer: unknown = null;
  private watchdog: unknown = null;
  private silenceMs = 0;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly deps: PushSocketDeps) {
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer(this.retryTimer);
    this.clearTimer(this.watchdog);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000);
    }
  }

  private connect(): void {
    this.deps.onState?.('connecting');
    const socket = this.deps.open(this.deps.url);
    this.socket = socket;
    socket.onmessage = (event) => {
      if (socket !== this.socket || typeof event.data !== 'string') return;
      const message = parsePushMessage(event.data);
      if (!message) return;
      this.feed();
      if (message.type === 'init') {
        this.silenceMs = Math.round(message.heartbeatMs * 2.5);
        this.feed();
        this.deps.bind(message.clientId).then(
          () => {
            if (socket !== this.socket) return;
            this.attempt = 0;
            this.deps.onState?.('live');
            this.deps.onBound();
          },
          // A refused bind: the server closes the socket; onclose schedules the retry.
          () => socket.close(PUSH_CLOSE.unauthorized),
        );
        return;
      }
      this.deps.onMessage(message);
    };
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.clearTimer(this.watchdog);
      this.deps.onState?.('down');
      if (this.stopped) return;
      if (event.code === PUSH_CLOSE.sessionEnded || event.code === PUSH_CLOSE.unauthorized) {
        this.deps.onSessionEnded?.();
      }
      let delay: number;
      if (event.code === PUSH_CLOSE.serviceRestart) {
        delay = restartDelay(this.deps.random);
        this.attempt = 0;
      } else {
        delay = backoffDelay(this.attempt, this.deps.random);
        this.attempt += 1;
      }
      this.retryTimer = this.setTimer(() => {
        if (!this.stopped) this.connect();
      }, delay);
    };
  }

  /** Any frame proves the line alive; silence past 2.5 heartbeats closes it. */
  private feed(): void {
    if (this.silenceMs <= 0) return;
    this.clearTimer(this.watchdog);
    const socket = this.socket;
    this.watchdog = this.setTimer(() => {
      if (socket && socket === this.socket) {
        socket.close(4000);
        // Some browsers delay onclose for a dead line: do not wait for it.
        socket.onclose?.({ code: 4000 });
      }
    }, this.silenceMs);
  }
}
