import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect';
import { migrate } from '../../src/db/migrate';
import { SimulatedSmsProvider } from '../../src/modules/auth/sms-provider';
import { testSettings } from '../../src/settings';
import { get } from '../support/api';
import { TEST_DB } from '../support/test-app';
import { ready, readyUntil } from './ready';

/**
 * Readiness when the database goes away under a running node: on PostgreSQL its database is
 * dropped (its connections terminated), on PGlite the handle is closed. Liveness stays 200.
 */

interface Node {
  app: FastifyInstance;
  /** Takes the database away; the app keeps running. */
  loseDatabase(): Promise<void>;
  close(): Promise<void>;
}

async function nodeOnOwnDatabase(): Promise<Node> {
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `hotline_test_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await admin(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    handle = await openDatabase({ kind: 'pglite' });
  }
  await migrate(handle.db);
  const base = {
    db: handle.db,
    settings: testSettings(),
    sms: new SimulatedSmsProvider(),
    now: () => new Date(),
  };
  const { app } = await buildApp(base);
  await app.ready();
  let closed = false;
  return {
    app,
    async loseDatabase() {
      if (TEST_DB === 'postgres') await drop();
      else {
        closed = true;
        await handle.close();
      }
    },
    async close() {
      await app.close();
      if (!closed) await handle.close();
      await drop();
    },
  };
}

let node: Node;
beforeAll(async () => {
  node = await nodeOnOwnDatabase();
});
afterAll(async () => {
  await node?.close();
});

describe('the database goes away', () => {
  it('is ready while the database answers', async () => {
    const reply = await ready(node.app);
    expect([reply.status, reply.data.database]).toEqual([200, 'ok']);
  });

  it('answers 503 naming the database, and stays live', async () => {
    await node.loseDatabase();
    const reply = await readyUntil(node.app, (r) => r.status === 503);
    expect([reply.status, reply.code]).toEqual([503, 503]);
    expect(reply.msg).toBe('service unavailable: database, migrations');
    expect(reply.data.database).toMatch(/^error: /);
    expect(reply.data.migrations).toBe('error: not checked (database unavailable)');
    expect(reply.data.redis).toBe('not configured');

    const live = await get(node.app, '/api/health/live');
    expect([live.status, live.code]).toEqual([200, 200]);
  });
});
