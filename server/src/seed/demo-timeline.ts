import type { OrderState } from '@hotline/domain';
import type { SimEvent } from './demo-order-sim';
import type { SimAssignment, SimRequest, SimVisitRecord } from './demo-side-tables';
import { DemoSteps } from './demo-order-steps';
import type { HuifangTarget, SimContext } from './demo-sim-context';
import type { Rng } from './random';

export type { HuifangTarget, SimContext };

/**
 * Walks one demo order through the transitions of WORKFLOW section 5, from intake to the state
 * its scenario asks for: the scenario chooses the steps, the domain decides each of them
 * (demo-order-sim.ts). Times are relative milliseconds (intake at 0); the caller shifts them to
 * real time.
 */

export type Stage =
  | 'unsigned' // 0 / -1
  | 'refused' // 71 / -1
  | 'signed' // 1 / -1
  | 'hostPending' // 1 / 0
  | 'handling' // 1 / 1
  | 'rejectedBack' // 1 / 1, needReviewStatus 3
  | 'returnApproved' // 1 / 71
  | 'replyReview' // 11 / 11
  | 'returnReview' // 12 / 12
  | 'returnedToCity' // 72 / 71
  | 'replied' // 91 / 72
  | 'closed'; // 92 / 72

export type DeadlineBucket = 'overdue' | 'yesterday' | 'within8h' | 'within2d' | 'later';

export interface Scenario {
  stage: Stage;
  /**
   * Final return-visit state for 'replied' (2, 11, 12, 13) and 'closed' (1, 13). A reached
   * visit closes the order, so a replied order is never visited (1).
   */
  huifang: HuifangTarget;
  secondVisit: boolean;
  /** A first host returned the order before the final host got it. */
  returnCycle: boolean;
  /** A reply was rejected once before the accepted one. */
  rejectCycle: boolean;
  deadline: DeadlineBucket | null;
  signedToday: boolean;
  keyAppeal: boolean;
  supervise: boolean;
  /** An extension asked for while handling (only hosts with a demo account ask). */
  extension: ExtensionPlan;
  /** A closed order left out of the assessment (only hosts with a demo account ask). */
  exclusion: boolean;
}

export type ExtensionPlan = 'pending' | 'approved' | 'rejected' | null;

export interface SimResult {
  /** The domain's state after the last step, in relative time. */
  state: OrderState;
  events: SimEvent[];
  assignments: SimAssignment[];
  visits: SimVisitRecord[];
  requests: SimRequest[];
  /** When the last step happened. */
  last: number;
}

const RETURN_STAGES: ReadonlySet<Stage> = new Set([
  'returnReview',
  'returnApproved',
  'returnedToCity',
]);
const EARLY_REPLY_STAGES: ReadonlySet<Stage> = new Set(['replyReview', 'rejectedBack']);
/** Stages the order reaches without a host: supervision comes before they end. */
const UNDISPATCHED: ReadonlySet<Stage> = new Set(['unsigned', 'refused', 'signed']);

export function simulate(rng: Rng, sc: Scenario, ctx: SimContext): SimResult {
  const walk = new DemoSteps(rng, ctx, sc.stage === 'unsigned');
  const result = (): SimResult => ({
    state: walk.sim.state,
    events: walk.sim.events,
    assignments: walk.sim.tables.assignments,
    visits: walk.sim.tables.visits,
    requests: walk.sim.tables.requests,
    last: walk.sim.now,
  });
  let supervise = sc.supervise;
  const superviseOnce = () => {
    if (supervise) walk.supervise();
    supervise = false;
  };
  if (sc.keyAppeal) walk.keyAppeal();
  if (UNDISPATCHED.has(sc.stage)) superviseOnce();
  if (sc.stage === 'unsigned') return result();
  if (sc.stage === 'refused') {
    walk.refuse();
    return result();
  }
  walk.sign(sc.stage === 'signed' && rng.chance(0.5));
  if (sc.stage === 'signed') return result();

  const returning = RETURN_STAGES.has(sc.stage);
  if (returning || sc.returnCycle) {
    walk.dispatch(returning ? ctx.hostId : ctx.firstHostId, null);
    superviseOnce();
    if (rng.chance(0.5)) walk.hostSign(returning);
    walk.applyReturn();
    if (sc.stage === 'returnReview') return result();
    walk.approveReturn(sc.stage === 'returnedToCity');
    if (returning) return result();
  }
  walk.dispatch(ctx.hostId, ctx.cohostId);
  superviseOnce();

  const cycles = sc.secondVisit ? 2 : 1;
  for (let cycle = 1; cycle <= cycles; cycle++) {
    const last = cycle === cycles;
    if (cycle === 2) walk.reHandle();
    if (last && sc.stage === 'hostPending') return result();
    walk.hostSign(true);
    if (last && sc.extension && walk.hostHasAccount()) walk.extension(sc.extension);
    if (last && sc.stage === 'handling') return result();
    const resolved = last ? rng.chance(0.88) : false;
    walk.reply(resolved, last && EARLY_REPLY_STAGES.has(sc.stage));
    if (last && sc.stage === 'replyReview') return result();
    if (last && (sc.stage === 'rejectedBack' || sc.rejectCycle)) {
      walk.rejectReply();
      if (sc.stage === 'rejectedBack') return result();
      walk.reply(resolved, true);
    }
    walk.approveReply();
    walk.visits(last ? sc.huifang : 1, last ? null : 'unsatisfied');
    if (last && sc.stage === 'replied') return result();
    // Reached visits closed the order; an unreachable citizen leaves it to the call-back staff.
    if (walk.state.status === 91) walk.closeUnreachable();
  }
  if (sc.exclusion && walk.hostHasAccount()) walk.exclusion();
  return result();
}
