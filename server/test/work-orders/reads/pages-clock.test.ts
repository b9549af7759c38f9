import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_IDS } from '@hotline/domain';
import { listBody, type ListBody } from '@hotline/contract';
import type { Db } from '../../../src/context';
import { walkedIds } from '../../../src/modules/work-orders/reads/clock-walk';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import { filterWhere, withDueDays } from '../../../src/modules/work-orders/reads/list-filters';
import { listWhere } from '../../../src/modules/work-orders/reads/list.service';
import { pageOrderIds } from '../../../src/modules/work-orders/reads/list.repository';
import { queueWhere, type OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { callers, list, plainIds, unitIdOf, type Caller } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Pages by call time read another way than one index range, against the plain statement
 * (`ORDER BY call_time … , id … LIMIT … OFFSET …` over the same clauses): the warning-window
 * queues walked newest first (clock-walk.ts), and a few days of deadlines read day by day
 * (list-filters.ts `withDueDays`). The demo's orders, with some in process moved into the
 * warning window and some due at the edges of China-time days.
 */

let t: TestApp;
let db: Db;
let who: Record<DemoUsername, Caller>;
let now: Date;

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  db = t.ctx.db;
  who = await callers(t);
  now = new Date();
  // Deadlines in the warning window of qu_yjyj and jd_yjyj for some of the orders in process.
  await sql`UPDATE work_orders SET deadline = ${new Date(now.getTime() + 3_600_000)}
             WHERE status = 1 AND main_org_status IN (0, 1) AND id % 4 = 0`.execute(db);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const types: OrdersWhere = (eb) => eb('work_orders.type_id', 'in', [...DEFAULT_TYPE_IDS]);
const body = (fields: Record<string, unknown>): ListBody => listBody.parse(fields);

describe('pages by call time walked or read day by day equal the plain ORDER BY … LIMIT/OFFSET', () => {
  it('the warning-window queues walked by call time: the page, or null when the walk falls short', async () => {
    const street1 = await unitIdOf(db, 'S01');
    const base = { now, viewerUserId: 0, overdueMode: '8hours', huifangMode: 0 } as const;
    const outcomes = { page: 0, short: 0 };
    for (const [queue, viewerUnitId] of [
      ['qu_yjyj', 0],
      ['jd_yjyj', street1],
    ] as const) {
      const where = queueWhere(queue, { ...base, viewerUnitId });
      const walk = where.walk;
      if (!walk) throw new Error(`${queue} offers no walk`);
      // The rest of the queue is split like any queue; the walk reads its parts merged.
      expect(walk.rest.alternatives?.length, queue).toBe(2);
      const total = (await plainIds(db, [types, where], 'call_time', 'desc', 100_000, 0)).length;
      expect(total, queue).toBeGreaterThanOrEqual(queue === 'qu_yjyj' ? 8 : 4);
      for (const direction of ['desc', 'asc'] as const) {
        for (const rows of [3, 12, 40, 2000]) {
          for (let offset = 0; offset <= total; offset += 3) {
            const slice = { direction, limit: 4, offset };
            const ids = await walkedIds(db, [types], walk, slice, rows);
            const label = `${queue} ${direction} rows ${rows} @${offset}`;
            if (ids === null) {
              outcomes.short++;
              continue;
            }
            outcomes.page++;
            expect(ids, label).toEqual(
              await plainIds(db, [types, where], 'call_time', direction, 4, offset),
            );
          }
        }
      }
    }
    // Both ways were taken: pages found by the walk, and walks that fell short.
    expect(outcomes.page).toBeGreaterThan(10);
    expect(outcomes.short).toBeGreaterThan(10);
  }, 300_000);

  it("a few days of deadlines read day by day (withDueDays): the plain pages, at the days' edges", async () => {
    // The day with the most deadlines (China time), and orders due at its edges and its
    // neighbours': 00:00 belongs to the day it starts, the millisecond before to the one before.
    const busiest = await sql<{ day: string }>`
      SELECT to_char((deadline AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS day
        FROM work_orders WHERE deadline IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`.execute(
      db,
    );
    const day = busiest.rows[0]?.day;
    if (!day) throw new Error('no deadlines');
    const start = (offset: number) =>
      new Date(Date.parse(`${day}T00:00:00+08:00`) + offset * 86_400_000);
    const edges: [number, Date][] = [
      [3, start(0)],
      [4, new Date(start(1).getTime() - 1)],
      [5, start(1)],
      [6, new Date(start(0).getTime() - 1)],
      [7, start(-3)],
      [8, new Date(start(4).getTime() - 1)],
    ];
    for (const [rest, at] of edges) {
      await sql`UPDATE work_orders SET deadline = ${at} WHERE id % 13 = ${rest}`.execute(db);
    }
    const date = (offset: number) =>
      new Date(start(offset).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const ranges: [number, number, number | null][] = [
      [0, 0, 1],
      [-3, 3, 7],
      [-1, 0, 2],
      [-15, 15, 31],
      [-16, 15, null],
    ];
    for (const [from, to, days] of ranges) {
      const fields = { deadlineFrom: date(from), deadlineTo: date(to) };
      const label = JSON.stringify(fields);
      const where = [types, ...(await filterWhere(db, body(fields)))];
      const split = withDueDays(where, body(fields));
      if (days === null) {
        expect(split, label).toBeNull();
        continue;
      }
      if (!split) throw new Error(`${label}: not read day by day`);
      // The deadline's two bounds are replaced by one clause, in parts when several days.
      expect(split).toHaveLength(where.length - 1);
      expect(split.at(-1)?.alternatives?.length ?? 1, label).toBe(days);
      const total = await plainIds(db, where, 'call_time', 'desc', 100_000, 0);
      expect(total.length, label).toBeGreaterThanOrEqual(days === 1 ? 4 : 8);
      for (const direction of ['desc', 'asc'] as const) {
        for (let offset = 0; offset <= total.length; offset += 3) {
          const page = { sort: 'call_time', direction, limit: 4, offset } as const;
          expect(await pageOrderIds(db, split, page), `${label} ${direction} @${offset}`).toEqual(
            await plainIds(db, where, 'call_time', direction, 4, offset),
          );
        }
      }
    }
    // Date-times, not whole days, and other sorts keep the bounds (no split).
    expect(
      withDueDays([types], body({ deadlineFrom: `${date(0)} 08:00:00`, deadlineTo: date(1) })),
    ).toBeNull();
    expect(withDueDays([types], body({ deadlineFrom: date(0) }))).toBeNull();
    // Through the API, newest and oldest first: the dispatcher's pages as the plain statement's.
    const caller = who.dispatcher;
    const reader = await readerFor(t.ctx, caller.auth);
    const fields = { deadlineFrom: date(-3), deadlineTo: date(3) };
    const where = await listWhere(t.ctx, reader, body(fields));
    for (const direction of ['desc', 'asc'] as const) {
      for (const pageNo of [1, 2, 3]) {
        const request = { ...fields, sortOrder: direction, pageNo, pageSize: 10, isAmount: 1 };
        const r = await list(t, caller.token, request);
        expect(r.code, `${JSON.stringify(request)} ${r.msg}`).toBe(200);
        const expected = await plainIds(db, where, 'call_time', direction, 11, (pageNo - 1) * 10);
        expect([r.data.list.map((o) => o.id), r.data.hasMore]).toEqual([
          expected.slice(0, 10),
          expected.length > 10,
        ]);
        expect(r.data.totalCount).toBe(
          (await plainIds(db, where, 'call_time', 'desc', 100_000, 0)).length,
        );
      }
    }
  }, 300_000);
});
