import pg from 'pg';

/** The benchmark database: DATABASE_URL, or a database of its own on the local server. */
export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/hotline_bench';

export function benchUrl(): string {
  return process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
}

function maintenanceUrl(url: string): { admin: string; name: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unsupported database name "${name}"`);
  u.pathname = '/postgres';
  return { admin: u.toString(), name };
}

/** Creates the database (UTF-8 ctype: trigrams of Chinese text need it); drops it first if asked. */
export async function ensureDatabase(url: string, reset: boolean): Promise<'created' | 'exists'> {
  const { admin, name } = maintenanceUrl(url);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    if (reset) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return 'exists';
    await client.query(
      `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
    return 'created';
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const { admin, name } = maintenanceUrl(url);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
