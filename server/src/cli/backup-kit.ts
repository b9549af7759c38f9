import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Settings } from '../settings';

/**
 * What `npm run backup` and `npm run restore` share: where the database is, the PostgreSQL
 * client tools they need, what a database holds (for the report) and how sizes read.
 * With the files in the database (docs/decisions/0007), a backup is the database alone.
 */

export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

export function targetOf(settings: Settings): BackupTarget {
  return settings.databaseUrl
    ? { kind: 'postgres', url: settings.databaseUrl }
    : { kind: 'pglite', dir: join(settings.dataDir, 'pglite') };
}

export { fromCallersFolder } from './callers-folder';

/** The major version of a PostgreSQL client tool, or a clear error when it is not installed. */
export function requireTool(name: 'pg_dump' | 'pg_restore'): number {
  const probe = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `${name} was not found on PATH. Install the PostgreSQL 15 client tools ` +
        `(Debian/Ubuntu: apt-get install postgresql-client-15) or put their bin folder on PATH.`,
    );
  }
  const major = Number(/(\d+)(?:\.\d+)?/.exec(probe.stdout)?.[1]);
  if (!Number.isFinite(major))
    throw new Error(`cannot read the version of ${name}: ${probe.stdout}`);
  return major;
}

/** A tool older than the server cannot read or write its catalogue: say so before running. */
export function checkToolVersion(name: string, toolMajor: number, serverVersionNum: number) {
  const serverMajor = Math.floor(serverVersionNum / 10_000);
  if (toolMajor < serverMajor) {
    throw new Error(
      `${name} ${toolMajor} is older than the database server (PostgreSQL ${serverMajor}): ` +
        `install the client tools of version ${serverMajor} or newer.`,
    );
  }
}

/** Runs a tool; its messages go to our stderr; a non-zero exit is an error. */
export function runTool(name: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(name, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** A way to run one SQL statement on the database being backed up or restored. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

export interface Contents {
  orders: number | null;
  users: number | null;
  files: number | null;
  fileBytes: number | null;
}

const countOf = async (query: Query, text: string): Promise<number | null> => {
  try {
    const [row] = await query(text);
    return row ? Number(Object.values(row)[0]) : null;
  } catch {
    return null; // a table this database does not have (yet)
  }
};

export async function contentsOf(query: Query): Promise<Contents> {
  return {
    orders: await countOf(query, 'SELECT count(*) AS n FROM work_orders'),
    users: await countOf(query, 'SELECT count(*) AS n FROM users'),
    files: await countOf(query, 'SELECT count(*) AS n FROM stored_files WHERE complete'),
    fileBytes: await countOf(
      query,
      'SELECT coalesce(sum(size_bytes), 0) AS n FROM stored_files WHERE complete',
    ),
  };
}

export function humanBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function describeContents(c: Contents): string {
  const n = (v: number | null) => (v === null ? '?' : v.toLocaleString('en-US'));
  const bytes = c.fileBytes === null ? '?' : humanBytes(c.fileBytes);
  return (
    `${n(c.orders)} work orders, ${n(c.users)} users, ` +
    `${n(c.files)} stored files (${bytes}: uploads, call recordings, CSV exports)`
  );
}

/** What a backup file holds, from its first bytes. */
export function formatOf(head: Buffer): 'pg_dump' | 'pglite' | 'unknown' {
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return 'unknown';
}

/** PGlite writes postmaster.pid while a process has the data directory open. */
export const PGLITE_OPEN_MARK = 'postmaster.pid';

export const pgliteOpenMessage = (dir: string) =>
  `the embedded database at ${dir} is open (${PGLITE_OPEN_MARK} is present): stop the server ` +
  `first. If no server is running (it stopped abruptly), delete ${join(dir, PGLITE_OPEN_MARK)} ` +
  `and try again.`;
