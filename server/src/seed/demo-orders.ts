import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { planStages } from './demo-order-plan';
import type { DemoOrg } from './demo-org';
import { prepareOrderBuilder, type BuiltOrder } from './order-builder';
import type { SimEvent } from './demo-order-sim';
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
 * Insert `count` demo work orders with their audit events, assignments, visits and requests,
 * spread over every state of WORKFLOW section 4; the domain decided every step. Needs the level-3 categories and the units of `seedDemoOrg`.
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

const at = (rel: number | null, shift: number): Date | null =>
  rel === null ? null : new Date(rel + shift);
const codes = (s: SimEvent['from']): string | null => s && JSON.stringify(s);

async function insertOrders(db: Kysely<Database>, built: readonly BuiltOrder[]): Promise<void> {
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
          signed_at: at(a.signedAt, o.shift),
          replied_at: at(a.repliedAt, o.shift),
        })),
      );
      if (assignments.length > 0)
        await trx.insertInto('order_assignments').values(assignments).execute();
      const visits = withId.flatMap(({ o, id }) =>
        o.visits.map((v) => ({
          order_id: id,
          attempt: v.attempt,
          reached: v.reached,
          host_contacted: v.hostContacted,
          resolved: v.resolved,
          satisfaction: v.satisfaction,
          remark: v.remark,
          visitor_id: v.visitorId,
          created_at: new Date(v.at + o.shift),
        })),
      );
      if (visits.length > 0) await trx.insertInto('order_visits').values(visits).execute();
      const requests = withId.flatMap(({ o, id }) =>
        o.requests.map((r) => ({
          order_id: id,
          kind: r.kind,
          status: r.status,
          hours: r.hours,
          tichu_type: r.tichuType,
          reason: r.reason,
          requested_by: r.requestedBy,
          requested_unit_id: r.requestedUnitId,
          decided_by: r.decidedBy,
          decision_comment: r.decisionComment,
          created_at: new Date(r.at + o.shift),
          decided_at: at(r.decidedAt, o.shift),
        })),
      );
      if (requests.length > 0) await trx.insertInto('order_requests').values(requests).execute();
      const events = withId.flatMap(({ o, id }) =>
        o.events.map((e) => ({
          order_id: id,
          action: e.action,
          actor_id: e.actorId,
          actor_unit_id: e.unitId,
          from_state: codes(e.from),
          to_state: codes(e.to),
          comment: e.comment,
          created_at: new Date(e.at + o.shift),
        })),
      );
      await trx.insertInto('order_events').values(events).execute();
    }
  });
}
