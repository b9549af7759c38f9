import type { Lang } from './codes';
import {
  QUEUE_FILTERS,
  inQueue,
  isPersonalQueue,
  type QueueContext,
  type QueueFacts,
} from './lifecycle/queue-filters';
import { isHostQueue } from './order-sources';
import { queueById } from './queues';

/**
 * Push channel deltas (spec section 4, "Badges and notices"): which queue counts an order's
 * change moved, and for whom. Pure: the server calls it after commit with the order's facts
 * before and after, and sends one count message per delta to the delta's room.
 *
 * Audiences. A queue whose conditions do not depend on the viewer (district and call-back
 * queues) has one audience: everyone whose menu shows it, room `q:<menuId>`. A host queue
 * (a top-level `hostIsViewer` condition: street, town and department queues) has one audience
 * per host unit, room `q:<menuId>@<unitId>`; only the unit the order left or entered can gain
 * or lose it. A connection joins the rooms of exactly the queues of its user's menu, so the
 * deltas reach exactly the badges the count call fills. A personal list (the orders a viewer
 * typed in) has no badge and no audience: it is left out.
 */

/**
 * What an order's queue membership depends on, plus its source (a badge counts every source:
 * order-sources.ts).
 */
export type PushFacts = QueueFacts & { typeId: number };

export type PushDeltaContext = Omit<QueueContext, 'viewerUnitId' | 'viewerUserId'>;

/** The queues with a badge: all but the personal lists. */
export const COUNTED_QUEUES: readonly string[] = Object.keys(QUEUE_FILTERS).filter(
  (id) => !isPersonalQueue(id),
);

export interface QueueDelta {
  menuId: string;
  /** The host unit for a host queue; null for a queue everyone with it on the menu sees. */
  unitId: number | null;
  action: 'add' | 'sub';
}

export function queueRoom(menuId: string, unitId: number | null): string {
  return unitId === null ? `q:${menuId}` : `q:${menuId}@${unitId}`;
}

/** The rooms a viewer's connection joins: one per queue of its menu. */
export function roomsForViewer(menuIds: readonly string[], viewerUnitId: number): string[] {
  return [...new Set(menuIds)]
    .filter((id) => COUNTED_QUEUES.includes(id))
    .map((id) => queueRoom(id, isHostQueue(id) ? viewerUnitId : null));
}

function member(
  menuId: string,
  facts: PushFacts | null,
  ctx: PushDeltaContext,
  viewerUnitId: number,
): boolean {
  // no viewer: personal lists, the only queues that read it, are never counted
  return facts !== null && inQueue(menuId, facts, { ...ctx, viewerUnitId, viewerUserId: -1 });
}

/**
 * The queue deltas of one change: `before` null for a new order, `after` null for one that
 * is gone. Both sides are judged with the same clock, so a time-bound queue (signed today,
 * overdue warning) moves only through the change itself.
 */
export function queueDeltas(
  before: PushFacts | null,
  after: PushFacts | null,
  ctx: PushDeltaContext,
): QueueDelta[] {
  const out: QueueDelta[] = [];
  for (const menuId of COUNTED_QUEUES) {
    const units: (number | null)[] = isHostQueue(menuId)
      ? [...new Set([before?.hostUnitId ?? null, after?.hostUnitId ?? null])].filter(
          (u): u is number => u !== null,
        )
      : [null];
    for (const unitId of units) {
      // The viewer's unit only matters to host conditions; -1 is no unit at all.
      const viewer = unitId ?? -1;
      const was = member(menuId, before, ctx, viewer);
      const is = member(menuId, after, ctx, viewer);
      if (was !== is) out.push({ menuId, unitId, action: is ? 'add' : 'sub' });
    }
  }
  return out;
}

/** The notice text a gain of this queue carries (spec section 9), or null for none. */
export function noticeText(menuId: string, lang: Lang): string | null {
  return queueById(menuId)?.notice?.[lang] ?? null;
}
