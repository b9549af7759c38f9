import { ORDER_COLUMNS as LIST_COLUMNS } from '../../../server/src/modules/work-orders/reads/list.repository';
import type { BuiltOrder } from '../../../server/src/seed/order-builder';
import { beijingDateCode } from '../../../server/src/seed/random';
import { NUMBER_PREFIX } from '../../../server/src/seed/demo-orders';
import { ID_MARK, type OrderRecord } from './buckets';
import { copyField, type CopyValue } from './copy';

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
/** Given at load, in time order (buckets.ts); the rest of the line is written by the build. */
const NUMBERED = ['id', 'order_num', 'district_case_num', 'handle_code'] as const;
const BUILT_COLUMNS = LIST_COLUMNS.filter(
  (c) => !DEFAULTED.has(c) && !(NUMBERED as readonly string[]).includes(c),
);
/** The COPY column list of work_orders: the numbered columns first, then the built ones. */
export const ORDER_COLUMNS = [...NUMBERED, ...BUILT_COLUMNS];

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

/** One built order as the build pass stores it (buckets.ts): COPY text without its id. */
export function orderRecord(index: number, o: BuiltOrder, withEvents: boolean): OrderRecord {
  const row = o.row as unknown as Record<string, unknown>;
  const children = [
    assignmentValues(o),
    withEvents ? eventValues(o) : [],
    visitValues(o),
    requestValues(o),
  ] as const;
  const [assignments, events, visits, requests] = children.map((rows) =>
    rows.map((values) => `${ID_MARK}${values.map(copyField).join('\t')}\n`).join(''),
  ) as [string, string, string, string];
  return {
    callTime: o.row.call_time.getTime(),
    index,
    meta: {
      prefix: NUMBER_PREFIX[o.row.type_id] ?? '',
      date: beijingDateCode(o.row.call_time),
      dispatched: Boolean(o.row.dispatch_time),
      lines: [children[0].length, children[1].length, children[2].length, children[3].length],
    },
    order: BUILT_COLUMNS.map((column) => copyField(v(row[column]))).join('\t'),
    assignments,
    events,
    visits,
    requests,
  };
}

/** The load's work_orders line: the numbers given in time order, then the built columns. */
export function orderLine(
  id: number,
  numbers: { orderNum: string; caseNum: string; handleCode: string | null },
  built: string,
): string {
  return `${id}\t${numbers.orderNum}\t${numbers.caseNum}\t${numbers.handleCode ?? '\\N'}\t${built}\n`;
}

const at = (rel: number | null, shift: number): Date | null =>
  rel === null ? null : new Date(rel + shift);

function assignmentValues(o: BuiltOrder): CopyValue[][] {
  return o.assignments.map((a) => [
    a.unitId,
    a.role,
    a.status,
    a.active,
    new Date(a.assignedAt + o.shift),
    at(a.signedAt, o.shift),
    at(a.repliedAt, o.shift),
  ]);
}

function eventValues(o: BuiltOrder): CopyValue[][] {
  return o.events.map((e) => [
    e.action,
    e.actorId,
    e.unitId,
    e.from && JSON.stringify(e.from),
    JSON.stringify(e.to),
    e.comment,
    new Date(e.at + o.shift),
  ]);
}

function visitValues(o: BuiltOrder): CopyValue[][] {
  return o.visits.map((r) => [
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

function requestValues(o: BuiltOrder): CopyValue[][] {
  return o.requests.map((r) => [
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
