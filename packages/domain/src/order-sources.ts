import { QUEUE_FILTERS } from './lifecycle/queue-filters';
import {
  isDistrictReader,
  isIntakeAgent,
  isUnitHandler,
  isUnitLeader,
  isVisitor,
} from './lifecycle/roles';
import type { Actor } from './lifecycle/types';
import { RULES } from './org';
import { DEFAULT_TYPE_IDS, ORDER_TYPE_IDS } from './work-order';

/**
 * Which order sources (`typeId`) a list shows (decision 0019). The spec's case list shows
 * sources 1, 5, 7 by default and 8, 9, 10 (grid reports, leader-assigned, proactive) with
 * /ddw_button_role. But an order of any source is work for someone: dispatched to a street it
 * must be signed, replied to it must be reviewed. So:
 * - a work list — every queue (to sign, in process, to review, to visit…, with its badge) and
 *   the lists of pending requests and overdue orders — shows every source, for anyone;
 * - the whole list (the case list, 工单查询) shows 1, 5, 7, and 8, 9, 10 as well when asked
 *   with /ddw_button_role; for a reader confined to its unit's orders (a street, town or
 *   department handler or leader, with no district-wide role beside) every source.
 */

/** A queue (`menuId`), another list of work to do, or the caller's whole list. */
export type ListKind = 'queue' | 'work' | 'whole';

/** Queues keyed by a top-level host condition: their audience is the host unit. */
export function isHostQueue(menuId: string): boolean {
  const conds = QUEUE_FILTERS[menuId];
  if (!conds) throw new Error(`unknown queue ${menuId}`);
  return conds.some((c) => c.kind === 'hostIsViewer');
}

/** Reads only what its unit hosts or co-hosts: no district-wide, call-back or intake reading. */
export function readsOnlyItsUnit(actor: Actor): boolean {
  if (actor.admin || isDistrictReader(actor) || isVisitor(actor) || isIntakeAgent(actor)) {
    return false;
  }
  return isUnitHandler(actor) || isUnitLeader(actor);
}

export interface ListSources {
  /** Shown when the caller names none. */
  byDefault: readonly number[];
  /** What the caller may name; anything else is refused, never silently narrowed. */
  allowed: readonly number[];
}

/** The sources of a list of this kind for this caller. */
export function listSources(actor: Actor, kind: ListKind): ListSources {
  const all = kind !== 'whole' || readsOnlyItsUnit(actor);
  const wider = all || actor.admin || actor.rules.includes(RULES.widerTypes);
  return {
    byDefault: all ? ORDER_TYPE_IDS : DEFAULT_TYPE_IDS,
    allowed: wider ? ORDER_TYPE_IDS : DEFAULT_TYPE_IDS,
  };
}
