import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect';
import {
  executeArrayRows,
  executePrepared,
  fixedQuery,
  prepareText,
  preparedName,
  rowObjects,
} from '../../src/db/prepared';
import { post } from '../support/api';
import { createTestApp, TEST_DB, type TestApp } from '../support/test-app';

/**
 * The hot fixed statements (session check, list hydration) go to PostgreSQL as named prepared
 * statements, planned once per connection; a fixed query built once runs with each call's own
 * arguments.
 */

let t: TestApp;
let dispatcher: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 30 });
  dispatcher = await t.login('dispatcher');
});
afterAll(async () => {
  await t?.close();
});

/** The statements prepared on one pooled connection (the one the next statement gets). */
async function preparedOnConnection(): Promise<string[]> {
  const r = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(t.ctx.db);
  return r.rows.map((x) => x.name);
}

describe('prepared statements', () => {
  it('a list request prepares the session check and the hydration, and answers the same rows', async () => {
    const page = (pageNo: number) =>
      post<{ list: { id: number }[]; total: number }>(
        t,
        '/api/addons/jsjb/lists/search',
        { pageNo, pageSize: 10 },
        { token: dispatcher },
      );
    // several calls, so every pooled connection has served one
    const first = await page(1);
    expect(first.code).toBe(200);
    for (let i = 0; i < 12; i++) await page(1);
    const again = await page(1);
    expect(again.data.list.map((o) => o.id)).toEqual(first.data.list.map((o) => o.id));
    const second = await page(2);
    const firstIds = new Set(first.data.list.map((o) => o.id));
    expect(second.data.list.length).toBeGreaterThan(0);
    expect(second.data.list.some((o) => firstIds.has(o.id))).toBe(false);

    const names = await preparedOnConnection();
    expect(names.filter((n) => n.startsWith('hl_')).length).toBeGreaterThanOrEqual(2);
  });

  it('a fixed query takes each call’s arguments in the places of its stand-ins', async () => {
    const byIds = fixedQuery(
      (db, ids: number[], after: Date) =>
        db
          .selectFrom('work_orders')
          .select(['id'])
          .where(sql<boolean>`id = ANY(${ids}::int8[])`)
          .where('created_at', '>', after)
          .orderBy('id'),
      [[], new Date(0)],
    );
    const all = await t.ctx.db.selectFrom('work_orders').select('id').orderBy('id').execute();
    const ids = all.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(4);
    const a = await byIds(t.ctx.db, ids.slice(0, 2), new Date(0));
    const b = await byIds(t.ctx.db, ids.slice(2, 5), new Date(0));
    expect(a.map((r) => r.id)).toEqual(ids.slice(0, 2));
    expect(b.map((r) => r.id)).toEqual(ids.slice(2, 5));
    expect(await byIds(t.ctx.db, ids, new Date(Date.now() + 86_400_000))).toEqual([]);
  });

  it('refuses a stand-in that is not a parameter; names follow the text', async () => {
    const broken = fixedQuery(
      (db, _ids: number[]) => db.selectFrom('work_orders').select('id').limit(1),
      [[]],
    );
    await expect(broken(t.ctx.db, [1])).rejects.toThrow(/stand-in/);
    const name = prepareText('SELECT 1 AS one');
    expect(name).toMatch(/^hl_[0-9a-f]{24}$/);
    expect(preparedName('SELECT 1 AS one')).toBe(name);
    expect(preparedName('SELECT 2 AS two')).toBeUndefined();
    const r = await sql<{ one: number }>`SELECT 1 AS one`.execute(t.ctx.db);
    expect(r.rows[0]?.one).toBe(1);
    expect(await preparedOnConnection()).toContain(name);
  });

  it('a new connection after an idle one was dropped prepares again (PGlite keeps one session)', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const handle = await openDatabase(
      TEST_DB === 'postgres' && url
        ? { kind: 'postgres', url, idleTimeoutMillis: 50 }
        : { kind: 'pglite', idleTimeoutMillis: 50 },
    );
    try {
      const run = (n: number) =>
        executePrepared(handle.db, sql<{ v: number }>`SELECT ${n}::int + 1 AS v`);
      expect(await run(1)).toEqual([{ v: 2 }]);
      // the pool drops its idle connection; the next query comes on a new one
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await run(2)).toEqual([{ v: 3 }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await run(3)).toEqual([{ v: 4 }]);
    } finally {
      await handle.close();
    }
  });

  it('rows as arrays, in the select list’s order, and plain objects made from them', async () => {
    const query = t.ctx.db
      .selectFrom('work_orders')
      .select(['id', 'order_num', 'status', 'call_time'])
      .orderBy('id')
      .limit(3)
      .compile();
    const arrays = await executeArrayRows(t.ctx.db, query);
    const objects = (await t.ctx.db.executeQuery(query)).rows as Record<string, unknown>[];
    expect(arrays).toHaveLength(3);
    expect(arrays.every(Array.isArray)).toBe(true);
    const make = rowObjects<Record<string, unknown>>(['id', 'order_num', 'status', 'call_time']);
    const made = arrays.map(make);
    expect(made).toEqual(objects);
    expect(Object.keys(made[0]!)).toEqual(['id', 'order_num', 'status', 'call_time']);
    // a column name that is no identifier is still a key
    expect(rowObjects<Record<string, unknown>>(['a b', "it's"])([1, 2])).toEqual({
      'a b': 1,
      "it's": 2,
    });
    // the same statement without the marker still answers objects
    expect(Array.isArray((await t.ctx.db.executeQuery(query)).rows[0])).toBe(false);
  });
});
