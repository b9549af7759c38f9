import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, must, newOrder, world, type World } from '../../support/lifecycle';
import { createTestApp } from '../../support/test-app';
import { listAll, ids } from '../reads-fixtures';
import { lookupOf, recentWeeks } from '../../../src/modules/work-orders/reads/search-sql';

/**
 * `order_search` (migration 036): the text an order is searched by, kept beside the order by
 * triggers — written at intake and when a text column changes, left alone by workflow actions.
 */

let w: World;

beforeAll(async () => {
  w = await world(await createTestApp({ orders: 40 }));
});
afterAll(async () => {
  await w?.t.close();
});

const db = () => w.t.ctx.db;

/** The order's search row and its row version (xmin changes with every write of the row). */
const searchRow = async (id: number) =>
  (
    await sql<{ search_text: string; call_time: Date; version: string }>`
      SELECT search_text, call_time, xmin::text AS version FROM order_search WHERE order_id = ${id}`.execute(
      db(),
    )
  ).rows[0];

const search = async (keyword: string) => ids(await listAll(w.t, w.tokens.dispatcher, { keyword }));

describe('order_search', () => {
  it('holds one row per order, equal to the text made from the order itself', async () => {
    const { rows } = await sql<{ orders: number; rows: number; wrong: number }>`
      SELECT (SELECT count(*)::int FROM work_orders) AS orders,
             (SELECT count(*)::int FROM order_search) AS rows,
             (SELECT count(*)::int FROM work_orders o
                LEFT JOIN order_search s ON s.order_id = o.id
               WHERE s.order_id IS NULL OR s.call_time <> o.call_time
                  OR s.search_text <> hotline_order_text(o.order_num, o.district_case_num,
                       o.title, o.major_content, o.caller_name, o.caller_phone, o.address)) AS wrong
    `.execute(db());
    expect(rows[0]!.orders).toBeGreaterThanOrEqual(40);
    expect(rows[0]).toMatchObject({ rows: rows[0]!.orders, wrong: 0 });
  });

  it('is written at intake: a new order is found by its title at once', async () => {
    const id = await newOrder(w.t, { title: '梧桐巷井盖松动' });
    const row = await searchRow(id);
    expect(row?.search_text).toContain('梧桐巷井盖松动');
    expect(await search('梧桐巷井盖')).toEqual([id]);
  });

  it('follows an edit of the text: the old title is no longer found, the new one is', async () => {
    const id = await newOrder(w.t, { title: '银杏路积水' });
    await must(
      act(w, 'dispatcher', 'handle/updateorderfield', { id, title: '银杏路东口积水严重' }),
    );
    expect((await searchRow(id))?.search_text).toContain('银杏路东口积水严重');
    expect(await search('东口积水')).toEqual([id]);
    expect(await search('银杏路积水')).toEqual([]);
  });

  it('is not rewritten by a workflow action or an edit of other fields', async () => {
    const id = await newOrder(w.t, { title: '樟树街噪音' });
    const before = await searchRow(id);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(act(w, 'dispatcher', 'updateOrderRemarks', { id, remarks: '夜间施工' }));
    const after = await searchRow(id);
    expect(after).toEqual(before);
  });

  it('goes with its order', async () => {
    const id = await newOrder(w.t, { title: '枫林苑电梯故障' });
    await db().deleteFrom('work_orders').where('id', '=', id).execute();
    expect(await searchRow(id)).toBeUndefined();
  });

  it('is searched through its index: the lookup carries the index expression', async () => {
    // The index compares keys under COLLATE "C" (migration 043); a lookup whose expression
    // differs (another collation) cannot use it. Sequential scans are priced out so that the
    // small table's plan shows whether the index can serve the lookup, week keys included.
    const plans = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const plan = async (lookup: ReturnType<typeof lookupOf>) => {
          const { rows } = await sql<{ 'QUERY PLAN': string }>`
            EXPLAIN SELECT order_id FROM order_search WHERE ${lookup}`.execute(trx);
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        };
        return [
          await plan(lookupOf({ keyword: '樟树街' })),
          await plan(lookupOf({ keyword: '樟树街', keys: ['樟树'] }, recentWeeks(new Date(), 5))),
        ];
      });
    for (const text of plans) expect(text).toMatch(/Bitmap Index Scan on order_search_keys_idx/);
  });
});
