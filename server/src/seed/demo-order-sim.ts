import {
  applyTransition,
  openedOrder,
  type ActionInputs,
  type ActionName,
  type Actor,
  type LifecycleSettings,
  type OrderState,
  type StateCodes,
  type Urgency,
} from '@hotline/domain';
import { NO_ACCOUNT } from './demo-actors';
import { SideTables } from './demo-side-tables';
import { MINUTE_MS } from './random';

/**
 * One demo order's life, decided by the domain: the seed picks the next action, its actor, its
 * input and when it happens; `applyTransition` says whether it is allowed and what the order
 * becomes, exactly as the server's `runAction` does; the side tables follow its effects
 * (demo-side-tables.ts). Times are milliseconds relative to the intake (dates near the epoch);
 * the caller shifts them to real time afterwards (`shiftDates`).
 */

export interface SimEvent {
  action: string;
  /** Null for the system and for handlers without a demo account. */
  actorId: number | null;
  unitId: number | null;
  /** Null for the intake, which creates the order. */
  from: StateCodes | null;
  to: StateCodes;
  comment: string;
  at: number;
}

/** How the order came in (the intake services write these columns; intake is not an action). */
export interface Opening {
  typeId: number;
  urgency: Urgency;
  /** Relative to the intake: the call came in before it. */
  callTime: number;
  /** A dispatcher's own order is signed (and claimed) at creation. */
  signedBy: number | null;
  /** Who typed the order in (null: the city sent it). */
  createdBy: number | null;
  actorId: number | null;
  unitId: number;
  comment: string;
}

export class OrderSim {
  private t = 0;
  private current: OrderState;
  readonly events: SimEvent[] = [];
  readonly tables = new SideTables();

  constructor(
    private readonly settings: LifecycleSettings,
    opening: Opening,
  ) {
    this.current = openedState(opening, settings);
    this.events.push({
      action: 'intake',
      actorId: opening.actorId,
      unitId: opening.unitId,
      from: null,
      to: codes(this.current),
      comment: opening.comment,
      at: 0,
    });
  }

  get state(): OrderState {
    return this.current;
  }

  /** Milliseconds since the intake. */
  get now(): number {
    return this.t;
  }

  /** Tries `action` `dt` after the last step. A refusal means the demo plan is wrong: it throws. */
  act<A extends ActionName>(action: A, actor: Actor, input: ActionInputs[A], dt: number): void {
    // Whole milliseconds, as dates hold them.
    this.t += Math.round(Math.max(dt, MINUTE_MS));
    const at = this.t;
    const result = applyTransition(this.current, action, actor, input, new Date(at), this.settings);
    if (!result.ok) {
      const { key, params } = result.refusal;
      throw new Error(`demo seed: the domain refused ${action}: ${key} ${JSON.stringify(params)}`);
    }
    const before = this.current;
    const { event, effects } = result;
    this.current = result.next;
    const { comment } = event;
    this.tables.follow({ before, next: this.current, effects, actor, comment, at });
    const actorId = actor.userId === NO_ACCOUNT ? null : actor.userId;
    this.events.push({ ...event, actorId, unitId: actor.unitId, at });
  }

  /**
   * The automatic sign of the city platform. The domain has no system actor yet, and its `sign`
   * claims the order for whoever signs: here the domain decides the step with the system's
   * dispatching rules, and the order stays unclaimed (pending pickup), as the automatic sign
   * leaves it. The only step of the demo the domain does not decide entirely.
   */
  systemSign(system: Actor, dt: number): void {
    const unclaimed = this.current.dispatcherId;
    this.act('sign', system, {}, dt);
    this.current = { ...this.current, dispatcherId: unclaimed };
    const last = this.events[this.events.length - 1];
    if (last) Object.assign(last, { actorId: null, comment: '系统自动签收' });
  }
}

const codes = (o: OrderState): StateCodes => ({
  status: o.status,
  mainOrgStatus: o.mainOrgStatus,
  huifangState: o.huifangState,
  needReviewStatus: o.needReviewStatus,
});

/** The order as the intake services create it, in relative time (intake at 0). */
function openedState(o: Opening, settings: LifecycleSettings): OrderState {
  const opening = { typeId: o.typeId, urgency: o.urgency, signedBy: o.signedBy };
  return openedOrder(
    { ...opening, id: 0, callTime: new Date(o.callTime), at: new Date(0), createdBy: o.createdBy },
    settings,
  );
}

/** The state with every date moved by `ms` (the rules only add to and compare times). */
export function shiftDates(state: OrderState, ms: number): OrderState {
  if (state.lock) throw new Error('demo seed: orders are never left locked');
  const moved = Object.entries(state).map(([k, v]) => [
    k,
    v instanceof Date ? new Date(v.getTime() + ms) : v,
  ]);
  return Object.fromEntries(moved) as unknown as OrderState;
}
