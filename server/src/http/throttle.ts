import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { ThrottleClass } from '@hotline/contract';
import type { Settings } from '../settings';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The throttle the endpoint's calls count on (the declaration's, `throttleOf`). */
    throttle?: ThrottleClass | null;
  }
}

const CLASSES: readonly ThrottleClass[] = ['login', 'sms', 'integration', 'lookup'];

type Counted = (error: Error | null, result: { current: number; ttl: number }) => void;

/**
 * The count of one node when there is no Redis: fixed windows per key. (The plugin's own
 * memory store hands every caller the same mutable record, read after an await, so a burst of
 * parallel calls all saw the burst's final count and all were refused.)
 */
export class MemoryCounts {
  private readonly windows = new Map<string, { n: number; start: number }>();

  incr(key: string, done: Counted, timeWindow: number): void {
    const now = Date.now();
    if (this.windows.size > 10_000) {
      for (const [k, w] of this.windows) if (w.start + timeWindow <= now) this.windows.delete(k);
    }
    let entry = this.windows.get(key);
    if (!entry || entry.start + timeWindow <= now) {
      entry = { n: 0, start: now };
      this.windows.set(key, entry);
    }
    entry.n += 1;
    done(null, { current: entry.n, ttl: entry.start + timeWindow - now });
  }

  /** One store for every limiter: the keys carry the class. */
  child(): MemoryCounts {
    return this;
  }
}
const WINDOW_MS = 60_000;

type Limiter = (request: FastifyRequest) => Promise<{
  isAllowed: boolean;
  isExceeded?: boolean;
  ttlInSeconds?: number;
}>;

/**
 * Counts the calls of throttled endpoints per client address and class (one count for all the
 * paths and endpoints of a class) in fixed one-minute windows, and answers 429
 * `rateLimited` with Retry-After past the class's limit. With REDIS_URL the counts live in Redis,
 * so the limits hold across nodes; if Redis cannot be reached the calls pass (availability over
 * throttling; the health check reports Redis). Loopback is exempt by default
 * (RATE_LIMIT_EXEMPT): behind a proxy, set TRUST_PROXY so the client's address is counted.
 */
export async function registerThrottles(app: FastifyInstance, settings: Settings): Promise<void> {
  const redis = settings.redisUrl
    ? new Redis(settings.redisUrl, {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : undefined;
  redis?.on('error', () => {
    // Reported by the readiness check; a throttle that cannot count lets calls pass.
  });
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis
      ? { redis, nameSpace: `${settings.pushChannel}:throttle:` }
      : { store: MemoryCounts as never }),
  });
  const exempt = new Set(settings.rateLimitExempt);
  const limiters = new Map<ThrottleClass, Limiter>();
  for (const kind of CLASSES) {
    const limiter = app.createRateLimit({
      max: settings.rateLimits[kind],
      timeWindow: WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `${kind}:${request.ip}`,
    }) as unknown as Limiter;
    limiters.set(kind, limiter);
  }
  app.addHook('onRequest', async (request, reply) => {
    const kind = request.routeOptions.config?.throttle;
    if (!kind || exempt.has(request.ip)) return;
    const result = await limiters.get(kind)!(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds ?? 60);
    reply.header('retry-after', String(seconds));
    throw new AppError(429, 'rateLimited', { seconds });
  });
}
