import type { ExportGate } from '../../src/modules/exports/export-gate';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect';
import { migrate } from '../../src/db/migrate';
import { SimulatedSmsProvider } from '../../src/modules/auth/sms-provider';
import { DEMO_PASSWORD, seedBase, seedDemoIfEmpty } from '../../src/seed/index';
import { testSettings, type Settings } from '../../src/settings';
import { createScratchDatabase, templatePrefix, testDatabaseUrl } from './postgres-db';

/**
 * A real server on a real, fresh database for one test file: PGlite in memory by default, or a
 * new database on the PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres.
 */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The node's XLSX export budget: a test takes slots to fill it. */
  exportGate: ExportGate;
  sms: SimulatedSmsProvider;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  settings?: Partial<Settings>;
  /** Demo orders to seed (the demo accounts are always seeded). */
  orders?: number;
  /**
   * Text messages to citizens (config `sms_citizen_enabled`): off unless asked for, so the
   * event trails other tests compare hold only the steps they took.
   */
  citizenSms?: boolean;
  /** The server's log lines at `warn` and above, one JSON object each (off unless given). */
  log?: string[];
  /** The level `log` collects from (default `warn`). */
  logLevel?: 'info' | 'warn';
}

/**
 * A PostgreSQL database with every migration applied, made once per test process
 * (`<templatePrefix>_<random>`): each app's database is a copy of it (`CREATE DATABASE …
 * TEMPLATE`), which saves running the migrations per app (about 0.6 s of each app's 1 s).
 * global-setup.ts drops the run's templates at the end.
 */
let migratedTemplate: Promise<string> | undefined;

function migratedPostgres(): Promise<string> {
  migratedTemplate ??= (async () => {
    const template = await createScratchDatabase(testDatabaseUrl(), templatePrefix());
    const handle = await openDatabase({ kind: 'postgres', url: template.url, poolSize: 1 });
    try {
      await migrate(handle.db);
    } finally {
      await handle.close();
    }
    return template.name;
  })().catch((error: unknown) => {
    migratedTemplate = undefined;
    throw error;
  });
  return migratedTemplate;
}

const createPostgresDatabase = async () =>
  createScratchDatabase(testDatabaseUrl(), 'hotline_test', await migratedPostgres());

/**
 * An embedded database with every migration applied, as an archive of its data directory: the
 * first app of a test process makes it, every later one starts from a copy (a fresh PGlite
 * runs initdb, 10–13 s on a loaded CI machine, and the migrations 2–4 s more). Each app still has a
 * database of its own; `migrate` still runs on it (and finds nothing to do).
 */
let migratedImage: Promise<Blob> | undefined;

function migratedPglite(): Promise<Blob> {
  migratedImage ??= (async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      await migrate(handle.db);
      if (!handle.image) throw new Error('an embedded database without image()');
      return await handle.image();
    } finally {
      await handle.close();
    }
  })().catch((error: unknown) => {
    migratedImage = undefined;
    throw error;
  });
  return migratedImage;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  let handle: DatabaseHandle;
  let drop: () => Promise<void> = async () => {};
  if (TEST_DB === 'postgres') {
    const created = await createPostgresDatabase();
    handle = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 });
    drop = created.drop;
  } else {
    handle = await openDatabase({ kind: 'pglite', image: await migratedPglite() });
  }
  await migrate(handle.db);
  await seedBase(handle.db);
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  await seedDemoIfEmpty(handle.db, { orders: options.orders ?? 0, now: now() });
  await handle.db
    .updateTable('config')
    .set({ value: options.citizenSms ? '1' : '0' })
    .where('name', '=', 'sms_citizen_enabled')
    .execute();
  const sms = new SimulatedSmsProvider();
  const base = { db: handle.db, settings: testSettings(options.settings), sms, now };
  const lines = options.log;
  const logger = lines && {
    level: options.logLevel ?? 'warn',
    stream: { write: (line: string) => lines.push(line) },
  };
  const { app, ctx, exportGate } = await buildApp(base, logger ? { logger } : {});
  await app.ready();
  return {
    app,
    ctx,
    exportGate,
    sms,
    advance(ms: number) {
      offsetMs += ms;
    },
    async login(username: string, password = DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login/password',
        payload: { username, password },
      });
      const body = res.json<{ code: number; msg: string; data: { token: string } | null }>();
      if (body.code !== 200 || !body.data) throw new Error(`login ${username} failed: ${body.msg}`);
      return body.data.token;
    },
    async close() {
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
