import type { VisitResult } from '@hotline/domain';
import { OrderSim } from './demo-order-sim';
import type { Rng } from './random';

/**
 * Walks one demo order through the transitions of WORKFLOW section 5, from intake to the state
 * its scenario asks for, and records every step as an event. Times are relative milliseconds
 * (intake at 0); the caller shifts them to real time.
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

export type HuifangTarget = 1 | 2 | 11 | 12 | 13;

export type DeadlineBucket = 'overdue' | 'yesterday' | 'within8h' | 'within2d' | 'later';

export interface Scenario {
  stage: Stage;
  /** Final return-visit state for 'replied' (1, 2, 11, 12, 13) and 'closed' (1, 13). */
  huifang: HuifangTarget;
  secondVisit: boolean;
  /** A first host returned the order before the final host got it. */
  returnCycle: boolean;
  /** A reply was rejected once before the accepted one. */
  rejectCycle: boolean;
  deadline: DeadlineBucket | null;
  signedToday: boolean;
}

export interface OrderState {
  status: number;
  mainOrgStatus: number;
  huifangState: number;
}

export interface SimEvent {
  action: string;
  actorId: number | null;
  unitId: number | null;
  /** Null for the intake, which creates the order. */
  from: OrderState | null;
  to: OrderState;
  comment: string;
  at: number;
}

export interface SimAssignment {
  unitId: number;
  role: 'host' | 'cohost';
  status: number;
  active: boolean;
  assignedAt: number;
  signedAt: number | null;
  repliedAt: number | null;
}

export interface SimContext {
  typeId: number;
  limitHours: number;
  cityId: number;
  districtId: number;
  dispatcherId: number;
  reviewerId: number;
  visitorId: number;
  agentId: number;
  hostId: number;
  /** The unit that returned the order first (returnCycle only). */
  firstHostId: number;
  cohostId: number | null;
  handlerOf(unitId: number): number | null;
  unitName(unitId: number): string;
  replyText(resolved: boolean, contacted: boolean): string;
}

export interface SimVisit {
  count: number;
  time: number | null;
  result: VisitResult | null;
  contacted: boolean | null;
  resolved: boolean | null;
  remark: string | null;
}

export interface SimReply {
  time: number;
  content: string;
  contacted: boolean;
  resolved: boolean;
}

export interface SimTimes {
  call: number;
  sign: number | null;
  dispatch: number | null;
  hostSign: number | null;
  refuseDeadline: number | null;
  deadline: number | null;
  cityReply: number | null;
  closed: number | null;
}

export interface SimResult {
  state: OrderState;
  events: SimEvent[];
  assignments: SimAssignment[];
  times: SimTimes;
  last: number;
  hostId: number | null;
  dispatcherId: number | null;
  createdBy: number | null;
  needReviewStatus: number | null;
  reply: SimReply | null;
  visit: SimVisit;
}

const RETURN_STAGES: ReadonlySet<Stage> = new Set([
  'returnReview',
  'returnApproved',
  'returnedToCity',
]);
const EARLY_REPLY_STAGES: ReadonlySet<Stage> = new Set(['replyReview', 'rejectedBack']);

export function simulate(rng: Rng, sc: Scenario, ctx: SimContext): SimResult {
  const sim = new OrderSim(rng, ctx);
  sim.intake(sc.stage === 'unsigned');
  if (sc.stage === 'unsigned') return sim.result();
  if (sc.stage === 'refused') {
    sim.refuse();
    return sim.result();
  }
  sim.sign(sc.stage === 'signed' && rng.chance(0.5));
  if (sc.stage === 'signed') return sim.result();

  const returning = RETURN_STAGES.has(sc.stage);
  if (returning || sc.returnCycle) {
    sim.dispatch(returning ? ctx.hostId : ctx.firstHostId, null);
    if (rng.chance(0.5)) sim.hostSign();
    sim.applyReturn();
    if (sc.stage === 'returnReview') return sim.result();
    sim.approveReturn(sc.stage === 'returnedToCity');
    if (returning) return sim.result();
  }
  sim.dispatch(ctx.hostId, ctx.cohostId);

  const cycles = sc.secondVisit ? 2 : 1;
  for (let cycle = 1; cycle <= cycles; cycle++) {
    const last = cycle === cycles;
    if (cycle === 2) sim.reHandle();
    if (last && sc.stage === 'hostPending') return sim.result();
    sim.hostSign();
    if (last && sc.stage === 'handling') return sim.result();
    const resolved = last ? rng.chance(0.88) : false;
    sim.replyNow(resolved, last && EARLY_REPLY_STAGES.has(sc.stage));
    if (last && sc.stage === 'replyReview') return sim.result();
    if (last && (sc.stage === 'rejectedBack' || sc.rejectCycle)) {
      sim.rejectReply();
      if (sc.stage === 'rejectedBack') return sim.result();
      sim.replyNow(resolved, true);
    }
    sim.approveReply();
    sim.visits(last ? sc.huifang : 1, last ? null : 'unsatisfied');
    if (last && sc.stage === 'replied') return sim.result();
    sim.close();
  }
  return sim.result();
}
