import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadSettings } from '../settings';
import {
  checkToolVersion,
  contentsOf,
  describeContents,
  formatOf,
  fromCallersFolder,
  PGLITE_OPEN_MARK,
  pgliteOpenMessage,
  requireTool,
  runTool,
  targetOf,
  type Contents,
} from './backup-kit';
import { pgliteExtensions } from '../db/pglite-extensions';

const USAGE = `Restores a backup made by \`npm run backup\` — the database with every stored file.

  npm run restore -- --in <file> [--force]

With DATABASE_URL: a pg_dump archive into that database (needs pg_restore 15 or newer on PATH).
Without: a backup of the embedded database into DATA_DIR/pglite; stop the server first.
The target must be empty (a new database, a DATA_DIR without pglite/) unless --force: then
the database's contents are replaced, or the old DATA_DIR/pglite is kept aside as
pglite.before-restore-<time>. Start the server afterwards; it applies any newer migrations.`;

async function restorePostgres(url: string, file: string, force: boolean): Promise<Contents> {
  const toolMajor = requireTool('pg_restore');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const version = await client.query<{ v: string }>('SHOW server_version_num');
    checkToolVersion('pg_restore', toolMajor, Number(version.rows[0]?.v));
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE s.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    const tables = Number(rows[0]?.n ?? 0);
    if (tables > 0 && !force) {
      throw new Error(
        `the database at DATABASE_URL is not empty (${tables} tables): restore into a new ` +
          `database (createdb), or add --force to replace its contents`,
      );
    }
    if (tables > 0) {
      console.log(`--force: dropping the ${tables} tables of the target's public schema`);
      await client.query('DROP SCHEMA public CASCADE');
      await client.query('CREATE SCHEMA public');
      // The schemas the migrations create beside public (040: intarray, kept out of public).
      await client.query('DROP SCHEMA IF EXISTS intarray_ext CASCADE');
    }
  } finally {
    await client.end();
  }
  await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${url}`,
    file,
  ]);
  const after = new pg.Client({ connectionString: url });
  await after.connect();
  try {
    return await contentsOf(async (text) => (await after.query(text)).rows);
  } finally {
    await after.end();
  }
}

async function restorePglite(dir: string, file: string, force: boolean): Promise<Contents> {
  const present = existsSync(dir) && (await readdir(dir)).length > 0;
  if (present) {
    if (existsSync(join(dir, PGLITE_OPEN_MARK))) throw new Error(pgliteOpenMessage(dir));
    if (!force) {
      throw new Error(
        `${dir} already holds a database: restore into a new DATA_DIR, or add --force to ` +
          `replace it (the current one is kept aside)`,
      );
    }
    const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dir, aside);
    console.log(`--force: the database that was there is kept at ${aside}`);
  }
  await mkdir(dirname(dir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const archive = new Blob([await readFile(file)]);
  const lite = await PGlite.create(dir, {
    extensions: await pgliteExtensions(),
    loadDataDir: archive,
  });
  try {
    return await contentsOf(async (text) => (await lite.query(text)).rows as never);
  } finally {
    await lite.close();
  }
}

async function main(): Promise<void> {
  fromCallersFolder();
  const { values } = parseArgs({
    options: {
      in: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.in) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const file = resolve(values.in);
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const handle = await open(file, 'r');
  const head = Buffer.alloc(8);
  await handle.read(head, 0, 8, 0);
  await handle.close();
  const format = formatOf(head);
  const target = targetOf(loadSettings());
  if (format === 'unknown') throw new Error(`${file} is not a backup made by npm run backup`);
  if (target.kind === 'postgres' && format !== 'pg_dump') {
    throw new Error(
      `${file} is a backup of the embedded database: restore it without DATABASE_URL (into ` +
        `DATA_DIR/pglite)`,
    );
  }
  if (target.kind === 'pglite' && format !== 'pg_dump') {
    const contents = await restorePglite(target.dir, file, values.force);
    console.log(`restored ${file} into the embedded database at ${target.dir}`);
    console.log(`  contains: ${describeContents(contents)}`);
    return;
  }
  if (target.kind === 'pglite') {
    throw new Error(
      `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore ` +
        `it into`,
    );
  }
  const contents = await restorePostgres(target.url, file, values.force);
  console.log(`restored ${file} into the database at DATABASE_URL`);
  console.log(`  contains: ${describeContents(contents)}`);
}

main().catch((error: unknown) => {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exit(1);
});
