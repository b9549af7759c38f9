import { RULES } from '../org';
import type { Actor, OrderState } from './types';

/** Capabilities derived from rule strings (WORKFLOW section 8). Admins hold every one. */
const has = (actor: Actor, rule: string) => actor.admin || actor.rules.includes(rule);

export const isDispatcher = (a: Actor) =>
  a.admin || (a.rules.includes(RULES.districtQuery) && a.rules.includes(RULES.case));
export const isReviewer = (a: Actor) => has(a, RULES.review);
export const isVisitor = (a: Actor) => has(a, RULES.callback);
export const isIntakeAgent = (a: Actor) => has(a, RULES.case);
export const isLeader = (a: Actor) => has(a, RULES.leader);
/**
 * A leader reads (and supervises) the whole district only from a district (or city) unit; the
 * leader of a street, town or department reads its own unit's orders, as its handlers do.
 */
export const isDistrictLeader = (a: Actor) =>
  a.admin ||
  (a.rules.includes(RULES.leader) && (a.unitKind === 'district' || a.unitKind === 'city'));
export const isUnitLeader = (a: Actor) => a.rules.includes(RULES.leader) && !isDistrictLeader(a);
export const isDistrictReader = (a: Actor) => has(a, RULES.districtQuery) || isDistrictLeader(a);
export const isUnitHandler = (a: Actor) =>
  a.rules.includes(RULES.street) || a.rules.includes(RULES.department);

/** The actor handles this order for its host unit (admins may act for any host). */
export const isHostOf = (a: Actor, o: OrderState) =>
  a.admin || (isUnitHandler(a) && o.hostUnitId !== null && o.hostUnitId === a.unitId);

export const isCoHostOf = (a: Actor, o: OrderState) =>
  isUnitHandler(a) && o.coHostUnitIds.includes(a.unitId);

export const canSupervise = (a: Actor) => isDispatcher(a) || isReviewer(a) || isDistrictLeader(a);

/**
 * What intake looks through — the caller's earlier orders, similar orders, the open order a new
 * call merges into: the reading rule, and for an intake agent the whole district. The agent on
 * the phone must see that the caller or the problem is already known, and merging a repeat
 * call into the open order is intake's own decision (docs/decisions/0018). Opening an order
 * stays `canRead`'s.
 */
export function canSeeAtIntake(a: Actor, o: OrderState): boolean {
  return isIntakeAgent(a) || canRead(a, o);
}

/** Reading rule (row scope) of WORKFLOW section 8, for one loaded order. */
export function canRead(a: Actor, o: OrderState): boolean {
  if (a.admin || isDistrictReader(a)) return true;
  if (isHostOf(a, o) || isCoHostOf(a, o)) return true;
  if (isUnitLeader(a) && (o.hostUnitId === a.unitId || o.coHostUnitIds.includes(a.unitId)))
    return true;
  if (isVisitor(a) && (o.status === 91 || o.status === 92) && o.huifangState !== 0) return true;
  if (isIntakeAgent(a) && o.createdBy === a.userId) return true;
  return false;
}
