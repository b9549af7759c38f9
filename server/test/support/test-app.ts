import type { ExportGate } from '../../src/modules/exports/export-gate';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect';
import { migrate } from '../../src/db/migrate';
import { SimulatedSmsProvider } from '../../src/modules/auth/sms-provider';
import { DEMO_PASSWORD, seedBase, seedDemoIfEmpty } from '../../src/seed/index';
import { testSettings, type Settings } from '../../src/settings';

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
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `hotline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  let handle: DatabaseHandle;
  let drop: () => Promise<void> = async () => {};
  if (TEST_DB === 'postgres') {
    const created = await createPostgresDatabase();
    handle = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 });
    drop = created.drop;
  } else {
    handle = await openDatabase({ kind: 'pglite' });
  }
  await migrate(handle.db);
  await seedBase(handle.db);
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  await seedDemoIfEmpty(handle.db, { orders: options.orders ?? 0, now: now() });
  const sms = new SimulatedSmsProvider();
  const base = { db: handle.db, settings: testSettings(options.settings), sms, now };
  const { app, ctx, exportGate } = await buildApp(base);
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
