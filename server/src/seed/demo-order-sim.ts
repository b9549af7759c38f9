import { DEFAULT_REFUSE_SIGN_HOURS, type VisitResult } from '@hotline/domain';
import {
  APPROVE_RETURN_COMMENTS,
  REFUSE_REASONS,
  REJECT_REPLY_COMMENTS,
  RETURN_REASONS,
  RETURN_TO_CITY_COMMENTS,
  VISIT_FAILURES,
  VISIT_REMARKS,
} from './demo-content';
import type {
  HuifangTarget,
  OrderState,
  SimAssignment,
  SimContext,
  SimEvent,
  SimReply,
  SimResult,
  SimTimes,
  SimVisit,
} from './demo-timeline';
import { HOUR_MS, MINUTE_MS, type Rng } from './random';

/** City-dispatched and direct-dispatch orders come from (and may go back to) the city. */
export const CITY_TYPES: ReadonlySet<number> = new Set([1, 7]);

const FAILURES_BEFORE_SUCCESS: readonly (readonly [number, number])[] = [
  [0, 85],
  [1, 10],
  [2, 5],
];
const FAILURES_TO = { 2: 0, 11: 1, 12: 2, 13: 3 } as const;
const VISIT_RESULT_WEIGHTS: readonly (readonly [VisitResult, number])[] = [
  ['satisfied', 76],
  ['basic', 15],
  ['unsatisfied', 9],
];

const NO_VISIT: SimVisit = {
  count: 0,
  time: null,
  result: null,
  contacted: null,
  resolved: null,
  remark: null,
};

/**
 * One order's walk through the transitions of WORKFLOW section 5. Each method is one action:
 * it advances the clock, changes the state and records the event, the way the real service
 * would. Times are milliseconds relative to the intake.
 */
export class OrderSim {
  private t = 0;
  private state: OrderState = { status: 0, mainOrgStatus: -1, huifangState: 0 };
  private readonly events: SimEvent[] = [];
  private readonly assignments: SimAssignment[] = [];
  private readonly times: SimTimes = {
    call: 0,
    sign: null,
    dispatch: null,
    hostSign: null,
    refuseDeadline: null,
    deadline: null,
    cityReply: null,
    closed: null,
  };
  private hostId: number | null = null;
  private dispatcherId: number | null = null;
  private createdBy: number | null = null;
  private needReviewStatus: number | null = null;
  private reply: SimReply | null = null;
  private visit: SimVisit = NO_VISIT;

  constructor(
    private readonly rng: Rng,
    private readonly ctx: SimContext,
  ) {}

  private act(
    action: string,
    actorId: number | null,
    unitId: number | null,
    to: Partial<OrderState>,
    dt: number,
    comment = '',
  ): void {
    this.t += Math.max(dt, MINUTE_MS);
    const from = this.events.length === 0 ? null : { ...this.state };
    this.state = { ...this.state, ...to };
    this.events.push({ action, actorId, unitId, from, to: { ...this.state }, comment, at: this.t });
  }

  /** An action of the district centre (dispatcher, reviewer or call-back staff). */
  private district(
    action: string,
    actorId: number | null,
    to: Partial<OrderState>,
    dt: number,
    comment = '',
  ): void {
    this.act(action, actorId, this.ctx.districtId, to, dt, comment);
  }

  /** An action of the host unit's handler. */
  private host(action: string, to: Partial<OrderState>, dt: number, comment = ''): void {
    const handler = this.hostId === null ? null : this.ctx.handlerOf(this.hostId);
    this.act(action, handler, this.hostId, to, dt, comment);
  }

  private setAssignments(status: number, patch: Partial<SimAssignment> = {}): void {
    for (const a of this.assignments) if (a.active) Object.assign(a, { status }, patch);
  }

  private assign(unitId: number, role: SimAssignment['role']): void {
    this.assignments.push({
      unitId,
      role,
      status: 0,
      active: true,
      assignedAt: this.t,
      signedAt: null,
      repliedAt: null,
    });
  }

  intake(agentOnly: boolean): void {
    const { ctx, rng } = this;
    if (CITY_TYPES.has(ctx.typeId)) {
      this.times.call = -rng.hours(0.2, 6);
      this.act('intake', null, ctx.cityId, {}, 0, '市12345中心派发');
      this.times.refuseDeadline = this.t + DEFAULT_REFUSE_SIGN_HOURS * HOUR_MS;
      return;
    }
    // Self-built: an agent's order waits for signing, a dispatcher's is signed at creation.
    this.times.call = -rng.hours(0.03, 0.3);
    const byAgent = agentOnly || (ctx.typeId === 5 && rng.chance(0.5));
    this.createdBy = byAgent ? ctx.agentId : ctx.dispatcherId;
    this.district('intake', this.createdBy, byAgent ? {} : { status: 1 }, 0, '区级自建工单');
    if (!byAgent) {
      this.times.sign = this.t;
      this.dispatcherId = ctx.dispatcherId;
    }
  }

  refuse(): void {
    const reason = this.rng.pick(REFUSE_REASONS);
    this.district('refuse', this.ctx.dispatcherId, { status: 71 }, this.rng.hours(0.2, 20), reason);
  }

  /** Signing; an automatic sign leaves the order unclaimed (pending pickup). */
  sign(automatic: boolean): void {
    if (this.state.status !== 0) return;
    const actor = automatic ? null : this.ctx.dispatcherId;
    const comment = automatic ? '系统自动签收' : '';
    this.district('sign', actor, { status: 1 }, this.rng.hours(0.05, 2), comment);
    this.times.sign = this.t;
    this.dispatcherId = actor;
  }

  dispatch(hostId: number, cohostId: number | null): void {
    const { ctx, rng } = this;
    this.dispatcherId = ctx.dispatcherId;
    const names = [hostId, ...(cohostId === null ? [] : [cohostId])].map(ctx.unitName).join('、');
    const dt = rng.hours(0.1, 4);
    this.district('dispatch', ctx.dispatcherId, { mainOrgStatus: 0 }, dt, `派发至${names}`);
    this.hostId = hostId;
    this.startClock();
    this.assign(hostId, 'host');
    if (cohostId !== null) this.assign(cohostId, 'cohost');
  }

  /** Dispatch and re-handle both start the host's clock. */
  private startClock(): void {
    this.times.dispatch = this.t;
    this.times.refuseDeadline = this.t + DEFAULT_REFUSE_SIGN_HOURS * HOUR_MS;
    this.times.deadline = this.t + this.ctx.limitHours * HOUR_MS;
    this.times.hostSign = null;
  }

  hostSign(): void {
    const limit = Math.min(this.ctx.limitHours, 160) * HOUR_MS;
    const dt = this.rng.hours(0.1, 1) + this.rng.float(0, 0.1) * limit;
    this.host('host_sign', { mainOrgStatus: 1 }, dt);
    this.times.hostSign = this.t;
    this.setAssignments(1, { signedAt: this.t });
  }

  applyReturn(): void {
    const reason = this.rng.pick(RETURN_REASONS);
    this.host('apply_return', { status: 12, mainOrgStatus: 12 }, this.rng.hours(0.5, 16), reason);
    this.setAssignments(12);
  }

  /** Approving a return sends the order back to the district, or on to the city. */
  approveReturn(toCity: boolean): void {
    const to = toCity ? { status: 72, mainOrgStatus: 71 } : { status: 1, mainOrgStatus: 71 };
    const comment = this.rng.pick(toCity ? RETURN_TO_CITY_COMMENTS : APPROVE_RETURN_COMMENTS);
    this.district('approve_return', this.ctx.reviewerId, to, this.rng.hours(0.5, 24), comment);
    this.setAssignments(71, { active: false });
  }

  /** The host's reply, mostly within the time limit; `early` keeps it well inside. */
  replyNow(resolved: boolean, early: boolean): void {
    const { ctx, rng } = this;
    const overdue = !early && rng.chance(0.08);
    const frac = overdue
      ? rng.float(1.02, 1.5)
      : early
        ? rng.float(0.15, 0.7)
        : rng.float(0.1, 0.95);
    const target = (this.times.dispatch ?? 0) + frac * ctx.limitHours * HOUR_MS;
    const contacted = rng.chance(0.95);
    const content = ctx.replyText(resolved, contacted);
    const dt = Math.max(target - this.t, rng.hours(0.3, 1));
    this.host('reply', { status: 11, mainOrgStatus: 11 }, dt, content);
    this.reply = { time: this.t, content, contacted, resolved };
    // A reply after a rejection settles the rejection.
    if (this.needReviewStatus === 3) this.needReviewStatus = null;
    this.setAssignments(11, { repliedAt: this.t });
  }

  rejectReply(): void {
    const comment = this.rng.pick(REJECT_REPLY_COMMENTS);
    const to = { status: 1, mainOrgStatus: 1 };
    this.district('reject_reply', this.ctx.reviewerId, to, this.rng.hours(1, 20), comment);
    this.needReviewStatus = 3;
    this.reply = null;
    this.setAssignments(1, { repliedAt: null });
  }

  approveReply(): void {
    const to = { status: 91, mainOrgStatus: 72, huifangState: 2 };
    this.district('approve_reply', this.ctx.reviewerId, to, this.rng.hours(0.5, 24));
    if (CITY_TYPES.has(this.ctx.typeId)) this.times.cityReply = this.t;
    this.setAssignments(72);
  }

  /** Call-back attempts up to `target`: failures walk 2 → 11 → 12 → 13, a success sets 1. */
  visits(target: HuifangTarget, forced: VisitResult | null): void {
    const { ctx, rng } = this;
    const failures = target === 1 ? rng.weighted(FAILURES_BEFORE_SUCCESS) : FAILURES_TO[target];
    const failedStates = [11, 12, 13] as const;
    for (let i = 0; i < failures; i++) {
      const dt = i === 0 ? rng.hours(2, 60) : rng.hours(2, 26);
      const huifangState = failedStates[i] ?? 13;
      this.district('visit', ctx.visitorId, { huifangState }, dt, rng.pick(VISIT_FAILURES));
      this.visit = { ...this.visit, count: this.visit.count + 1, time: this.t, contacted: false };
    }
    if (target !== 1) return;
    const result = forced ?? rng.weighted(VISIT_RESULT_WEIGHTS);
    const resolvedShare = { satisfied: 0.95, basic: 0.7, unsatisfied: 0.15 }[result];
    const resolved = forced === 'unsatisfied' ? false : rng.chance(resolvedShare);
    const remark = rng.pick(VISIT_REMARKS[result]);
    const dt = failures ? rng.hours(2, 26) : rng.hours(2, 60);
    this.district('visit', ctx.visitorId, { huifangState: 1 }, dt, remark);
    this.visit = {
      count: this.visit.count + 1,
      time: this.t,
      result,
      contacted: true,
      resolved,
      remark,
    };
  }

  /** Closing after a visit, or automatically after the third failed attempt. */
  close(): void {
    const automatic = this.state.huifangState === 13 || this.rng.chance(0.2);
    const actor = automatic ? null : this.ctx.visitorId;
    const comment = automatic ? '系统自动办结' : '';
    this.district('close', actor, { status: 92 }, this.rng.hours(0.1, 8), comment);
    this.times.closed = this.t;
  }

  /** Unsatisfied and unresolved: the reviewer sends the order back to the same host. */
  reHandle(): void {
    const to = { status: 1, mainOrgStatus: 0, huifangState: 0 };
    const comment = '回访不满意且未解决，重新办理';
    this.district('re_handle', this.ctx.reviewerId, to, this.rng.hours(2, 72), comment);
    this.startClock();
    this.times.cityReply = null;
    this.times.closed = null;
    this.reply = null;
    this.visit = { ...NO_VISIT, count: this.visit.count };
    this.setAssignments(0, { signedAt: null, repliedAt: null });
  }

  result(): SimResult {
    return {
      state: this.state,
      events: this.events,
      assignments: this.assignments,
      times: this.times,
      last: this.t,
      hostId: this.hostId,
      dispatcherId: this.dispatcherId,
      createdBy: this.createdBy,
      needReviewStatus: this.needReviewStatus,
      reply: this.reply,
      visit: this.visit,
    };
  }
}
