import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import {
  createIntegrationKey,
  listIntegrationKeys,
  revokeIntegrationKey,
} from '../modules/intake/integration-keys';
import { loadSettings } from '../settings';

const USAGE = `API keys of systems that push orders in (POST /api/open/city/orders, header X-Api-Key),
for the database given by DATABASE_URL, or the embedded one.

  npm run integration:key -- --name city-centre     create a key; it is printed once, store it now
  npm run integration:key -- --list                 list keys (never the keys themselves)
  npm run integration:key -- --revoke 3             revoke key 3: its calls answer 401 from now on`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      list: { type: 'boolean', default: false },
      revoke: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const name = values.name?.trim();
  if (values.help || (!name && !values.list && values.revoke === undefined)) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  if (name !== undefined && !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name)) {
    throw new Error('name: 1–64 letters, digits, _ . - (e.g. city-centre)');
  }
  const revokeId = values.revoke === undefined ? undefined : Number(values.revoke);
  if (revokeId !== undefined && !(Number.isInteger(revokeId) && revokeId > 0)) {
    throw new Error('revoke: the id of a key (see --list)');
  }

  const settings = loadSettings();
  if (!settings.databaseUrl) await mkdir(settings.dataDir, { recursive: true });
  const handle = await openDatabase(
    settings.databaseUrl
      ? { kind: 'postgres', url: settings.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: join(settings.dataDir, 'pglite') },
  );
  try {
    await migrate(handle.db);
    if (name) {
      const created = await createIntegrationKey(handle.db, name);
      console.log(`key ${created.id} for ${created.name} (shown once, only its hash is stored):`);
      console.log(created.key);
    }
    if (revokeId !== undefined) {
      const done = await revokeIntegrationKey(handle.db, revokeId, new Date());
      console.log(done ? `key ${revokeId} revoked` : `no live key ${revokeId}`);
      if (!done) process.exitCode = 1;
    }
    if (values.list) {
      for (const k of await listIntegrationKeys(handle.db)) {
        const state = k.revoked_at ? `revoked ${k.revoked_at.toISOString()}` : 'live';
        console.log(`${k.id}\t${k.name}\tcreated ${k.created_at.toISOString()}\t${state}`);
      }
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    `integration:key failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
