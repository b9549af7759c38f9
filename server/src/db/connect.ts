import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { usePreparedStatements } from './prepared';
import type { Database } from './schema';
import { pgliteExtensions } from './pglite-extensions';

/**
 * One way into PostgreSQL for both kinds of database: the `pg` driver. A real server is reached
 * through `DATABASE_URL`; the embedded default runs PGlite in-process and exposes it on a
 * private unix socket, so both paths share the driver, its type parsing and its SQL.
 */

// bigint ids and counts arrive as strings by default; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/**
 * What GET /metrics reads of an open database: its pool (sizes) and who wants each query's
 * duration. Found by the Kysely instance (`databaseProbe(ctx.db)`), so no context changes shape.
 */
export interface DatabaseProbe {
  readonly pool: pg.Pool;
  /** Called after each query (not streams) with its duration in ms and whether it failed. */
  readonly queryListeners: Set<(ms: number, failed: boolean) => void>;
}

const probes = new WeakMap<object, DatabaseProbe>();

export function databaseProbe(db: Kysely<Database>): DatabaseProbe | undefined {
  return probes.get(db);
}

/** A Kysely over the pool whose query durations reach the probe's listeners. */
function observedKysely(pool: pg.Pool): Kysely<Database> {
  const queryListeners = new Set<(ms: number, failed: boolean) => void>();
  const log = (event: LogEvent) => {
    if (queryListeners.size === 0 || (event.level === 'query' && event.isStream)) return;
    for (const listener of queryListeners) {
      listener(event.queryDurationMillis, event.level === 'error');
    }
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  probes.set(db, { pool, queryListeners });
  return db;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: an archive of its data directory (a new one starts from it: `image`). */
  image?(): Promise<Blob>;
}

export type DatabaseTarget = (
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      /** Start from this archive of a data directory (`image()`) instead of an empty one. */
      image?: Blob;
    }
) & {
  /** How long an idle pooled connection is kept (PostgreSQL: POOL_IDLE_MS); tests shorten it. */
  idleTimeoutMillis?: number;
};

/**
 * How long the server keeps an idle PostgreSQL connection (pg's own default: 10 s). A new
 * connection is a new backend whose first statements are slow: its caches are empty and it
 * faults in every page of shared buffers it touches. At ten million orders a call-back queue's
 * keyword search took 375–789 ms for three at once on fresh backends against 141 warm, and its
 * sampled total ran out of its 200 ms budget ("约 11 条" for ~324) — after every pause of more
 * than 10 s between a user's clicks. Ten minutes keeps a working node's connections warm and
 * still lets an idle one give them back.
 */
export const POOL_IDLE_MS = 600_000;

/**
 * The settings of the server's PostgreSQL sessions, sent with each connection's start (no extra
 * round trip); an `options` parameter in DATABASE_URL replaces them. The benchmark's own
 * connections (its SQL floors, bench:explain) use them too, so that they measure the same plans.
 *
 * No JIT compilation: our statements are short index reads, and on a big table the planner's
 * cost estimate for a broad one (a filter without an index, a count) passed jit_above_cost and
 * compiled for 0.4 s before a query of milliseconds. No parallel workers either: on the
 * console's many small requests a Gather's workers cost more than they share. At ten million
 * orders on two cores, the dispatcher's "噪音" in 已退回 took 257–273 ms p50 with two workers
 * and 105 without, "小区" in 已办结 330–349 against 136–156, "小区" over all orders 103–108
 * against 43–49 (docs/performance.md, "Twenty-second session at 10M"); nothing measured was
 * slower. PGlite has no JIT and no workers.
 */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      options: SESSION_OPTIONS,
      idleTimeoutMillis: target.idleTimeoutMillis ?? POOL_IDLE_MS,
    });
    // An idle connection that dies (server restart, admin termination) must not crash the
    // process: the pool drops it and the next query opens a fresh one.
    pool.on('error', (error) => console.error(`[db] idle connection lost: ${error.message}`));
    usePreparedStatements(pool);
    const db = observedKysely(pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  return openPglite(target.dataDir, target.image, target.idleTimeoutMillis);
}

async function openPglite(
  dataDir: string | undefined,
  image: Blob | undefined,
  idleTimeoutMillis: number | undefined,
): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const lite = await PGlite.create(dataDir ?? 'memory://', {
    extensions: await pgliteExtensions(),
    ...(image ? { loadDataDir: image } : {}),
  });
  const socketDir = await mkdtemp(join(tmpdir(), 'hotline-pglite-'));
  const server = new PGLiteSocketServer({ db: lite, path: join(socketDir, '.s.PGSQL.5432') });
  await server.start();
  // PGlite has one session: a single pooled connection keeps transactions from interleaving.
  const pool = new pg.Pool({
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    ...(idleTimeoutMillis === undefined ? {} : { idleTimeoutMillis }),
  });
  usePreparedStatements(pool);
  const db = observedKysely(pool);
  return {
    db,
    kind: 'pglite',
    image: () => lite.dumpDataDir('none'),
    async close() {
      await db.destroy();
      await server.stop();
      await lite.close();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
