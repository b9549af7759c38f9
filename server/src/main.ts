import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { SimulatedSmsProvider } from './modules/auth/sms-provider';
import { seedBase, seedDemoIfEmpty } from './seed/index';
import { loadSettings } from './settings';

const DEMO_ORDER_COUNT = 2000;

/** Starts one server node: database, migrations, seed, HTTP. */
async function main(): Promise<void> {
  const settings = loadSettings();
  const embedded = !settings.databaseUrl;
  if (embedded) await mkdir(settings.dataDir, { recursive: true });
  const handle = await openDatabase(
    settings.databaseUrl
      ? { kind: 'postgres', url: settings.databaseUrl, poolSize: settings.databasePoolSize }
      : { kind: 'pglite', dataDir: join(settings.dataDir, 'pglite') },
  );
  const applied = await migrate(handle.db);
  await seedBase(handle.db);

  const webDist =
    settings.webDist ?? resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));
  const sms = new SimulatedSmsProvider((fields, message) => app.log.info(fields, message));
  const base = { db: handle.db, settings, sms, now: () => new Date() };
  const { app } = await buildApp(base, { webDist, logger: { level: settings.logLevel } });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');

  if (embedded) {
    const seeded = await seedDemoIfEmpty(handle.db, { orders: DEMO_ORDER_COUNT, now: new Date() });
    if (seeded) app.log.info('demo district, accounts and orders seeded (password Demo@12345)');
  } else {
    const anyAdmin = await handle.db
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', true)
      .limit(1)
      .executeTakeFirst();
    if (!anyAdmin) app.log.warn('no administrator yet: create one with `npm run admin:create`');
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: settings.port, host: settings.host });
  app.log.info(`console and API on http://localhost:${settings.port} (database: ${handle.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
