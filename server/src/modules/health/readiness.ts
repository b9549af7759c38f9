import { HEALTH_NOT_CONFIGURED, HEALTH_OK, type ReadyData } from '@hotline/contract';
import type { Db } from '../../context';
import { migrationFiles } from '../../db/migrate';
import { appliedMigrations, pingDatabase } from './health.repository';
import type { RedisPing } from './redis-ping';

/**
 * The readiness check behind GET /api/health/ready. A load balancer may ask every second on
 * every node: one check runs at a time, callers meanwhile share it, and its result is reused
 * for REUSE_MS. A database that does not answer fails the check after DATABASE_TIMEOUT_MS, and
 * while its query still hangs no second one is sent (the pool's queue does not grow).
 *
 * Replies name the part and a short reason (an error code, never a host or database name: the
 * endpoint is public); the full error goes to the log when readiness changes.
 */

export const REUSE_MS = 1000;
export const DATABASE_TIMEOUT_MS = 2000;

export interface ReadyResult {
  ready: boolean;
  parts: ReadyData;
  /** The errors behind the failed parts (their messages), for the log. */
  details: Partial<Record<keyof ReadyData, string>>;
}

class TimedOut extends Error {
  readonly code = 'timed out';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A pg error's SQLSTATE or a socket error's code (ECONNREFUSED): safe to show anyone. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return `error: ${typeof code === 'string' && code !== '' ? code : 'query failed'}`;
}

export class Readiness {
  private last: { at: number; result: ReadyResult } | null = null;
  private running: Promise<ReadyResult> | null = null;
  /** How far the database work of a check that timed out (and has not returned yet) got. */
  private hanging: { answered: boolean } | null = null;
  private files: Promise<string[]> | null = null;

  constructor(
    private readonly db: Db,
    private readonly redis: RedisPing | null,
  ) {}

  check(): Promise<ReadyResult> {
    const last = this.last;
    if (last && Date.now() - last.at < REUSE_MS) return Promise.resolve(last.result);
    this.running ??= this.run()
      .then((result) => {
        this.last = { at: Date.now(), result };
        return result;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  close(): void {
    this.redis?.close();
  }

  private async run(): Promise<ReadyResult> {
    const [database, redis] = await Promise.all([this.checkDatabase(), this.checkRedis()]);
    const parts: ReadyData = { ...database.parts, redis: redis.state };
    const details = { ...database.details, ...(redis.detail ? { redis: redis.detail } : {}) };
    const ready = Object.values(parts).every((p) => p === HEALTH_OK || p === HEALTH_NOT_CONFIGURED);
    return { ready, parts, details };
  }

  private async checkDatabase(): Promise<{
    parts: Pick<ReadyData, 'database' | 'migrations'>;
    details: ReadyResult['details'];
  }> {
    // While an earlier query still hangs, no second one is sent: the pool's queue stays short.
    const progress = this.hanging ?? { answered: false };
    const work = this.hanging
      ? Promise.reject(new TimedOut('the previous check has not returned'))
      : this.databaseWork(progress);
    try {
      return { parts: await withTimeout(work, DATABASE_TIMEOUT_MS), details: {} };
    } catch (error) {
      if (error instanceof TimedOut && !this.hanging) {
        this.hanging = progress;
        void work.then(
          () => (this.hanging = null),
          () => (this.hanging = null),
        );
      }
      if (progress.answered) {
        return {
          parts: { database: HEALTH_OK, migrations: reasonOf(error) },
          details: { migrations: messageOf(error) },
        };
      }
      return {
        parts: {
          database: reasonOf(error),
          migrations: 'error: not checked (database unavailable)',
        },
        details: { database: messageOf(error) },
      };
    }
  }

  /** The trivial query, then the migrations (`progress` tells a failure of one from the other). */
  private async databaseWork(progress: {
    answered: boolean;
  }): Promise<Pick<ReadyData, 'database' | 'migrations'>> {
    await pingDatabase(this.db);
    progress.answered = true;
    this.files ??= migrationFiles();
    const [files, applied] = await Promise.all([this.files, appliedMigrations(this.db)]);
    const missing = files.filter((f) => !applied.has(f));
    // Migrations a newer node applied (a rolling deploy) are no reason to stop serving.
    const migrations =
      missing.length === 0
        ? HEALTH_OK
        : `error: ${missing.length} not applied (${missing.slice(0, 5).join(', ')})`;
    return { database: HEALTH_OK, migrations };
  }

  private async checkRedis(): Promise<{ state: string; detail?: string }> {
    if (!this.redis) return { state: HEALTH_NOT_CONFIGURED };
    const failure = await this.redis.ping();
    return failure === null
      ? { state: HEALTH_OK }
      : { state: `error: ${failure}`, detail: failure };
  }
}
