import type { Actor, Effect, OrderState, VisitResult } from '@hotline/domain';
import { NO_ACCOUNT } from './demo-actors';

/**
 * The rows a demo order's steps leave in the side tables (assignments, visits, requests),
 * following each transition's effects the way the server's action-effects.ts writes them.
 * Times are the simulation's relative milliseconds.
 */

export interface SimAssignment {
  unitId: number;
  role: 'host' | 'cohost';
  status: number;
  active: boolean;
  assignedAt: number;
  signedAt: number | null;
  repliedAt: number | null;
}

export interface SimVisitRecord {
  attempt: number;
  reached: boolean;
  hostContacted: boolean | null;
  resolved: boolean | null;
  satisfaction: VisitResult | null;
  remark: string;
  visitorId: number;
  at: number;
}

export interface SimRequest {
  kind: 'extension' | 'exclusion';
  status: 1 | 2 | 3;
  hours: number | null;
  tichuType: string | null;
  reason: string;
  requestedBy: number;
  requestedUnitId: number;
  decidedBy: number | null;
  decisionComment: string | null;
  at: number;
  decidedAt: number | null;
}

/** One applied transition, as the effects see it. */
export interface Applied {
  before: OrderState;
  next: OrderState;
  effects: readonly Effect[];
  actor: Actor;
  comment: string;
  at: number;
}

export class SideTables {
  readonly assignments: SimAssignment[] = [];
  readonly visits: SimVisitRecord[] = [];
  readonly requests: SimRequest[] = [];

  follow({ before, next, effects, actor, comment, at }: Applied): void {
    for (const effect of effects) {
      switch (effect.kind) {
        case 'assign':
          this.assign(effect.hostUnitId, effect.coHostUnitIds, at);
          break;
        case 'openRequest':
          if (actor.userId === NO_ACCOUNT) throw new Error('demo seed: a request needs an account');
          this.requests.push({
            kind: effect.request.kind,
            status: 1,
            hours: effect.request.hours ?? null,
            tichuType: effect.request.tichuType ?? null,
            reason: comment,
            requestedBy: actor.userId,
            requestedUnitId: actor.unitId,
            decidedBy: null,
            decisionComment: null,
            at,
            decidedAt: null,
          });
          break;
        case 'closeRequest': {
          const open = this.requests.find((r) => r.status === 1);
          if (!open) throw new Error('demo seed: no pending request to close');
          Object.assign(open, {
            status: effect.approved ? 2 : 3,
            decidedBy: actor.userId,
            decisionComment: comment,
            decidedAt: at,
          });
          break;
        }
        case 'visitRecord':
          this.visits.push({
            attempt: effect.attempt,
            reached: effect.reached,
            hostContacted: effect.reached ? next.visitHostContacted : null,
            resolved: effect.reached ? next.visitResolved : null,
            satisfaction: effect.reached ? next.visitResult : null,
            remark: comment,
            visitorId: actor.userId,
            at,
          });
          break;
        case 'merge':
          throw new Error('demo seed: merges are not simulated');
      }
    }
    const reassigned = effects.some((e) => e.kind === 'assign');
    if (!reassigned && before.mainOrgStatus !== next.mainOrgStatus && next.hostUnitId !== null) {
      this.followHostStatus(before.mainOrgStatus, next.mainOrgStatus, at);
    }
  }

  /** A new host (and co-hosts): earlier assignments stay as history, inactive. */
  private assign(hostUnitId: number, coHostUnitIds: readonly number[], at: number): void {
    for (const a of this.assignments) a.active = false;
    const units = [
      { unitId: hostUnitId, role: 'host' as const },
      ...coHostUnitIds.map((unitId) => ({ unitId, role: 'cohost' as const })),
    ];
    for (const { unitId, role } of units) {
      this.assignments.push({
        unitId,
        role,
        status: 0,
        active: true,
        assignedAt: at,
        signedAt: null,
        repliedAt: null,
      });
    }
  }

  /** The active assignments follow the host status (action.repository's followHostStatus). */
  private followHostStatus(from: number, to: number, at: number): void {
    for (const a of this.assignments) {
      if (!a.active) continue;
      a.status = to;
      if (to === 1 && from === 0) a.signedAt = at;
      else if (to === 1 && from === 11) a.repliedAt = null;
      else if (to === 11) a.repliedAt = at;
      else if (to === 71) a.active = false;
      else if (to === 0) Object.assign(a, { signedAt: null, repliedAt: null });
    }
  }
}
