import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { INTEGRATION_KEY_NAME } from '@hotline/contract';
import { openDatabase } from '../db/connect';
import { fromCallersFolder } from './callers-folder';
import { migrate } from '../db/migrate';
import type { AuditActor } from '../modules/audit';
import {
  issueIntegrationKey,
  listIntegrationKeys,
  revokeIntegrationKeyAudited,
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
  if (name !== undefined && !INTEGRATION_KEY_NAME.test(name)) {
    throw new Error('name: 1–64 letters, digits, _ . - (e.g. city-centre)');
  }
  const revokeId = values.revoke === undefined ? undefined : Number(values.revoke);
  if (revokeId !== undefined && !(Number.isInteger(revokeId) && revokeId > 0)) {
    throw new Error('revoke: the id of a key (see --list)');
  }

  fromCallersFolder();
  const settings = loadSettings();
  if (!settings.databaseUrl) await mkdir(settings.dataDir, { recursive: true });
  const handle = await openDatabase(
    settings.databaseUrl
      ? { kind: 'postgres', url: settings.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: join(settings.dataDir, 'pglite') },
  );
  try {
    await migrate(handle.db);
    // The audit log names the command and the operating-system account that ran it.
    const actor: AuditActor = { id: null, name: `integration:key (${osUser()})`, ip: '' };
    if (name) {
      const created = await issueIntegrationKey(handle.db, name, actor);
      console.log(
        `key ${created.row.id} for ${created.row.name} (shown once, only its hash is stored):`,
      );
      console.log(created.key);
    }
    if (revokeId !== undefined) {
      const done = await revokeIntegrationKeyAudited(handle.db, revokeId, actor, new Date());
      console.log('row' in done ? `key ${revokeId} revoked` : `no live key ${revokeId}`);
      if (!('row' in done)) process.exitCode = 1;
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

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

main().catch((error: unknown) => {
  console.error(
    `integration:key failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
