import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect';
import { TEST_DB } from '../support/test-app';
import { inspectRestored, runCli, seedSource, servedAsSeeded } from './drill';

/**
 * The restore drill, as an operator runs it: seed a database (demo accounts, orders, an
 * uploaded file), `npm run backup`, `npm run restore` into a fresh place, start an app on it:
 * the same orders, the same file bytes, a demo user signs in. A non-empty target is refused
 * without --force. The embedded database under TEST_DB=pglite, PostgreSQL under postgres.
 */

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'restore-drill-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/**
 * A drill runs four CLI processes, each starting Node and opening the database: it ran past the
 * default minute on a loaded machine (CI beside a ten-million-order benchmark build).
 */
const DRILL_TIMEOUT_MS = 240_000;

describe.runIf(TEST_DB === 'pglite')('the embedded database (PGlite under DATA_DIR)', () => {
  it(
    'backs up, restores into a new DATA_DIR, and serves the same orders and file',
    async () => {
      const source = join(work, 'source');
      await mkdir(source);
      const handle = await openDatabase({ kind: 'pglite', dataDir: join(source, 'pglite') });
      const seeded = await seedSource(handle, source);
      // The server must be stopped: with the database open, the backup refuses.
      const whileOpen = await runCli('backup', ['--out', 'open.tar.gz'], {
        INIT_CWD: work,
        DATA_DIR: source,
        DATABASE_URL: undefined,
      });
      await handle.close();
      expect(whileOpen.code).toBe(1);
      expect(whileOpen.stderr).toMatch(/is open .*stop the server first/);

      const backup = await runCli('backup', ['--out', 'hotline.tar.gz'], {
        INIT_CWD: work,
        DATA_DIR: source,
        DATABASE_URL: undefined,
      });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`backup written: ${join(work, 'hotline.tar.gz')}`);
      expect(backup.stdout).toMatch(/12 work orders, \d+ users, 1 stored files \(/);
      const head = (await readFile(join(work, 'hotline.tar.gz'))).subarray(0, 2);
      expect(head.toString('hex')).toBe('1f8b');

      const target = join(work, 'target');
      const restore = await runCli('restore', ['--in', 'hotline.tar.gz'], {
        INIT_CWD: work,
        DATA_DIR: target,
        DATABASE_URL: undefined,
      });
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/12 work orders, \d+ users, 1 stored files/);

      const again = await runCli('restore', ['--in', 'hotline.tar.gz'], {
        INIT_CWD: work,
        DATA_DIR: target,
        DATABASE_URL: undefined,
      });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already holds a database.*--force/);

      const restored = await openDatabase({ kind: 'pglite', dataDir: join(target, 'pglite') });
      expect(await inspectRestored(restored, target, seeded)).toEqual(servedAsSeeded(seeded));
    },
    DRILL_TIMEOUT_MS,
  );
});

describe.runIf(TEST_DB === 'postgres')('PostgreSQL (DATABASE_URL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const names: string[] = [];
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const createDatabase = async () => {
    const name = `hotline_test_bk_${randomBytes(5).toString('hex')}`;
    await admin(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
    names.push(name);
    return urlOf(name);
  };
  afterAll(async () => {
    for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it(
    'backs up with pg_dump, restores into a new database, refuses a full one',
    async () => {
      const sourceUrl = await createDatabase();
      const handle = await openDatabase({ kind: 'postgres', url: sourceUrl, poolSize: 2 });
      let seeded;
      try {
        seeded = await seedSource(handle, work);
      } finally {
        await handle.close();
      }
      const backup = await runCli('backup', ['--out', 'hotline.dump'], {
        INIT_CWD: work,
        DATABASE_URL: sourceUrl,
      });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/pg_dump \d+ custom format/);
      expect(backup.stdout).toMatch(/12 work orders, \d+ users, 1 stored files \(/);
      const head = (await readFile(join(work, 'hotline.dump'))).subarray(0, 5);
      expect(head.toString('latin1')).toBe('PGDMP');

      const targetUrl = await createDatabase();
      const restore = await runCli('restore', ['--in', 'hotline.dump'], {
        INIT_CWD: work,
        DATABASE_URL: targetUrl,
      });
      expect(restore.code, restore.stderr).toBe(0);
      const refused = await runCli('restore', ['--in', 'hotline.dump'], {
        INIT_CWD: work,
        DATABASE_URL: targetUrl,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is not empty .*--force/);
      const forced = await runCli('restore', ['--in', 'hotline.dump', '--force'], {
        INIT_CWD: work,
        DATABASE_URL: targetUrl,
      });
      expect(forced.code, forced.stderr).toBe(0);

      const restored = await openDatabase({ kind: 'postgres', url: targetUrl, poolSize: 2 });
      expect(await inspectRestored(restored, work, seeded)).toEqual(servedAsSeeded(seeded));
    },
    DRILL_TIMEOUT_MS,
  );
});
