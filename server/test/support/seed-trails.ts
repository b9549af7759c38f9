import type {
  OrderState,
  PendingRequest,
  StateCodes,
  UnitKind,
  VisitResult,
} from '@hotline/domain';
import type { Db } from '../../src/context';
import type { WorkOrderRow } from '../../src/db/schema';
import { toOrderState } from '../../src/modules/work-orders/order-state';
import { DEMO_USERNAMES, type DemoOrg, type DemoUnit } from '../../src/seed/demo-org';
import type { BuiltOrder } from '../../src/seed/order-builder';

/**
 * Seeded orders as trails to replay (server/test/seed-histories.test.ts): the stored order as
 * the server loads it, its events, and the side-table rows that hold the steps' inputs. From
 * the database, or from the order builder's output before it is written (the benchmark's).
 */

export interface TrailEvent {
  action: string;
  actorId: number | null;
  unitId: number | null;
  from: StateCodes | null;
  to: StateCodes;
  comment: string;
  at: Date;
}

export interface TrailVisit {
  reached: boolean;
  hostContacted: boolean | null;
  resolved: boolean | null;
  satisfaction: VisitResult | null;
}

export interface Trail {
  id: number;
  /** The order now, as the server loads it (without its lock). */
  final: OrderState;
  events: TrailEvent[];
  dispatches: { at: Date; hostUnitId: number; coHostUnitIds: number[] }[];
  /** In attempt order. */
  visits: TrailVisit[];
  requests: { at: Date; hours: number | null; tichuType: string | null }[];
}

interface AssignmentRow {
  unit_id: number;
  role: string;
  assigned_at: Date;
}

/** Assignments made at the same moment are one dispatch (or re-dispatch). */
function dispatches(rows: readonly AssignmentRow[]): Trail['dispatches'] {
  const out: Trail['dispatches'] = [];
  for (const a of rows) {
    let d = out.find((x) => x.at.getTime() === a.assigned_at.getTime());
    if (!d) out.push((d = { at: a.assigned_at, hostUnitId: 0, coHostUnitIds: [] }));
    if (a.role === 'host') d.hostUnitId = a.unit_id;
    else d.coHostUnitIds.push(a.unit_id);
  }
  return out;
}

function groupBy<T extends { order_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const list = map.get(r.order_id);
    if (list) list.push(r);
    else map.set(r.order_id, [r]);
  }
  return map;
}

export async function dbTrails(db: Db): Promise<Trail[]> {
  const [orders, events, assignments, visits, requests] = await Promise.all([
    db.selectFrom('work_orders').selectAll().orderBy('id').execute(),
    db.selectFrom('order_events').selectAll().orderBy('order_id').orderBy('id').execute(),
    db.selectFrom('order_assignments').selectAll().orderBy('id').execute(),
    db.selectFrom('order_visits').selectAll().orderBy('order_id').orderBy('attempt').execute(),
    db.selectFrom('order_requests').selectAll().orderBy('id').execute(),
  ]);
  const eventsOf = groupBy(events);
  const assignmentsOf = groupBy(assignments);
  const visitsOf = groupBy(visits);
  const requestsOf = groupBy(requests);
  return orders.map((row) => {
    const reqs = requestsOf.get(row.id) ?? [];
    const open = reqs.find((r) => r.status === 1);
    const pending: PendingRequest | null = open
      ? {
          kind: open.kind,
          requestedBy: open.requested_by,
          ...(open.hours !== null ? { hours: open.hours } : {}),
          ...(open.tichu_type !== null ? { tichuType: open.tichu_type } : {}),
        }
      : null;
    return {
      id: row.id,
      final: toOrderState(row, null, pending),
      events: (eventsOf.get(row.id) ?? []).map((e) => ({
        action: e.action,
        actorId: e.actor_id,
        unitId: e.actor_unit_id,
        from: e.from_state as StateCodes | null,
        to: e.to_state as StateCodes,
        comment: e.comment,
        at: e.created_at,
      })),
      dispatches: dispatches(assignmentsOf.get(row.id) ?? []),
      visits: (visitsOf.get(row.id) ?? []).map((v) => ({
        reached: v.reached,
        hostContacted: v.host_contacted,
        resolved: v.resolved,
        satisfaction: v.satisfaction as VisitResult | null,
      })),
      requests: reqs.map((r) => ({ at: r.created_at, hours: r.hours, tichuType: r.tichu_type })),
    };
  });
}

/** A built order as the server would load it once written (with a made-up id). */
export function builtTrail(id: number, o: BuiltOrder): Trail {
  const at = (rel: number) => new Date(rel + o.shift);
  const open = o.requests.find((r) => r.status === 1);
  const pending: PendingRequest | null = open
    ? {
        kind: open.kind,
        requestedBy: open.requestedBy,
        ...(open.hours !== null ? { hours: open.hours } : {}),
        ...(open.tichuType !== null ? { tichuType: open.tichuType } : {}),
      }
    : null;
  const row = { ...o.row, id } as unknown as WorkOrderRow;
  return {
    id,
    final: toOrderState(row, null, pending),
    events: o.events.map((e) => ({ ...e, at: at(e.at) })),
    dispatches: dispatches(
      o.assignments.map((a) => ({
        unit_id: a.unitId,
        role: a.role,
        assigned_at: at(a.assignedAt),
      })),
    ),
    visits: o.visits,
    requests: o.requests.map((r) => ({ at: at(r.at), hours: r.hours, tichuType: r.tichuType })),
  };
}

/** The demo organisation as seedDemoOrg returned it, read back from the database. */
export async function loadDemoOrg(db: Db): Promise<DemoOrg> {
  const units = await db
    .selectFrom('units')
    .select(['id', 'code', 'name', 'kind', 'parent_id'])
    .orderBy('id')
    .execute();
  const users = await db.selectFrom('users').select(['id', 'username']).execute();
  const byId: Record<number, DemoUnit> = {};
  for (const u of units) {
    byId[u.id] = {
      id: u.id,
      code: u.code,
      name: u.name,
      kind: u.kind as UnitKind,
      parentId: u.parent_id,
    };
  }
  const ids = (kind: UnitKind) => units.filter((u) => u.kind === kind).map((u) => u.id);
  const one = (kind: UnitKind) => ids(kind)[0] ?? 0;
  const communityIdsByParent: Record<number, number[]> = {};
  for (const u of units) {
    if ((u.kind === 'community' || u.kind === 'village') && u.parent_id !== null) {
      (communityIdsByParent[u.parent_id] ??= []).push(u.id);
    }
  }
  const userIds = Object.fromEntries(
    DEMO_USERNAMES.map((name) => [name, users.find((u) => u.username === name)?.id ?? 0]),
  ) as DemoOrg['userIds'];
  return {
    cityId: one('city'),
    districtId: one('district'),
    streetIds: ids('street'),
    townIds: ids('town'),
    departmentIds: ids('department'),
    communityIdsByParent,
    userIds,
    units: byId,
  };
}
