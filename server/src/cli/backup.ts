import { existsSync } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadSettings } from '../settings';
import {
  checkToolVersion,
  contentsOf,
  describeContents,
  fromCallersFolder,
  humanBytes,
  PGLITE_OPEN_MARK,
  pgliteOpenMessage,
  requireTool,
  runTool,
  targetOf,
  type Contents,
} from './backup-kit';
import { pgliteExtensions } from '../db/pglite-extensions';

const USAGE = `Backs up the database — work orders, accounts, settings and every stored file
(uploads, call recordings, CSV exports live in the database) — to one file.

  npm run backup -- --out <file> [--force]

With DATABASE_URL: a pg_dump custom-format archive (needs pg_dump 15 or newer on PATH).
Without: the embedded database under DATA_DIR/pglite as a compressed data-directory archive;
stop the server first. --force overwrites an existing <file>.
Restore with: npm run restore -- --in <file>`;

async function backupPostgres(
  url: string,
  out: string,
): Promise<{ how: string; contents: Contents }> {
  const toolMajor = requireTool('pg_dump');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let contents: Contents;
  try {
    const version = await client.query<{ v: string }>('SHOW server_version_num');
    checkToolVersion('pg_dump', toolMajor, Number(version.rows[0]?.v));
    contents = await contentsOf(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
  await runTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${out}`,
    `--dbname=${url}`,
  ]);
  return { how: `PostgreSQL (DATABASE_URL), pg_dump ${toolMajor} custom format`, contents };
}

async function backupPglite(
  dir: string,
  out: string,
): Promise<{ how: string; contents: Contents }> {
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    throw new Error(
      `no embedded database at ${dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`,
    );
  }
  if (existsSync(join(dir, PGLITE_OPEN_MARK))) throw new Error(pgliteOpenMessage(dir));
  const { PGlite } = await import('@electric-sql/pglite');
  const lite = await PGlite.create(dir, { extensions: await pgliteExtensions() });
  try {
    const contents = await contentsOf(async (text) => (await lite.query(text)).rows as never);
    // PGlite's own archive of its data directory (gzip-compressed tar).
    const archive = await lite.dumpDataDir('gzip');
    await writeFile(out, Buffer.from(await archive.arrayBuffer()));
    return { how: `embedded PGlite (${dir}), data-directory archive (.tar.gz)`, contents };
  } finally {
    await lite.close();
  }
}

async function main(): Promise<void> {
  fromCallersFolder();
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.out) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const out = resolve(values.out);
  if (existsSync(out) && !values.force) {
    throw new Error(`${out} exists: choose another name, or add --force to overwrite it`);
  }
  const target = targetOf(loadSettings());
  // Written beside the target and renamed at the end: a failed backup leaves no half file.
  const partial = `${out}.partial`;
  try {
    const { how, contents } =
      target.kind === 'postgres'
        ? await backupPostgres(target.url, partial)
        : await backupPglite(target.dir, partial);
    await rename(partial, out);
    const size = (await stat(out)).size;
    console.log(`backup written: ${out} (${humanBytes(size)})`);
    console.log(`  database: ${how}`);
    console.log(`  contains: ${describeContents(contents)}`);
    // The same target the backup read; in an image without the sources, the built script.
    const into =
      target.kind === 'postgres' ? 'DATABASE_URL=<new database>' : 'DATA_DIR=<new folder>';
    console.log(`  restore:  ${into} npm run restore -- --in ${out}`);
    console.log(`            (or ${into} node server/dist/restore.js --in ${out})`);
  } finally {
    await rm(partial, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
});
