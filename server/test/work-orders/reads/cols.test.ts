import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { JSJB, callers, type Caller } from '../reads-fixtures';
import { post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Table preferences with the table look (cols/setCols `table`), and the category tree. */

let t: TestApp;
let who: Record<DemoUsername, Caller>;

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
  who = await callers(t);
});
afterAll(async () => {
  await t?.close();
});

const cols = [
  { key: 'orderNum', visible: true, width: 160 },
  { key: 'title', visible: false },
];

describe('cols/setCols with the table look', () => {
  it('stores stripe, border and line height with the columns and reads them back', async () => {
    const table = { stripe: false, border: true, lineHeight: 'small' };
    const set = await post<{ table: unknown }>(
      t,
      `${JSJB}/cols/setCols`,
      { key: 'orderList:qu_dqs', cols, table },
      { token: who.dispatcher.token },
    );
    expect([set.code, set.data.table]).toEqual([200, table]);
    const got = await post<{ key: string; cols: unknown; table: unknown }>(
      t,
      `${JSJB}/cols/getCols`,
      { key: 'orderList:qu_dqs' },
      { token: who.dispatcher.token },
    );
    expect(got.data).toEqual({ key: 'orderList:qu_dqs', cols, table });
    // another user does not see them
    const other = await post<{ cols: unknown; table?: unknown }>(
      t,
      `${JSJB}/cols/getCols`,
      { key: 'orderList:qu_dqs' },
      { token: who.reviewer.token },
    );
    expect([other.data.cols, other.data.table]).toEqual([null, undefined]);
  });

  it('a later save without a table look drops the old one (a save replaces)', async () => {
    await post(
      t,
      `${JSJB}/cols/setCols`,
      { key: 'orderList:qu_blz', cols, table: { stripe: true } },
      { token: who.dispatcher.token },
    );
    await post(
      t,
      `${JSJB}/cols/setCols`,
      { key: 'orderList:qu_blz', cols },
      { token: who.dispatcher.token },
    );
    const got = await post<{ cols: unknown; table?: unknown }>(
      t,
      `${JSJB}/cols/getCols`,
      { key: 'orderList:qu_blz' },
      { token: who.dispatcher.token },
    );
    expect(got.data.cols).toEqual(cols);
    expect(got.data.table).toBeUndefined();
  });

  it('reads rows stored before the table look existed (a bare column array)', async () => {
    await t.ctx.db
      .insertInto('user_prefs')
      .values({
        user_id: who.reviewer.auth.userId,
        key: 'cols:old.list',
        value: JSON.stringify(cols),
        updated_at: sql<Date>`now()`,
      })
      .execute();
    const got = await post<{ cols: unknown; table?: unknown }>(
      t,
      `${JSJB}/cols/getCols`,
      { key: 'old.list' },
      { token: who.reviewer.token },
    );
    expect([got.data.cols, got.data.table]).toEqual([cols, undefined]);
  });

  it.each([
    [{ stripe: 'yes' }, 'table.stripe'],
    [{ lineHeight: 'huge' }, 'table.lineHeight'],
    ['striped', 'table'],
  ])('refuses a bad table look %j with 400 naming %s', async (table, field) => {
    const r = await post(
      t,
      `${JSJB}/cols/setCols`,
      { key: 'orderList:x', cols, table },
      { token: who.dispatcher.token },
    );
    expect(r.code).toBe(400);
    expect(r.msg).toContain(field);
  });
});

describe('lists/categoryTree', () => {
  it('answers the three-level tree to any signed-in user, in order', async () => {
    const r = await post<{
      list: {
        name: string;
        level: number;
        children: { level: number; children: { level: number; id: number }[] }[];
      }[];
    }>(t, `${JSJB}/lists/categoryTree`, {}, { token: who.street1.token });
    expect(r.code).toBe(200);
    expect(r.data.list[0]?.name).toBe('城乡建设');
    const levels = new Set<string>();
    let leaves = 0;
    for (const a of r.data.list)
      for (const b of a.children)
        for (const c of b.children) {
          levels.add(`${a.level}${b.level}${c.level}`);
          leaves += 1;
        }
    expect([...levels]).toEqual(['123']);
    const count = await t.ctx.db
      .selectFrom('problem_categories')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('level', '=', 3)
      .executeTakeFirstOrThrow();
    expect(leaves).toBe(Number(count.n));
  });

  it('refuses a caller without a session', async () => {
    const r = await post(t, `${JSJB}/lists/categoryTree`, {});
    expect(r.code).toBe(401);
  });
});
