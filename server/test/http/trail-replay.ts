import {
  applyTransition,
  type ActionName,
  type Actor,
  type LifecycleSettings,
  type OrderState,
  type StateCodes,
} from '@hotline/domain';
import type { Trail, TrailEvent } from '../support/seed-trails';

/**
 * The concurrency probe's checks on a recorded order trail (concurrency-invariants.test.ts):
 * the trail replayed through the pure domain, and the lock followed along it.
 */

const codes = (c: StateCodes | null) =>
  c && `${c.status}/${c.mainOrgStatus}/${c.huifangState}/${c.needReviewStatus ?? '-'}`;

/** The domain input of a recorded step, from the event and the side tables that keep it. */
function inputOf(e: TrailEvent, state: OrderState, trail: Trail): unknown {
  const comment = e.comment;
  const at = (x: { at: Date }) => x.at.getTime() === e.at.getTime();
  switch (e.action) {
    case 'sign':
    case 'claim':
    case 'host_sign':
    case 'lock':
      return {};
    case 'unlock':
      // An unlock by someone else than the holder is an administrator's force.
      return { force: state.lock !== null && state.lock.userId !== e.actorId };
    case 'refuse':
    case 'apply_return':
      return { reason: comment };
    case 'dispatch': {
      const d = trail.dispatches.find(at);
      if (!d) throw new Error('no assignment for the dispatch');
      return { hostUnitId: d.hostUnitId, coHostUnitIds: d.coHostUnitIds, comment };
    }
    case 'approve_return':
      return { comment, toCity: e.to.status === 72 };
    case 'reply':
      return { content: comment, contacted: true, resolved: true };
    case 'visit': {
      const v = trail.visits[state.visitCount];
      if (!v) throw new Error('no visit record for the attempt');
      return {
        reached: v.reached,
        hostContacted: v.hostContacted ?? undefined,
        resolved: v.resolved ?? undefined,
        satisfaction: v.satisfaction ?? undefined,
        remark: comment,
      };
    }
    case 'key_appeal':
      return { on: true, comment };
    case 'apply_extension':
      return { hours: trail.requests.find(at)?.hours ?? 0, reason: comment };
    case 'apply_exclusion':
      return { tichuType: trail.requests.find(at)?.tichuType ?? '', reason: comment };
    case 'record_staff':
      return { staff: comment || '李四' };
    case 'add_note':
      return { content: comment };
    default:
      return { comment };
  }
}

/** JSON with the keys of every object sorted (the database's JSON sorts its own). */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, sort(x)]),
          )
        : v;
  return JSON.stringify(sort(JSON.parse(JSON.stringify(value))));
}

/** Replays one order's trail from its state at creation; what went wrong, or null. */
export function replay(
  initial: OrderState,
  trail: Trail,
  actors: Map<number, Actor>,
  settings: LifecycleSettings,
): string | null {
  let state = initial;
  for (const [i, e] of trail.events.entries()) {
    const where = `order ${trail.id} event ${i + 1} ${e.action}`;
    const who = actors.get(e.actorId ?? 0);
    if (!who) return `${where}: unknown actor ${e.actorId}`;
    const action = e.action as ActionName;
    const input = inputOf(e, state, trail) as never;
    const result = applyTransition(state, action, who, input, e.at, settings);
    if (!result.ok) return `${where}: the domain refuses it (${result.refusal.key})`;
    const recorded = JSON.stringify([codes(e.from), codes(e.to)]);
    const decided = JSON.stringify([codes(result.event.from), codes(result.event.to)]);
    if (recorded !== decided) return `${where}: recorded ${recorded}, domain ${decided}`;
    state = result.next;
  }
  // The stored order is loaded without its lock; the lock rows are checked in (c).
  const replayed = canonical({ ...state, lock: null });
  const stored = canonical({ ...trail.final, lock: null });
  return replayed === stored ? null : `order ${trail.id}: replayed ${replayed}, stored ${stored}`;
}

/** (c): who holds each order's lock along its trail; events by a non-holder while held. */
export function lockBreaches(trail: Trail): { breaches: string[]; holder: number | null } {
  const breaches: string[] = [];
  let holder: number | null = null;
  for (const e of trail.events) {
    const by = e.actorId;
    if (e.action === 'lock') {
      if (holder !== null && holder !== by)
        breaches.push(`${trail.id}: lock by ${by} over ${holder}`);
      holder = by;
    } else if (e.action === 'unlock') {
      holder = null;
    } else {
      if (holder !== null && holder !== by) {
        breaches.push(`${trail.id}: ${e.action} by ${by} while ${holder} held the lock`);
      }
      // The holder's step that moves the order releases the lock (the domain's rule).
      if (holder !== null && codes(e.from) !== codes(e.to)) holder = null;
    }
  }
  return { breaches, holder };
}
