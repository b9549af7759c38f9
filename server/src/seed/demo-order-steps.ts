import type { Actor, OrderState, VisitResult } from '@hotline/domain';
import { NO_ACCOUNT } from './demo-actors';
import {
  APPROVE_EXCLUSION_COMMENTS,
  APPROVE_EXTENSION_COMMENTS,
  APPROVE_RETURN_COMMENTS,
  CLOSE_UNREACHABLE_COMMENTS,
  EXCLUSION_REASONS,
  EXTENSION_REASONS,
  KEY_APPEAL_COMMENTS,
  REFUSE_REASONS,
  REHANDLE_COMMENTS,
  REJECT_EXTENSION_COMMENTS,
  REJECT_REPLY_COMMENTS,
  RETURN_REASONS,
  RETURN_TO_CITY_COMMENTS,
  SUPERVISE_COMMENTS,
  TICHU_TYPES,
  VISIT_FAILURES,
  VISIT_REMARKS,
} from './demo-comments';
import { OrderSim } from './demo-order-sim';
import type { HuifangTarget, SimContext } from './demo-sim-context';
import { HOUR_MS, type Rng } from './random';

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
const EXTENSION_HOURS = [24, 48, 72, 120] as const;

/**
 * The named steps of a demo order: each picks who acts, with what input and how long after the
 * previous step, and hands it to the domain through `OrderSim`.
 */
export class DemoSteps {
  readonly sim: OrderSim;

  constructor(
    private readonly rng: Rng,
    private readonly ctx: SimContext,
    agentOnly: boolean,
  ) {
    const { actors } = ctx;
    const base = { typeId: ctx.typeId, urgency: ctx.urgency };
    if (CITY_TYPES.has(ctx.typeId)) {
      const callTime = -rng.hours(0.2, 6);
      this.sim = new OrderSim(ctx.settings, {
        ...base,
        callTime,
        signedBy: null,
        createdBy: null,
        actorId: null,
        unitId: ctx.cityId,
        comment: '市12345中心派发',
      });
      return;
    }
    // Self-built: an agent's order waits for signing, a dispatcher's is signed at creation.
    const callTime = -rng.hours(0.03, 0.3);
    const byAgent = agentOnly || (ctx.typeId === 5 && rng.chance(0.5));
    const creator = byAgent ? actors.agent : actors.dispatcher;
    this.sim = new OrderSim(ctx.settings, {
      ...base,
      callTime,
      signedBy: byAgent ? null : creator.userId,
      createdBy: creator.userId,
      actorId: creator.userId,
      unitId: ctx.districtId,
      comment: '区级自建工单',
    });
  }

  get state(): OrderState {
    return this.sim.state;
  }

  /** The handler of the order's current host unit. */
  private host(): Actor {
    const id = this.state.hostUnitId;
    if (id === null) throw new Error('demo seed: the order has no host');
    return this.ctx.actors.host(id);
  }

  hostHasAccount(): boolean {
    return this.host().userId !== NO_ACCOUNT;
  }

  keyAppeal(): void {
    const comment = this.rng.pick(KEY_APPEAL_COMMENTS);
    this.sim.act('key_appeal', this.ctx.actors.dispatcher, { on: true, comment }, this.minutes());
  }

  supervise(): void {
    const { actors } = this.ctx;
    const who = this.rng.chance(0.5) ? actors.leader : actors.reviewer;
    const comment = this.rng.pick(SUPERVISE_COMMENTS);
    this.sim.act('supervise', who, { comment }, this.rng.hours(0.5, 20));
  }

  /** Refusing is only possible before the refusal deadline. */
  refuse(): void {
    const reason = this.rng.pick(REFUSE_REASONS);
    const left = (this.state.refuseDeadline?.getTime() ?? 0) - this.sim.now;
    const dt = this.rng.float(0.01, 0.83) * left;
    this.sim.act('refuse', this.ctx.actors.dispatcher, { reason }, dt);
  }

  /** Signing; an automatic sign leaves the order unclaimed (pending pickup). */
  sign(automatic: boolean): void {
    if (this.state.status !== 0) return;
    const dt = this.rng.hours(0.05, 2);
    if (automatic) this.sim.systemSign(this.ctx.actors.system, dt);
    else this.sim.act('sign', this.ctx.actors.dispatcher, {}, dt);
  }

  dispatch(hostId: number, cohostId: number | null): void {
    const { ctx, rng } = this;
    const coHostUnitIds = cohostId === null ? [] : [cohostId];
    const names = [hostId, ...coHostUnitIds].map(ctx.unitName).join('、');
    const input = { hostUnitId: hostId, coHostUnitIds, comment: `派发至${names}` };
    this.sim.act('dispatch', ctx.actors.dispatcher, input, rng.hours(0.1, 4));
  }

  /** The host signs; the one who keeps the order records its handler. */
  hostSign(recordStaff: boolean): void {
    const { rng } = this;
    const limit = Math.min(this.state.handlingLimitHours ?? 0, 160) * HOUR_MS;
    const dt = rng.hours(0.1, 1) + rng.float(0, 0.1) * limit;
    this.sim.act('host_sign', this.host(), {}, dt);
    const unitId = this.state.hostUnitId ?? 0;
    const staff = this.ctx.staffOf(unitId);
    if (recordStaff && this.state.assignedStaff !== staff) {
      this.sim.act('record_staff', this.host(), { staff }, this.minutes());
    }
  }

  applyReturn(): void {
    const reason = this.rng.pick(RETURN_REASONS);
    this.sim.act('apply_return', this.host(), { reason }, this.rng.hours(0.5, 16));
  }

  /** Approving a return sends the order back to the district, or on to the city. */
  approveReturn(toCity: boolean): void {
    const comment = this.rng.pick(toCity ? RETURN_TO_CITY_COMMENTS : APPROVE_RETURN_COMMENTS);
    const input = { comment, toCity };
    this.sim.act('approve_return', this.ctx.actors.reviewer, input, this.rng.hours(0.5, 24));
  }

  /** The host asks for more time; the reviewer decides unless `decision` is 'pending'. */
  extension(decision: 'pending' | 'approved' | 'rejected'): void {
    const { rng, ctx } = this;
    const input = { hours: rng.pick(EXTENSION_HOURS), reason: rng.pick(EXTENSION_REASONS) };
    this.sim.act('apply_extension', this.host(), input, rng.hours(1, 24));
    if (decision === 'approved') {
      const comment = rng.pick(APPROVE_EXTENSION_COMMENTS);
      this.sim.act('approve_extension', ctx.actors.reviewer, { comment }, rng.hours(0.5, 12));
    } else if (decision === 'rejected') {
      const comment = rng.pick(REJECT_EXTENSION_COMMENTS);
      this.sim.act('reject_extension', ctx.actors.reviewer, { comment }, rng.hours(0.5, 12));
    }
  }

  /** The host's reply, mostly within the time limit; `early` keeps it well inside. */
  reply(resolved: boolean, early: boolean): void {
    const { ctx, rng } = this;
    const overdue = !early && rng.chance(0.08);
    const frac = overdue
      ? rng.float(1.02, 1.5)
      : early
        ? rng.float(0.15, 0.7)
        : rng.float(0.1, 0.95);
    const dispatched = this.state.dispatchTime?.getTime() ?? 0;
    const target = dispatched + frac * (this.state.handlingLimitHours ?? 0) * HOUR_MS;
    const contacted = rng.chance(0.95);
    const content = ctx.replyText(resolved, contacted);
    const dt = Math.max(target - this.sim.now, rng.hours(0.3, 1));
    this.sim.act('reply', this.host(), { content, contacted, resolved }, dt);
  }

  rejectReply(): void {
    const comment = this.rng.pick(REJECT_REPLY_COMMENTS);
    this.sim.act('reject_reply', this.ctx.actors.reviewer, { comment }, this.rng.hours(1, 20));
  }

  approveReply(): void {
    this.sim.act('approve_reply', this.ctx.actors.reviewer, {}, this.rng.hours(0.5, 24));
  }

  /**
   * Call-back attempts up to `target`: failures walk 2 → 11 → 12 → 13; a reached visit (1)
   * records the citizen's verdict and closes the order.
   */
  visits(target: HuifangTarget, forced: VisitResult | null): void {
    const { ctx, rng } = this;
    const visitor = ctx.actors.visitor;
    const failures = target === 1 ? rng.weighted(FAILURES_BEFORE_SUCCESS) : FAILURES_TO[target];
    for (let i = 0; i < failures; i++) {
      const dt = i === 0 ? rng.hours(2, 60) : rng.hours(2, 26);
      const input = { reached: false, remark: rng.pick(VISIT_FAILURES) };
      this.sim.act('visit', visitor, input, dt);
    }
    if (target !== 1) return;
    const satisfaction = forced ?? rng.weighted(VISIT_RESULT_WEIGHTS);
    const resolvedShare = { satisfied: 0.95, basic: 0.7, unsatisfied: 0.15 }[satisfaction];
    const resolved = forced === 'unsatisfied' ? false : rng.chance(resolvedShare);
    const remark = rng.pick(VISIT_REMARKS[satisfaction]);
    const dt = failures ? rng.hours(2, 26) : rng.hours(2, 60);
    // The citizen confirms the host's contact as the host reported it.
    const hostContacted = this.state.replyContacted ?? true;
    const input = { reached: true, hostContacted, resolved, satisfaction, remark };
    this.sim.act('visit', visitor, input, dt);
  }

  /** After the third failed attempt the call-back staff close the order (an invalid visit). */
  closeUnreachable(): void {
    const comment = this.rng.pick(CLOSE_UNREACHABLE_COMMENTS);
    this.sim.act('close', this.ctx.actors.visitor, { comment }, this.rng.hours(0.1, 8));
  }

  /** Unsatisfied and unresolved: the reviewer sends the order back to the same host. */
  reHandle(): void {
    const comment = this.rng.pick(REHANDLE_COMMENTS);
    this.sim.act('re_handle', this.ctx.actors.reviewer, { comment }, this.rng.hours(2, 72));
  }

  /** The host asks to leave a closed order out of its assessment; the reviewer agrees. */
  exclusion(): void {
    const { ctx, rng } = this;
    const input = { tichuType: rng.pick(TICHU_TYPES), reason: rng.pick(EXCLUSION_REASONS) };
    this.sim.act('apply_exclusion', this.host(), input, rng.hours(2, 72));
    const comment = rng.pick(APPROVE_EXCLUSION_COMMENTS);
    this.sim.act('approve_exclusion', ctx.actors.reviewer, { comment }, rng.hours(1, 48));
  }

  private minutes(): number {
    return this.rng.hours(0.05, 1);
  }
}
