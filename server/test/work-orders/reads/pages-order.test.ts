import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_IDS, type QueueContext } from '@hotline/domain';
import { listBody, type ListBody } from '@hotline/contract';
import type { Db } from '../../../src/context';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import { filterWhere, laterRangesOf } from '../../../src/modules/work-orders/reads/list-filters';
import { listWhere } from '../../../src/modules/work-orders/reads/list.service';
import { pageOrderIds } from '../../../src/modules/work-orders/reads/list.repository';
import type { SortKey } from '../../../src/modules/work-orders/reads/page-sort';
import { sortedPage } from '../../../src/modules/work-orders/reads/sorted-page';
import { queueWhere, type OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { callers, list, plainIds, unitIdOf, type Caller } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * A page read by `pageOrderIds` — per-value ranges merged, the rows with a deadline or dispatch
 * time before those without — or sorted and counted by `sortedPage` is exactly the page
 * of the plain statement it replaces:
 * `ORDER BY key DIR NULLS LAST, id DIR LIMIT … OFFSET …` over the same clauses. The data is
 * the demo's, with many orders moved onto the same call time, deadline and dispatch time
 * (ties are decided by id) and into the queues whose clause splits.
 */

let t: TestApp;
let db: Db;
let who: Record<DemoUsername, Caller>;
let now: Date;

const SORTS: readonly [SortKey, 'asc' | 'desc'][] = [
  ['call_time', 'desc'],
  ['call_time', 'asc'],
  ['deadline', 'desc'],
  ['deadline', 'asc'],
  ['dispatch_time', 'desc'],
  ['dispatch_time', 'asc'],
];
const API_SORT = { call_time: 'callTime', deadline: 'deadline', dispatch_time: 'dispatchTime' };

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  db = t.ctx.db;
  who = await callers(t);
  now = new Date();
  // Into the split queues: review (11, 12) and every call-back state, round robin.
  await sql`UPDATE work_orders SET status = CASE id % 2 WHEN 0 THEN 11 ELSE 12 END,
                                   main_org_status = 1
             WHERE status = 92 AND id % 7 = 1`.execute(db);
  await sql`UPDATE work_orders SET status = 91,
                                   huifang_state = (ARRAY[1, 2, 11, 12, 13])[id % 5 + 1]
             WHERE status = 92 AND id % 7 = 2`.execute(db);
  // Ties: a third of the orders share one of three call times, deadlines, dispatch times (the
  // rows without a deadline or dispatch time keep their NULL).
  for (const column of ['call_time', 'deadline', 'dispatch_time'] as const) {
    const { rows } = await sql<{ v: Date }>`
      SELECT ${sql.ref(column)} AS v FROM work_orders WHERE ${sql.ref(column)} IS NOT NULL
       ORDER BY id LIMIT 3`.execute(db);
    await sql`UPDATE work_orders SET ${sql.ref(column)} = (${rows.map((r) => r.v)}::timestamptz[])[id % 3 + 1]
               WHERE id % 3 = 0 AND ${sql.ref(column)} IS NOT NULL`.execute(db);
  }
  // Deadlines in the warning window of qu_yjyj and jd_yjyj for some of the orders in process.
  await sql`UPDATE work_orders SET deadline = ${new Date(now.getTime() + 3_600_000)}
             WHERE status = 1 AND main_org_status IN (0, 1) AND id % 4 = 0`.execute(db);
  // One category with its subcategories over many orders, the category itself on some.
  const root = await rootWithChildren();
  const { rows: tree } = await sql<{ id: number }>`
    SELECT id FROM problem_categories
     WHERE id = ${root} OR parent_id = ${root}
        OR parent_id IN (SELECT id FROM problem_categories WHERE parent_id = ${root})
     ORDER BY id`.execute(db);
  await sql`UPDATE work_orders SET category_id = (${tree.map((r) => r.id)}::int[])[id % ${tree.length} + 1]
             WHERE id % 2 = 0`.execute(db);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

async function rootWithChildren(): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    SELECT p.id FROM problem_categories p
     WHERE p.parent_id IS NULL
       AND (SELECT count(*) FROM problem_categories c WHERE c.parent_id = p.id) >= 2
     ORDER BY p.id LIMIT 1`.execute(db);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no category with subcategories');
  return id;
}

/** Every page of `size` (read as size + 1, like the service) equals the plain statement's. */
async function expectSamePages(where: readonly OrdersWhere[], size: number, label: string) {
  const total = await plainIds(db, where, 'call_time', 'desc', 100_000, 0);
  for (const [sort, direction] of SORTS) {
    for (let offset = 0; offset <= total.length; offset += size) {
      const page = { sort, direction, limit: size + 1, offset };
      const plain = await plainIds(db, where, sort, direction, size + 1, offset);
      expect(
        await pageOrderIds(db, where, page),
        `${label} ${sort} ${direction} @${offset}`,
      ).toEqual(plain);
      // A page may also sort the matches instead of walking the key's index (by call time
      // with a dispatch-time or deadline range, list.service's sortsRange; any sort when the
      // keyword is tested on a few rows, search-page.ts keywordPlan): the same rows.
      expect(
        await pageOrderIds(db, where, { ...page, sortMatches: true }),
        `${label} ${sort} ${direction} @${offset} sorted`,
      ).toEqual(plain);
      // Sorted and counted by one statement (a keyword's few matches, list.service's pageOf):
      // the same rows, and every match counted while a row carries the count.
      expect(
        await sortedPage(db, where, page, true),
        `${label} ${sort} ${direction} @${offset} counted`,
      ).toEqual({
        ids: plain,
        count: plain.length > 0 || offset === 0 ? total.length : undefined,
      });
    }
  }
  return total.length;
}

const types: OrdersWhere = (eb) => eb('work_orders.type_id', 'in', [...DEFAULT_TYPE_IDS]);
const body = (fields: Record<string, unknown>): ListBody => listBody.parse(fields);

describe('pages read by the sort key and per-value ranges equal the plain ORDER BY … LIMIT/OFFSET', () => {
  it('the queues whose IN splits into one range per value (or not), every sort, every page', async () => {
    const street1 = await unitIdOf(db, 'S01');
    const cases: [string, QueueContext][] = [
      ['qu_shz', { now, viewerUnitId: 0, viewerUserId: 0, overdueMode: '8hours', huifangMode: 0 }],
      ['hf_dhf', { now, viewerUnitId: 0, viewerUserId: 0, overdueMode: '8hours', huifangMode: 0 }],
      ['hf_dhf', { now, viewerUnitId: 0, viewerUserId: 0, overdueMode: '8hours', huifangMode: 1 }],
      ['hf_cf', { now, viewerUnitId: 0, viewerUserId: 0, overdueMode: '8hours', huifangMode: 0 }],
      ['qu_zdsq', { now, viewerUnitId: 0, viewerUserId: 0, overdueMode: '8hours', huifangMode: 0 }],
      ['qu_yjyj', { now, viewerUnitId: 0, viewerUserId: 0, overdueMode: '8hours', huifangMode: 0 }],
      ['qu_dfp', { now, viewerUnitId: 0, viewerUserId: 0, overdueMode: '8hours', huifangMode: 0 }],
      [
        'jd_yjyj',
        { now, viewerUnitId: street1, viewerUserId: 0, overdueMode: '8hours', huifangMode: 0 },
      ],
    ];
    for (const [queue, ctx] of cases) {
      const where = queueWhere(queue, ctx);
      // The warning-window queues are read as one deadline range, not split (queue-sql.ts).
      const split = !queue.endsWith('_yjyj');
      expect((where.alternatives?.length ?? 0) > 1, queue).toBe(split);
      const rows = await expectSamePages([types, where], 4, `${queue}/${ctx.huifangMode}`);
      // The merge must have something to merge.
      if (['qu_shz', 'hf_dhf', 'hf_cf', 'qu_yjyj'].includes(queue)) {
        expect(rows, queue).toBeGreaterThanOrEqual(8);
      }
    }
  }, 300_000);

  it('all orders sorted by deadline or dispatch time: pages across the NULLs, deep offsets', async () => {
    const withNull = await sql<{ d: number; p: number; n: number }>`
      SELECT count(*) FILTER (WHERE deadline IS NULL)::int AS d,
             count(*) FILTER (WHERE dispatch_time IS NULL)::int AS p, count(*)::int AS n
        FROM work_orders`.execute(db);
    const counts = withNull.rows[0];
    expect(counts?.d).toBeGreaterThan(10);
    expect(counts?.p).toBeGreaterThan(10);
    const total = await expectSamePages([types], 7, 'all');
    expect(total).toBeGreaterThan(250);
    // Pages past the end, and a page that starts deep inside the NULLs.
    for (const [sort, direction] of SORTS) {
      for (const offset of [total - 1, total, total + 5, (counts?.n ?? 0) - 12]) {
        const page = { sort, direction, limit: 11, offset };
        const plain = await plainIds(db, [types], sort, direction, 11, offset);
        expect(await pageOrderIds(db, [types], page), `${sort} ${direction} @${offset}`).toEqual(
          plain,
        );
        expect((await sortedPage(db, [types], page)).ids).toEqual(plain);
      }
    }
    // Counted with the page: no match is a count of 0 on the first page; past it, unknown.
    const none: OrdersWhere = (eb) => eb('work_orders.id', '<', 0);
    for (const [sort, direction] of SORTS) {
      const first = { sort, direction, limit: 11, offset: 0 };
      expect(await sortedPage(db, [types, none], first, true)).toEqual({ ids: [], count: 0 });
      expect(await sortedPage(db, [types, none], { ...first, offset: 11 }, true)).toEqual({
        ids: [],
        count: undefined,
      });
    }
  }, 300_000);

  it('filters: a category with its subcategories, one category, statuses, date ranges', async () => {
    const root = await rootWithChildren();
    const leaf = await sql<{ id: number; n: number }>`
      SELECT category_id AS id, count(*)::int AS n FROM work_orders
       WHERE category_id IN (SELECT id FROM problem_categories WHERE parent_id IS NOT NULL)
       GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`.execute(db);
    const bodies = [
      { categoryId: root },
      { categoryId: leaf.rows[0]?.id },
      { status: '11,12' },
      { status: '1,91', categoryId: root },
      { deadlineFrom: '2000-01-01', deadlineTo: '2100-01-01' },
      { dispatchTimeFrom: '2000-01-01', dispatchTimeTo: '2100-01-01', status: '0,1,92' },
      { callTimeFrom: '2000-01-01', callTimeTo: '2100-01-01' },
    ];
    for (const fields of bodies) {
      const where = await filterWhere(db, body(fields));
      const rows = await expectSamePages([types, ...where], 20, JSON.stringify(fields));
      expect(rows, JSON.stringify(fields)).toBeGreaterThanOrEqual(8);
    }
    // The dispatch-time and deadline bounds are known apart (list.service's sortsRange).
    const ranged = laterRangesOf(
      await filterWhere(
        db,
        body({
          callTimeFrom: '2025-12-01',
          deadlineFrom: '2026-01-01',
          deadlineTo: '2026-01-07',
          dispatchTimeFrom: '2025-12-20',
          dispatchTimeTo: '2026-02-01',
        }),
      ),
    );
    expect(ranged.clauses).toHaveLength(4);
    expect(ranged.since?.toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(ranged.until?.toISOString()).toBe('2026-01-07T16:00:00.000Z');
    expect(ranged.dueEnd).toBe(true);
    expect(laterRangesOf(await filterWhere(db, body({ callTimeFrom: '2025-12-01' })))).toEqual({
      clauses: [],
      since: null,
      until: null,
      dueEnd: false,
    });
    const rootWhere = await filterWhere(db, body({ categoryId: root }));
    expect(rootWhere[0]?.alternatives?.length ?? 0).toBeGreaterThan(2);
  }, 300_000);

  it('through the API: the pages of queues and filters as their users see them', async () => {
    const cases: [DemoUsername, Record<string, unknown>][] = [
      ['reviewer', { menuId: 'qu_shz' }],
      ['visitor', { menuId: 'hf_dhf' }],
      ['visitor', { menuId: 'hf_cf' }],
      ['dispatcher', { status: '11,12' }],
      ['street1', {}],
      ['admin', { categoryId: await rootWithChildren() }],
    ];
    for (const [user, fields] of cases) {
      const caller = who[user];
      const reader = await readerFor(t.ctx, caller.auth);
      const where = await listWhere(t.ctx, reader, body(fields));
      for (const [sort, direction] of SORTS) {
        for (const pageNo of [1, 2, 3]) {
          const request = {
            ...fields,
            sort: API_SORT[sort],
            sortOrder: direction,
            pageNo,
            pageSize: 10,
          };
          const r = await list(t, caller.token, request);
          expect(r.code, JSON.stringify(request)).toBe(200);
          const expected = await plainIds(db, where, sort, direction, 11, (pageNo - 1) * 10);
          expect(
            [r.data.list.map((o) => o.id), r.data.hasMore],
            `${user} ${JSON.stringify(request)}`,
          ).toEqual([expected.slice(0, 10), expected.length > 10]);
        }
      }
    }
  }, 300_000);
});
