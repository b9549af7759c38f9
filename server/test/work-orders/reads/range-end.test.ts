import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_IDS } from '@hotline/domain';
import { listBody } from '@hotline/contract';
import type { Db } from '../../../src/context';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import {
  dateBound,
  filterWhere,
  fromRangeEnd,
  laterRangesOf,
} from '../../../src/modules/work-orders/reads/list-filters';
import { listWhere } from '../../../src/modules/work-orders/reads/list.service';
import { pageOrderIds } from '../../../src/modules/work-orders/reads/list.repository';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import { callers, list, type Caller } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * A newest-first page of a dispatch-time or deadline range starts at the range's end
 * (list-filters.ts `fromRangeEnd`): an order is called before it is dispatched or due. Orders
 * that break that rule — here moved to a call time after their dispatch time or deadline, as a
 * city order with the city's clock can be — are read through the partial index of migration
 * 038, so every page equals the plain ORDER BY call_time DESC over the same filters.
 */

let t: TestApp;
let db: Db;
let dispatcher: Caller;
let now: Date;
const DAY = 86_400_000;

/** China-time date of `at`. */
const chinaDate = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A range of dates from the oldest value of `column` to its median, so half the orders match. */
async function rangeOf(column: 'dispatch_time' | 'deadline') {
  const { rows } = await sql<{ lo: Date; mid: Date }>`
    SELECT min(${sql.ref(column)}) AS lo,
           percentile_disc(0.5) WITHIN GROUP (ORDER BY ${sql.ref(column)}) AS mid
      FROM work_orders WHERE ${sql.ref(column)} IS NOT NULL`.execute(db);
  const r = rows[0]!;
  // the range must end over a day ago: else the page walks from the newest call as before
  const end = new Date(Math.min(r.mid.getTime(), now.getTime() - 3 * DAY));
  return { from: chinaDate(r.lo), to: chinaDate(end) };
}

let dispatchRange: { from: string; to: string };
let deadlineRange: { from: string; to: string };
/** Orders moved to break the rule, called after the end of the range they match. */
let odd: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  db = t.ctx.db;
  dispatcher = (await callers(t)).dispatcher;
  now = new Date();
  // Dispatch times and deadlines spread over the last 60 days, call times before them.
  await sql`UPDATE work_orders
               SET dispatch_time = now() - (id % 60) * interval '1 day',
                   deadline = now() - (id % 60) * interval '1 day' + interval '3 days',
                   call_time = now() - (id % 60) * interval '1 day' - interval '2 hours'
             WHERE dispatch_time IS NOT NULL`.execute(db);
  dispatchRange = await rangeOf('dispatch_time');
  deadlineRange = await rangeOf('deadline');
  const dispatchEnd = dateBound(dispatchRange.to, 'to').at;
  const deadlineEnd = dateBound(deadlineRange.to, 'to').at;
  // Three orders dispatched inside the range but "called" two days after its end, two due
  // inside the deadline range and called after it.
  const moved = await sql<{ id: number }>`
    UPDATE work_orders SET call_time = ${new Date(dispatchEnd.getTime() + 2 * DAY)}
     WHERE id IN (SELECT id FROM work_orders
                   WHERE type_id = ANY(${[...DEFAULT_TYPE_IDS]})
                     AND dispatch_time >= ${dateBound(dispatchRange.from, 'from').at}
                     AND dispatch_time < ${new Date(dispatchEnd.getTime() - DAY)}
                   ORDER BY id LIMIT 3)
    RETURNING id`.execute(db);
  const late = await sql<{ id: number }>`
    UPDATE work_orders SET deadline = ${new Date(deadlineEnd.getTime() - DAY)},
                           call_time = ${new Date(deadlineEnd.getTime() + DAY)}
     WHERE id IN (SELECT id FROM work_orders
                   WHERE type_id = ANY(${[...DEFAULT_TYPE_IDS]}) AND deadline IS NOT NULL
                   ORDER BY id DESC LIMIT 2)
    RETURNING id`.execute(db);
  odd = [...moved.rows, ...late.rows].map((r) => r.id);
  expect(odd).toHaveLength(5);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const types: OrdersWhere = (eb) => eb('work_orders.type_id', 'in', [...DEFAULT_TYPE_IDS]);

async function plainIds(where: readonly OrdersWhere[], limit: number, offset: number) {
  let query = db.selectFrom('work_orders').select('work_orders.id');
  for (const w of where) query = query.where(w);
  const rows = await query
    .orderBy('work_orders.call_time', 'desc')
    .orderBy('work_orders.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

describe('a page of a dispatch-time or deadline range read from the range end', () => {
  it('every page equals the plain statement, the orders called after the range included', async () => {
    // each body, and how many of its matches were called after its range's end (at least)
    const bodies: [Record<string, string>, number][] = [
      [{ dispatchTimeFrom: dispatchRange.from, dispatchTimeTo: dispatchRange.to }, 3],
      [{ deadlineFrom: deadlineRange.from, deadlineTo: deadlineRange.to }, 2],
      [{ dispatchTimeTo: dispatchRange.to }, 3],
      [{ deadlineTo: deadlineRange.to, dispatchTimeTo: dispatchRange.to }, 0],
    ];
    for (const [fields, calledAfter] of bodies) {
      const label = JSON.stringify(fields);
      const where = [types, ...(await filterWhere(db, listBody.parse(fields)))];
      const fromEnd = fromRangeEnd(where, now);
      expect(fromEnd, label).not.toBeNull();
      const all = await plainIds(where, 100_000, 0);
      expect(all.length, label).toBeGreaterThanOrEqual(20);
      const until = laterRangesOf(where).until!;
      const after = await sql<{ id: number }>`
        SELECT id FROM work_orders WHERE id = ANY(${all}) AND call_time > ${until}`.execute(db);
      expect(after.rows.length, label).toBeGreaterThanOrEqual(calledAfter);
      expect(
        after.rows.every((r) => odd.includes(r.id)),
        label,
      ).toBe(true);
      for (let offset = 0; offset <= all.length; offset += 7) {
        expect(
          await pageOrderIds(db, fromEnd!, {
            sort: 'call_time',
            direction: 'desc',
            limit: 8,
            offset,
          }),
          `${label} @${offset}`,
        ).toEqual(all.slice(offset, offset + 8));
      }
    }
  }, 300_000);

  it('not used without a range end over a day ago, nor beside a clause read in parts', async () => {
    const where = async (fields: Record<string, unknown>) => [
      types,
      ...(await filterWhere(db, listBody.parse(fields))),
    ];
    expect(fromRangeEnd(await where({}), now)).toBeNull();
    expect(fromRangeEnd(await where({ dispatchTimeFrom: dispatchRange.from }), now)).toBeNull();
    expect(fromRangeEnd(await where({ callTimeTo: dispatchRange.to }), now)).toBeNull();
    expect(fromRangeEnd(await where({ deadlineTo: chinaDate(now) }), now)).toBeNull();
    expect(
      fromRangeEnd(await where({ dispatchTimeTo: dispatchRange.to, status: '0,1,92' }), now),
    ).toBeNull();
  });

  it('through the API: the dispatcher pages of both ranges, sorted by call time newest first', async () => {
    const reader = await readerFor(t.ctx, dispatcher.auth);
    for (const fields of [
      { dispatchTimeFrom: dispatchRange.from, dispatchTimeTo: dispatchRange.to },
      { deadlineFrom: deadlineRange.from, deadlineTo: deadlineRange.to },
    ]) {
      const where = await listWhere(t.ctx, reader, listBody.parse(fields));
      for (const pageNo of [1, 2, 3]) {
        const request = { ...fields, pageNo, pageSize: 10 };
        const r = await list(t, dispatcher.token, request);
        expect(r.code, JSON.stringify(request)).toBe(200);
        const expected = await plainIds(where, 11, (pageNo - 1) * 10);
        expect([r.data.list.map((o) => o.id), r.data.hasMore], JSON.stringify(request)).toEqual([
          expected.slice(0, 10),
          expected.length > 10,
        ]);
      }
    }
  }, 300_000);
});
