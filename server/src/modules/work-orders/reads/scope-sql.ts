import { sql } from 'kysely';
import {
  isDistrictReader,
  isUnitLeader,
  isIntakeAgent,
  isUnitHandler,
  isVisitor,
  type Actor,
} from '@hotline/domain';
import type { OrdersEb, OrdersWhere } from './queue-sql';

/**
 * Row scope of WORKFLOW section 8 as SQL, the same rule the domain's `canRead` applies to one
 * loaded order: admins and district readers see everything; a street, town or department
 * handler sees what its unit hosts or co-hosts; call-back staff what is due for a visit or
 * visited; a call-centre agent what it created. A user holding several roles sees the union.
 */
export interface RowScope {
  all: boolean;
  /** Host or co-host unit of a unit handler. */
  unitId: number | null;
  visitor: boolean;
  /** Orders created by this user (call-centre agents). */
  createdBy: number | null;
}

export function rowScope(actor: Actor): RowScope {
  return {
    all: actor.admin || isDistrictReader(actor),
    unitId: isUnitHandler(actor) || isUnitLeader(actor) ? actor.unitId : null,
    visitor: isVisitor(actor),
    createdBy: isIntakeAgent(actor) ? actor.userId : null,
  };
}

/**
 * `canSeeAtIntake` as a scope: the caller's row scope (`scope`, the same object when intake
 * sees no more than it), or the whole district for an intake agent.
 */
export function intakeScope(actor: Actor, scope: RowScope): RowScope {
  return isIntakeAgent(actor) && !scope.all ? { ...scope, all: true } : scope;
}

export function scopeIsEmpty(scope: RowScope): boolean {
  return !scope.all && scope.unitId === null && !scope.visitor && scope.createdBy === null;
}

/**
 * The scope clause a queue needs: none when the queue keeps to orders the viewer's unit hosts
 * and the caller's scope includes that unit — host = unit already implies the scope, and
 * leaving the OR out lets the host index answer alone (index-only counts).
 */
export function scopeForQueue(scope: RowScope, viewerUnitId: number, hostOnlyQueue: boolean) {
  return hostOnlyQueue && scope.unitId !== null && scope.unitId === viewerUnitId
    ? null
    : scopeWhere(scope);
}

/** The parts (ORed, not disjoint) of each scope clause `scopeWhere` made. */
const scopeParts = new WeakMap<OrdersWhere, readonly OrdersWhere[]>();

/**
 * The parts a scope clause ORs together (host, co-host, call-back, creator), or undefined for
 * any other clause: a list total counts each part through its own index (list-total.ts)
 * instead of one scan testing the OR. Pages do not use them (they overlap).
 */
export function scopePartsOf(clause: OrdersWhere): readonly OrdersWhere[] | undefined {
  return scopeParts.get(clause);
}

export function scopeWhere(scope: RowScope): OrdersWhere {
  if (scope.all) return Object.assign(() => sql<boolean>`true`, { everyOrder: true as const });
  const parts: OrdersWhere[] = [];
  if (scope.unitId !== null) {
    const unitId = scope.unitId;
    // `@>` rather than `= ANY(...)`: the GIN index on co_host_unit_ids serves only the former.
    parts.push(
      (eb) => eb('work_orders.host_unit_id', '=', unitId),
      (eb) => eb('work_orders.co_host_unit_ids', '@>', sql<number[]>`ARRAY[${unitId}]::int[]`),
    );
  }
  if (scope.visitor) {
    parts.push((eb) =>
      eb.and([eb('work_orders.status', 'in', [91, 92]), eb('work_orders.huifang_state', '<>', 0)]),
    );
  }
  if (scope.createdBy !== null) {
    const createdBy = scope.createdBy;
    parts.push((eb) => eb('work_orders.created_by', '=', createdBy));
  }
  if (parts.length === 0) return () => sql<boolean>`false`;
  const or = (eb: OrdersEb) => eb.or(parts.map((p) => p(eb)));
  // A unit's scope alone is the unit's rows of `order_units` (unit-page.ts).
  const alone = parts.length === 2 && scope.unitId !== null;
  const clause: OrdersWhere = alone ? Object.assign(or, { unit: scope.unitId! }) : or;
  scopeParts.set(clause, parts);
  return clause;
}
