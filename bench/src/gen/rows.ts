import { ORDER_COLUMNS as LIST_COLUMNS } from '../../../server/src/modules/work-orders/reads/list.repository';
import type { BuiltOrder } from '../../../server/src/seed/order-builder';
import type { CopyValue } from './copy';

/**
 * Columns written by the generator: every column an order has (the lists' own list; the search
 * text is filled into order_search after the load) but those the database defaults for a new
 * order, or that the demo's order builder does not make (position, escalation: the deadline
 * scheduler's backfill escalates the loaded orders that are already late).
 */
const DEFAULTED: ReadonlySet<string> = new Set([
  'remarks',
  'source_ref',
  'lat',
  'long',
  'escalation_level',
  'escalated_at',
]);
export const ORDER_COLUMNS = LIST_COLUMNS.filter((c) => !DEFAULTED.has(c));

export const ASSIGNMENT_COLUMNS = [
  'order_id',
  'unit_id',
  'role',
  'status',
  'active',
  'assigned_at',
  'signed_at',
  'replied_at',
] as const;

export const VISIT_COLUMNS = [
  'order_id',
  'attempt',
  'reached',
  'host_contacted',
  'resolved',
  'satisfaction',
  'remark',
  'visitor_id',
  'created_at',
] as const;

export const REQUEST_COLUMNS = [
  'order_id',
  'kind',
  'status',
  'hours',
  'tichu_type',
  'reason',
  'requested_by',
  'requested_unit_id',
  'decided_by',
  'decision_comment',
  'created_at',
  'decided_at',
] as const;

export const EVENT_COLUMNS = [
  'order_id',
  'action',
  'actor_id',
  'actor_unit_id',
  'from_state',
  'to_state',
  'comment',
  'created_at',
] as const;

const v = (x: unknown): CopyValue => (x === undefined ? null : (x as CopyValue));

/** The work_orders line of one built order. */
export function orderValues(id: number, o: BuiltOrder): CopyValue[] {
  const row = o.row as unknown as Record<string, unknown>;
  return ORDER_COLUMNS.map((column) => (column === 'id' ? id : v(row[column])));
}

const at = (rel: number | null, shift: number): Date | null =>
  rel === null ? null : new Date(rel + shift);

export function assignmentValues(id: number, o: BuiltOrder): CopyValue[][] {
  return o.assignments.map((a) => [
    id,
    a.unitId,
    a.role,
    a.status,
    a.active,
    new Date(a.assignedAt + o.shift),
    at(a.signedAt, o.shift),
    at(a.repliedAt, o.shift),
  ]);
}

export function eventValues(id: number, o: BuiltOrder): CopyValue[][] {
  return o.events.map((e) => [
    id,
    e.action,
    e.actorId,
    e.unitId,
    e.from && JSON.stringify(e.from),
    JSON.stringify(e.to),
    e.comment,
    new Date(e.at + o.shift),
  ]);
}

export function visitValues(id: number, o: BuiltOrder): CopyValue[][] {
  return o.visits.map((r) => [
    id,
    r.attempt,
    r.reached,
    r.hostContacted,
    r.resolved,
    r.satisfaction,
    r.remark,
    r.visitorId,
    new Date(r.at + o.shift),
  ]);
}

export function requestValues(id: number, o: BuiltOrder): CopyValue[][] {
  return o.requests.map((r) => [
    id,
    r.kind,
    r.status,
    r.hours,
    r.tichuType,
    r.reason,
    r.requestedBy,
    r.requestedUnitId,
    r.decidedBy,
    r.decisionComment,
    new Date(r.at + o.shift),
    at(r.decidedAt, o.shift),
  ]);
}
