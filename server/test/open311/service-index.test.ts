import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema';
import { requestsQuery } from '../../src/modules/open311/open311.repository';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * `requests.json?service_code=…` reads the service's own requests in page order (migration
 * 048), not the whole window tested request by request. The plan of the statement the endpoint
 * runs, with the table's other indexes dropped in a rolled-back transaction: on a test database
 * of a few requests any index would do, and the question is whether this one answers alone.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: 1 });
});
afterAll(async () => {
  await t?.close();
});

class RolledBack extends Error {}

async function planOf(filter: Parameters<typeof requestsQuery>[1]): Promise<string> {
  let text = '';
  await t.ctx.db
    .transaction()
    .execute(async (trx: Transaction<Database>) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows: others } = await sql<{ name: string }>`
        SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
         WHERE x.indrelid = 'open311_requests'::regclass
           AND i.relname <> 'open311_requests_service_idx'
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`.execute(trx);
      for (const r of others) await sql`DROP INDEX ${sql.ref(r.name)}`.execute(trx);
      const compiled = requestsQuery(trx, filter).compile();
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
        ...compiled,
        sql: `EXPLAIN ${compiled.sql}`,
      });
      text = rows.map((r) => r['QUERY PLAN']).join('\n');
      throw new RolledBack();
    })
    .catch((e: unknown) => {
      if (!(e instanceof RolledBack)) throw e;
    });
  return text;
}

const window = { from: new Date('2026-08-27T00:00:00Z'), to: new Date('2026-11-25T00:00:00Z') };

describe('Open311 requests of one service', () => {
  for (const open of [null, true, false]) {
    it(`are read by the service's index (status ${open ?? 'any'})`, async () => {
      const plan = await planOf({
        orderNums: null,
        serviceCodes: ['C010101'],
        open,
        ...window,
        limit: 1000,
      });
      expect(plan).toMatch(/Index (Only )?Scan (Backward )?using open311_requests_service_idx/);
      expect(plan).toMatch(/Index Cond: \(.*service_code = 'C010101'/);
    });
  }
});
