import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../../server/src/app';
// Its type parsers (bigint ids as numbers) are what the application expects; its session settings
// (no JIT, no parallel workers) are the server's.
import { SESSION_OPTIONS } from '../../../server/src/db/connect';
import { preparedName } from '../../../server/src/db/prepared';
import type { AppBase } from '../../../server/src/context';
import type { Database } from '../../../server/src/db/schema';
import { SimulatedSmsProvider } from '../../../server/src/modules/auth/sms-provider';
import { loadSettings, testSettings } from '../../../server/src/settings';
import { DEMO_PASSWORD } from './server';

/**
 * The SQL an API request runs: the same application, in-process, on a database handle that
 * records every statement. Replaying exactly those statements straight to PostgreSQL is the
 * floor the API is compared with.
 */
export interface Statement {
  sql: string;
  parameters: readonly unknown[];
  /** Set when the server sends it as a named prepared statement (server/src/db/prepared.ts). */
  name?: string;
}

export interface Capturer {
  /** The statements one request ran (login excluded). */
  capture(
    username: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Statement[]>;
  close(): Promise<void>;
}

export async function openCapturer(databaseUrl: string): Promise<Capturer> {
  let recording: Statement[] | null = null;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: SESSION_OPTIONS });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log(event) {
      if (recording && event.level === 'query') {
        const name = preparedName(event.query.sql);
        recording.push({
          sql: event.query.sql,
          parameters: event.query.parameters,
          ...(name ? { name } : {}),
        });
      }
    },
  });
  const base: AppBase = {
    db,
    // As the measured server runs (bench/src/lib/server.ts sets no CONFIG_CACHE_MS): with the
    // per-node configuration cache, so the floor holds exactly the statements a warm request runs.
    settings: testSettings({ configCacheMs: loadSettings({}).configCacheMs }),
    sms: new SimulatedSmsProvider(),
    now: () => new Date(),
  };
  const { app } = await buildApp(base);
  await app.ready();
  const tokens = new Map<string, string>();
  const tokenOf = async (username: string, fresh = false): Promise<string> => {
    const known = tokens.get(username);
    if (known && !fresh) return known;
    const r = await app.inject({
      method: 'POST',
      url: '/api/login/password',
      payload: { username, password: DEMO_PASSWORD },
    });
    const token = (r.json() as { data: { token: string } }).data.token;
    tokens.set(username, token);
    return token;
  };
  return {
    async capture(username, method, path, body) {
      let token = await tokenOf(username);
      const send = () =>
        app.inject({
          method,
          url: `/api${path}`,
          headers: { authorization: `Bearer ${token}` },
          ...(body === undefined ? {} : { payload: body as object }),
        });
      // Warms the per-node caches, as the measured server's are warm. A long run (half an hour
      // at 10M) outlives a session: 402 is an expired token, and a new one is asked for.
      if ((await send()).json<{ code: number }>().code === 402) {
        token = await tokenOf(username, true);
        await send();
      }
      recording = [];
      const r = await send();
      const statements = recording;
      recording = null;
      const code = (r.json() as { code: number }).code;
      if (code !== 200) throw new Error(`capture ${path}: code ${code} ${r.body.slice(0, 200)}`);
      return statements;
    },
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/**
 * Runs the captured statements in order on one connection, as the floor of a request: the
 * server's prepared statements as the same named statements (like for like), or with `plain`
 * every one unnamed, parsed and planned on each call, as psql would send them.
 */
export async function replay(
  client: pg.ClientBase,
  statements: readonly Statement[],
  plain = false,
): Promise<void> {
  for (const s of statements) {
    const values = s.parameters as unknown[];
    if (s.name && !plain) await client.query({ name: s.name, text: s.sql, values });
    else await client.query(s.sql, values);
  }
}
