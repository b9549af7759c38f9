import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { backfillDeadlineJobs } from './modules/deadlines/deadline-backfill';
import { closeHttp, closeSocketsForRestart, exportJobsFinished } from './lifecycle/drain';
import { Shutdown } from './lifecycle/shutdown';
import { SimulatedSmsProvider } from './modules/auth/sms-provider';
import { seedBase, seedDemoIfEmpty } from './seed/index';
import { loadSettings, type Settings } from './settings';

const DEMO_ORDER_COUNT = 2000;

/**
 * Starts one server node: database, migrations, seed, HTTP; and stops it gracefully on SIGTERM
 * or SIGINT (lifecycle/shutdown.ts: push sockets closed with "service restart", no new
 * connections, in-flight requests and export jobs finished, database closed, exit 0).
 */
async function main(settings: Settings, shutdown: Shutdown): Promise<void> {
  const embedded = !settings.databaseUrl;
  if (embedded) await mkdir(settings.dataDir, { recursive: true });
  const handle = await openDatabase(
    settings.databaseUrl
      ? { kind: 'postgres', url: settings.databaseUrl, poolSize: settings.databasePoolSize }
      : { kind: 'pglite', dataDir: join(settings.dataDir, 'pglite') },
  );
  shutdown.onStop('database', () => handle.close());
  const applied = await migrate(handle.db);
  await seedBase(handle.db);

  const webDist =
    settings.webDist ?? resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));
  const sms = new SimulatedSmsProvider((fields, message) => app.log.info(fields, message));
  const base = { db: handle.db, settings, sms, now: () => new Date() };
  const { app, ctx } = await buildApp(base, { webDist, logger: { level: settings.logLevel } });
  shutdown.useLog(app.log);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');

  if (embedded) {
    const seeded = await seedDemoIfEmpty(handle.db, { orders: DEMO_ORDER_COUNT, now: new Date() });
    if (seeded) {
      app.log.info('demo district, accounts and orders seeded (password Demo@12345)');
      // The demo's open orders get their reminders and escalations like any order.
      const planned = await backfillDeadlineJobs(handle.db, new Date());
      app.log.info(planned, 'deadline jobs of the demo orders planned');
    }
  } else {
    const anyAdmin = await handle.db
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', true)
      .limit(1)
      .executeTakeFirst();
    if (!anyAdmin) app.log.warn('no administrator yet: create one with `npm run admin:create`');
  }

  // Run last registered first: sockets, HTTP (no new connections, in-flight requests end, the
  // app's own timers stop), the CSV jobs still writing, then the database.
  shutdown.onStop('export jobs', () => exportJobsFinished(ctx));
  // Also before the push hub closes (new requests already get 503), so a job's last progress
  // still reaches its user; the step above catches jobs that in-flight requests start later.
  app.addHook('preClose', () => exportJobsFinished(ctx));
  shutdown.onStop('http', () => closeHttp(app));
  shutdown.onStop('push sockets', async () => {
    const sockets = await closeSocketsForRestart(app.websocketServer.clients);
    app.log.info({ sockets }, 'push sockets closed (service restart)');
  });

  if (shutdown.isStopping) return; // a signal came while starting: stop without serving
  await app.listen({ port: settings.port, host: settings.host });
  const { port } = app.server.address() as AddressInfo;
  app.log.info({ port }, `console and API on http://localhost:${port} (database: ${handle.kind})`);
}

let settings: Settings;
try {
  settings = loadSettings();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const shutdown = new Shutdown({ timeoutMs: settings.shutdownTimeoutMs });
shutdown.listen();
main(settings, shutdown).then(
  () => shutdown.ready(),
  // What was opened is closed again (an embedded database must be), then exit 1.
  (error: unknown) => void shutdown.fail(error),
);
