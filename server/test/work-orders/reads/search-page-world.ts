import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { listBody } from '@hotline/contract';
import type { Db } from '../../../src/context';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import { listWhere } from '../../../src/modules/work-orders/reads/list.service';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { callers, plainIds as plainPage, type Caller } from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The orders of the keyword page tests (search-page.test.ts, search-page-probe.test.ts): 300,
 * with ties across the probes' edges, the oldest a fortnight before the rest, and a term of one
 * order (\`rareTerm\`). Registers its own beforeAll and afterAll.
 */
export interface KeywordWorld {
  t: TestApp;
  db: Db;
  who: Record<DemoUsername, Caller>;
  rareTerm: string;
}

export function useKeywordWorld() {
  const w = {} as KeywordWorld;
  beforeAll(async () => {
    const t = await createTestApp({ orders: 300 });
    w.t = t;
    w.db = t.ctx.db;
    w.who = await callers(t);
    const db = w.db;
    // Ties across the probe's edge: the 40 newest orders share the newest call time, and 30
    // from the middle of history share one call time.
    await sql`UPDATE work_orders SET call_time = (SELECT max(call_time) FROM work_orders)
               WHERE id IN (SELECT id FROM work_orders ORDER BY call_time DESC, id DESC LIMIT 40)`.execute(
      db,
    );
    await sql`UPDATE work_orders SET call_time = (SELECT call_time FROM work_orders ORDER BY call_time DESC, id DESC OFFSET 150 LIMIT 1)
               WHERE id IN (SELECT id FROM work_orders ORDER BY call_time DESC, id DESC OFFSET 140 LIMIT 30)`.execute(
      db,
    );
    // The oldest order is one every list shows, two weeks before the rest (the first week of
    // the oldest-first windows).
    await sql`UPDATE work_orders SET call_time = (SELECT min(call_time) FROM work_orders) - interval '14 days'
               WHERE id = (SELECT min(id) FROM work_orders WHERE type_id = 1)`.execute(db);
    // A term of a single order: its order number.
    const { rows } = await sql<{ n: string }>`
      SELECT order_num AS n FROM work_orders WHERE type_id = 1 ORDER BY id LIMIT 1`.execute(db);
    w.rareTerm = rows[0]?.n ?? '';
  }, 600_000);
  afterAll(async () => {
    await w.t?.close();
  });

  /** The plain statement a page replaces (the keyword clause included, as list-filters makes it). */
  const plainIds = (
    where: readonly OrdersWhere[],
    direction: 'asc' | 'desc',
    limit: number,
    offset: number,
  ) => plainPage(w.db, where, 'call_time', direction, limit, offset);

  async function whereOf(user: DemoUsername, fields: Record<string, unknown>) {
    const reader = await readerFor(w.t.ctx, w.who[user].auth);
    return { reader, where: await listWhere(w.t.ctx, reader, listBody.parse(fields)) };
  }
  return { w, plainIds, whereOf };
}

/** Probe sizes: at the newest 40 (tied) or inside the 30 tied in the middle, or all orders. */
export const PROBES = [
  { rows: 3, maxRows: 3 },
  { rows: 25, maxRows: 25 },
  { rows: 25, maxRows: 150 },
  { rows: 150, maxRows: 150 },
  { rows: 1000, maxRows: 1000 },
];
