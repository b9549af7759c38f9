import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visitPendingStates, type Cond, type QueueContext } from '@hotline/domain';
import type { RowScope } from './scope-sql';

/**
 * Queue conditions and row scopes over the tallies of migration 015.
 *
 * queue_tallies holds the number of orders per source, status, host status, visit state,
 * review state (0 = none), reply rejected, key appeal, unclaimed and unit with its role ('h' the host, unit 0
 * when none; 'c' each co-host that is not the host); queue_clock_tallies the same without the
 * review, key and claim columns per clock bucket. A queue is counted there when every
 * condition reads only those columns; each compiles as in queue-sql.ts, so a tallied count is
 * the list's count — the suites compare both, and the tally with a GROUP BY over the orders.
 */
export type TallyTable = 'queue_tallies' | 'queue_clock_tallies';
type Bool = RawBuilder<SqlBool>;

const COLUMN = {
  status: 'status',
  mainOrgStatus: 'main_org_status',
  huifangState: 'huifang_state',
  needReviewStatus: 'need_review_status',
} as const;

const col = (table: TallyTable, column: string) => sql.ref(`${table}.${column}`);
/** Queue codes are constants of the domain, written as literals: one statement text per menu. */
const codes = (values: readonly number[]) => sql.join(values.map((v) => sql.lit(v)));
const and = (parts: readonly Bool[]): Bool =>
  parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
const or = (parts: readonly Bool[]): Bool =>
  parts.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;

/** Can this condition be read from the table's columns? (Clock conditions never: see count-clock.ts.) */
export function expressible(cond: Cond, table: TallyTable): boolean {
  switch (cond.kind) {
    case 'in':
      if (cond.field !== 'needReviewStatus') return true;
      // NULL is tallied as 0; a condition never matches NULL.
      return table === 'queue_tallies' && !cond.values.includes(0);
    case 'keyAppeal':
    case 'unclaimed':
    case 'replyRejected':
      return table === 'queue_tallies';
    case 'hostIsViewer':
    case 'visitPending':
      return true;
    case 'any':
      return cond.of.every((c) => expressible(c, table));
    // personal lists (createdByViewer) are never counted (push-deltas.ts COUNTED_QUEUES)
    case 'signedToday':
    case 'deadlineWindow':
    case 'createdByViewer':
      return false;
  }
}

export function condTally(table: TallyTable, cond: Cond, ctx: QueueContext): Bool {
  switch (cond.kind) {
    case 'in':
      return sql<SqlBool>`${col(table, COLUMN[cond.field])} IN (${codes(cond.values)})`;
    case 'keyAppeal':
      return sql<SqlBool>`${col(table, 'is_key_appeal')}`;
    case 'unclaimed':
      return sql<SqlBool>`${col(table, 'unclaimed')}`;
    case 'replyRejected':
      return sql<SqlBool>`${col(table, 'reply_rejected')}`;
    case 'hostIsViewer':
      // Only an 'h' row names the host; a 'c' row's unit is never its order's host.
      return sql<SqlBool>`(${col(table, 'role')} = 'h' AND ${col(table, 'unit_id')} = ${ctx.viewerUnitId})`;
    case 'visitPending':
      return sql<SqlBool>`${col(table, 'huifang_state')} IN (${codes(visitPendingStates(ctx.huifangMode))})`;
    case 'any':
      return or(cond.of.map((c) => condTally(table, c, ctx)));
    case 'signedToday':
    case 'deadlineWindow':
    case 'createdByViewer':
      throw new Error(`condition ${cond.kind} is not in the tally`);
  }
}

export function condsTally(table: TallyTable, conds: readonly Cond[], ctx: QueueContext): Bool {
  return and(conds.map((c) => condTally(table, c, ctx)));
}

/**
 * The row scope (scope-sql.ts) over tally rows, each order counted once: everything is the
 * 'h' rows; a unit's scope the rows of that unit (its 'h' row when it hosts, else its 'c'
 * row); call-back staff the 'h' rows of visited orders; a unit handler who also visits the 'h'
 * rows of either kind and the unit's 'c' rows of orders not visited (those the 'h' row
 * counted). Null when the scope cannot be read from the tally: orders an agent created, or a
 * unit scope beside a viewer of another unit (hostIsViewer is read on 'h' rows only, which is
 * exact only while the 'c' rows counted are the viewer's).
 */
export type TallyScope = (table: TallyTable) => Bool;

export function tallyScope(scope: RowScope, viewerUnitId: number): TallyScope | null {
  if (scope.all) return (t) => sql<SqlBool>`${col(t, 'role')} = 'h'`;
  if (scope.createdBy !== null) return null;
  if (scope.unitId !== null && scope.unitId !== viewerUnitId) return null;
  const unitId = scope.unitId;
  const visited = (t: TallyTable) =>
    sql<SqlBool>`(${col(t, 'status')} IN (91, 92) AND ${col(t, 'huifang_state')} <> 0)`;
  if (unitId === null) {
    return scope.visitor ? (t) => and([sql`${col(t, 'role')} = 'h'`, visited(t)]) : null;
  }
  if (!scope.visitor) return (t) => sql<SqlBool>`${col(t, 'unit_id')} = ${unitId}`;
  return (t) =>
    or([
      and([sql`${col(t, 'role')} = 'h'`, or([sql`${col(t, 'unit_id')} = ${unitId}`, visited(t)])]),
      and([
        sql`${col(t, 'role')} = 'c'`,
        sql`${col(t, 'unit_id')} = ${unitId}`,
        sql`NOT ${visited(t)}`,
      ]),
    ]);
}

/**
 * The scope a tallied queue needs: the caller's, or none when the queue keeps to what the
 * viewer's unit hosts and that unit is in the caller's scope (as scopeForQueue). Null: not
 * from the tally.
 */
export function tallyScopeForQueue(
  scope: RowScope,
  viewerUnitId: number,
  hostOnlyQueue: boolean,
): TallyScope | null {
  if (hostOnlyQueue && scope.unitId !== null && scope.unitId === viewerUnitId) {
    return () => sql<SqlBool>`true`;
  }
  return tallyScope(scope, viewerUnitId);
}

/** Sources, as the lists filter them. */
export function tallyTypes(table: TallyTable, typeIds: readonly number[]): Bool {
  return sql<SqlBool>`${col(table, 'type_id')} IN (${sql.join(typeIds.map((t) => sql`${t}`))})`;
}
