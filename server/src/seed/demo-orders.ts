import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { planStages } from './demo-order-plan';
import type { DemoOrg } from './demo-org';
import { prepareOrderBuilder, type BuiltOrder } from './order-builder';
import type { SimEvent } from './demo-timeline';
import { beijingDateCode, createRng } from './random';

export interface DemoOrdersOptions {
  /** How many orders; the demo uses 2000. */
  count: number;
  /** The moment the data is built around: open orders are recent relative to it. */
  now: Date;
  /** PRNG seed; the same seed and `now` give the same data. */
  seed?: number;
}

const BATCH = 200;
export const NUMBER_PREFIX: Readonly<Record<number, string>> = {
  5: 'ZJ',
  8: 'WG',
  9: 'LD',
  10: 'WS',
};

/**
 * Insert `count` demo work orders with their assignments and audit events, spread over every
 * state of WORKFLOW section 4. Needs the level-3 categories and the units of `seedDemoOrg`.
 */
export async function seedDemoOrders(
  db: Kysely<Database>,
  org: DemoOrg,
  options: DemoOrdersOptions,
): Promise<void> {
  const rng = createRng(options.seed ?? 12345);

  const builder = await prepareOrderBuilder(db, org, rng, { now: options.now });
  const built = planStages(rng, options.count).map((stage) => builder.build(stage));

  numberOrders(built);
  await insertOrders(db, built);
}

/** City numbers ('2026' + 8 digits), district numbers for self-built sources, case numbers. */
function numberOrders(built: BuiltOrder[]): void {
  built.sort((a, b) => a.row.call_time.getTime() - b.row.call_time.getTime());
  const seq = new Map<string, number>();
  const next = (key: string): string => {
    const n = (seq.get(key) ?? 0) + 1;
    seq.set(key, n);
    return String(n).padStart(4, '0');
  };
  for (const { row } of built) {
    const date = beijingDateCode(row.call_time);
    const prefix = NUMBER_PREFIX[row.type_id] ?? '';
    row.order_num = `${prefix}${date}${next(`${prefix}${date}`)}`;
    const caseSeq = next(`case${date}`);
    row.district_case_num = `QY${date}${caseSeq}`;
    row.handle_code = row.dispatch_time ? `BL${date}${caseSeq}` : null;
  }
}

async function insertOrders(db: Kysely<Database>, built: readonly BuiltOrder[]): Promise<void> {
  const state = (s: SimEvent['from']): string | null =>
    s &&
    JSON.stringify({
      status: s.status,
      mainOrgStatus: s.mainOrgStatus,
      huifangState: s.huifangState,
    });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < built.length; i += BATCH) {
      const chunk = built.slice(i, i + BATCH);
      const ids = await trx
        .insertInto('work_orders')
        .values(chunk.map((o) => o.row))
        .returning(['id', 'order_num'])
        .execute();
      const idOf = new Map(ids.map((r) => [r.order_num, r.id]));
      const withId = chunk.map((o) => ({ o, id: idOf.get(o.row.order_num) ?? 0 }));
      const assignments = withId.flatMap(({ o, id }) =>
        o.assignments.map((a) => ({
          order_id: id,
          unit_id: a.unitId,
          role: a.role,
          status: a.status,
          active: a.active,
          assigned_at: new Date(a.assignedAt + o.shift),
          signed_at: a.signedAt === null ? null : new Date(a.signedAt + o.shift),
          replied_at: a.repliedAt === null ? null : new Date(a.repliedAt + o.shift),
        })),
      );
      if (assignments.length > 0)
        await trx.insertInto('order_assignments').values(assignments).execute();
      const events = withId.flatMap(({ o, id }) =>
        o.events.map((e) => ({
          order_id: id,
          action: e.action,
          actor_id: e.actorId,
          actor_unit_id: e.unitId,
          from_state: state(e.from),
          to_state: state(e.to),
          comment: e.comment,
          created_at: new Date(e.at + o.shift),
        })),
      );
      await trx.insertInto('order_events').values(events).execute();
    }
  });
}
