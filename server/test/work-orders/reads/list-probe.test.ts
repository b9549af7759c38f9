import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBody } from '@hotline/contract';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import { listWhere } from '../../../src/modules/work-orders/reads/list.service';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import { listProbe } from '../../../src/modules/work-orders/reads/probe-sql';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { callers, type Caller } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The list probe (search-sql.ts `listProbe`) reads a list in disjoint parts (a queue's
 * `alternatives`) part by part, merged: the same matches, read count and last call time as
 * when the list is one clause — with call times tied across parts and across the probe's edge.
 */

let t: TestApp;
let who: Record<DemoUsername, Caller>;

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  who = await callers(t);
  // Ties: the 40 newest orders share one call time, as do 30 from the middle of history.
  await sql`UPDATE work_orders SET call_time = (SELECT max(call_time) FROM work_orders)
             WHERE id IN (SELECT id FROM work_orders ORDER BY call_time DESC, id DESC LIMIT 40)`.execute(
    t.ctx.db,
  );
  await sql`UPDATE work_orders SET call_time = (SELECT call_time FROM work_orders ORDER BY call_time DESC, id DESC OFFSET 150 LIMIT 1)
             WHERE id IN (SELECT id FROM work_orders ORDER BY call_time DESC, id DESC OFFSET 140 LIMIT 30)`.execute(
    t.ctx.db,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The clause read in parts as one plain clause: the same rows, no alternatives. */
const unsplit = (where: readonly OrdersWhere[]): OrdersWhere[] =>
  where.map((w) => (w.alternatives === undefined ? w : (eb) => w(eb)));

describe('the list probe of a list read in parts', () => {
  it('equals the probe of the same list as one clause', async () => {
    const cases: [DemoUsername, Record<string, unknown>][] = [
      ['visitor', { menuId: 'hf_dhf' }],
      ['dispatcher', { menuId: 'qu_ybj' }],
      ['dispatcher', { status: '91,92' }],
      ['dispatcher', { status: '1,11,91' }],
      ['street1', { menuId: 'jd_ybj' }],
    ];
    let split = 0;
    let found = 0;
    for (const [user, fields] of cases) {
      const reader = await readerFor(t.ctx, who[user].auth);
      const where = await listWhere(t.ctx, reader, listBody.parse(fields));
      if (where.some((w) => w.alternatives !== undefined)) split++;
      for (const keyword of ['小区', 'qy', '无此词语']) {
        for (const direction of ['desc', 'asc'] as const) {
          for (const rows of [3, 25, 150, 2000]) {
            for (const want of [1, 10, 21]) {
              const probe = { direction, rows, want };
              const got = await listProbe(t.ctx.db, where, keyword, probe);
              const plain = await listProbe(t.ctx.db, unsplit(where), keyword, probe);
              const what = `${user} ${JSON.stringify(fields)} ${keyword} ${direction} ${rows}/${want}`;
              expect(got, what).toEqual(plain);
              if (got.last) found++;
            }
          }
        }
      }
    }
    // Some lists are read in parts, and some probes find all they want.
    expect(split).toBeGreaterThanOrEqual(3);
    expect(found).toBeGreaterThan(0);
  }, 300_000);
});
