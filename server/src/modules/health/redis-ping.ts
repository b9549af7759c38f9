import { Redis } from 'ioredis';

/**
 * PING on a Redis connection of the health check's own (the push hub's connections are busy
 * with pub/sub and hide their state). Connected on the first check; ioredis reconnects by
 * itself; a ping fails within PING_TIMEOUT_MS and is never queued behind a lost connection.
 */
export const PING_TIMEOUT_MS = 1000;

export class RedisPing {
  private client: Redis | null = null;
  /** The connection's last error code (ECONNREFUSED …): what a failed ping reports. */
  private lastError: string | null = null;

  constructor(private readonly url: string) {}

  /** Null when Redis answered PONG; otherwise a short reason. */
  async ping(): Promise<string | null> {
    const client = (this.client ??= this.connect());
    try {
      const answer = await client.ping();
      return answer === 'PONG' ? null : 'unexpected answer';
    } catch (error) {
      return this.lastError ?? shortReason(error);
    }
  }

  close(): void {
    this.client?.disconnect();
    this.client = null;
  }

  private connect(): Redis {
    const client = new Redis(this.url, {
      lazyConnect: true,
      connectTimeout: PING_TIMEOUT_MS,
      commandTimeout: PING_TIMEOUT_MS,
      // A ping issued while disconnected fails at the next failed attempt, never waits longer.
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // Reported by the readiness check, not logged on every reconnect attempt.
    client.on('error', (error: Error & { code?: string }) => {
      this.lastError = error.code ?? 'unreachable';
    });
    client.on('ready', () => {
      this.lastError = null;
    });
    return client;
  }
}

function shortReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  const message = error instanceof Error ? error.message : String(error);
  return /timed? ?out/i.test(message) ? 'timed out' : 'unreachable';
}
