import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TYPE_IDS,
  OVERDUE_MODES,
  canRead,
  inQueue,
  overdueWindow,
  startOfDayCst,
  type OverdueMode,
} from '@hotline/domain';
import { authenticate } from '../../../src/modules/auth/session.service';
import { queueCounts } from '../../../src/modules/work-orders/reads/count.service';
import { recountQueues } from '../../../src/modules/work-orders/reads/count-recount';
import { readerFor, type Reader } from '../../../src/modules/work-orders/reads/list-access';
import { createTestApp, type TestApp } from '../../support/test-app';
import { allOrders } from '../reads-fixtures';

/**
 * The clock-driven queues from their tally buckets (signed today: China-time days; overdue
 * warning: deadline hours plus the window's partial hours on the orders) at the instants
 * where they could go wrong: just before, at and just after a China-time midnight and an
 * hour, with orders signed and due exactly on, and a millisecond either side of, every edge
 * of every overdue variant's window. Each count equals the recount and the domain.
 */

let t: TestApp;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CLOCK_QUEUES = ['qu_yqs', 'qu_yjyj', 'jd_yjyj', 'bm_yjyj'];

beforeAll(async () => {
  t = await createTestApp({ orders: 200 });
});
afterAll(async () => {
  await t?.close();
});

const tokens = new Map<string, string>();

async function readerAt(name: string, now: Date, overdueMode: OverdueMode): Promise<Reader> {
  if (!tokens.has(name)) tokens.set(name, await t.login(name));
  const reader = await readerFor(t.ctx, await authenticate(t.ctx, tokens.get(name) as string));
  return { ...reader, now, queueCtx: { ...reader.queueCtx, now, overdueMode } };
}

/** The instants a window or a day can be cut at, a millisecond either side included. */
function edgesAt(now: Date): Date[] {
  const cuts = new Set<number>();
  const today = startOfDayCst(now).getTime();
  for (const mode of OVERDUE_MODES) {
    const { from, to } = overdueWindow(mode, now);
    for (const x of [from.getTime(), to.getTime()]) {
      cuts.add(x);
      cuts.add(Math.ceil(x / HOUR) * HOUR);
      cuts.add(Math.floor(x / HOUR) * HOUR);
    }
  }
  cuts.add(today);
  cuts.add(now.getTime() + 30 * 60_000);
  return [...cuts].flatMap((c) => [c - 1, c, c + 1]).map((ms) => new Date(ms));
}

/** Moves orders' deadlines and sign times onto the edges of `now` (the trigger moves the tallies). */
async function placeOnEdges(now: Date) {
  const db = t.ctx.db;
  const waiting = await db
    .selectFrom('work_orders')
    .select('id')
    .where('status', '=', 1)
    .where('main_org_status', 'in', [0, 1])
    .orderBy('id')
    .execute();
  const signed = await db
    .selectFrom('work_orders')
    .select('id')
    .where('system_sign_time', 'is not', null)
    .orderBy('id', 'desc')
    .execute();
  const edges = edgesAt(now);
  expect(waiting.length).toBeGreaterThan(edges.length);
  for (const [i, o] of waiting.entries()) {
    const deadline = edges[i % edges.length] as Date;
    await db.updateTable('work_orders').set({ deadline }).where('id', '=', o.id).execute();
  }
  const today = startOfDayCst(now).getTime();
  const signs = [today - DAY - 1, today - DAY, today - 1, today, today + 1, now.getTime()];
  for (const [i, o] of signed.slice(0, 4 * signs.length).entries()) {
    const at = new Date(signs[i % signs.length] as number);
    await db
      .updateTable('work_orders')
      .set({ system_sign_time: at })
      .where('id', '=', o.id)
      .execute();
  }
}

describe('clock-driven queues at their edges', () => {
  it('across a China-time midnight and an hour, every overdue variant', async () => {
    const base = t.ctx.now().getTime();
    const midnight = startOfDayCst(new Date(base)).getTime() + DAY;
    const hour = Math.ceil(base / HOUR) * HOUR + 5 * HOUR;
    const nows = [
      midnight - 1,
      midnight,
      midnight + 1,
      hour - 1,
      hour,
      hour + 1,
      hour + 30 * 60_000,
      midnight + 8 * HOUR + 17 * 60_000 + 123,
    ].map((ms) => new Date(ms));
    let nonZero = 0;
    for (const now of nows) {
      await placeOnEdges(now);
      const orders = await allOrders(t.ctx.db);
      for (const mode of OVERDUE_MODES) {
        for (const name of ['admin', 'street1', 'dept1']) {
          const reader = await readerAt(name, now, mode);
          const queues = reader.queues.filter((q) => CLOCK_QUEUES.includes(q));
          expect(queues.length, name).toBeGreaterThan(0);
          const types = [...DEFAULT_TYPE_IDS];
          const tally = await queueCounts(t.ctx, reader, queues, types);
          const what = `${name} ${mode} at ${now.toISOString()}`;
          expect(tally, what).toEqual(await recountQueues(t.ctx, reader, queues, types));
          const domain = Object.fromEntries(
            queues.map((q) => [
              q,
              orders.filter(
                (o) =>
                  types.includes(o.state.typeId) &&
                  canRead(reader.actor, o.state) &&
                  inQueue(q, o.state, reader.queueCtx),
              ).length,
            ]),
          );
          expect(tally, what).toEqual(domain);
          nonZero += Object.values(tally).filter((n) => n > 0).length;
        }
      }
    }
    // Not vacuous: the queues held orders at most of these instants.
    expect(nonZero).toBeGreaterThan(nows.length * OVERDUE_MODES.length);
  }, 300_000);
});
