import type { MessageKey, MessageParams } from '../messages';
import type { TimeLimits } from '../time';
import type { WorkCalendar } from '../work-calendar';
import type { UnitKind } from '../org';
import type { Urgency, VisitResult } from '../work-order';

/** The part of a work order the lifecycle reads and changes (WORKFLOW sections 2 and 4). */
export interface OrderState {
  id: number;
  typeId: number;
  urgency: Urgency;
  status: number;
  mainOrgStatus: number;
  huifangState: number;
  needReviewStatus: number | null;
  /**
   * The host's latest reply was rejected and it has not replied again: the "rejected back to
   * me" queue. Kept apart from needReviewStatus, which an extension or exclusion request also
   * sets to 3 when rejected.
   */
  replyRejected: boolean;
  hostUnitId: number | null;
  coHostUnitIds: number[];
  dispatcherId: number | null;
  /** Who built the order by hand (intake form); null for orders the city centre sent. */
  createdBy: number | null;
  assignedStaff: string | null;
  callTime: Date;
  systemSignTime: Date | null;
  dispatchTime: Date | null;
  hostSignTime: Date | null;
  refuseDeadline: Date | null;
  handlingLimitHours: number | null;
  deadline: Date | null;
  replyTime: Date | null;
  replyContent: string | null;
  replyContacted: boolean | null;
  replyResolved: boolean | null;
  cityReplyTime: Date | null;
  closedTime: Date | null;
  visitCount: number;
  visitTime: Date | null;
  visitResult: VisitResult | null;
  /** The call-back reached the citizen (a valid visit). */
  visitContacted: boolean | null;
  /** The citizen says the host unit contacted them (response rate). */
  visitHostContacted: boolean | null;
  visitResolved: boolean | null;
  visitRemark: string | null;
  isKeyAppeal: boolean;
  /** The caller wants no progress texts about this order (issue 22). */
  smsOptOut: boolean;
  isSupervised: boolean;
  superviseCount: number;
  mergedIntoId: number | null;
  isSecondVisit: boolean;
  tichuType: string | null;
  lock: OrderLock | null;
  pendingRequest: PendingRequest | null;
}

export interface OrderLock {
  userId: number;
  userName: string;
  expiresAt: Date;
}

export type RequestKind = 'extension' | 'exclusion';

export interface PendingRequest {
  kind: RequestKind;
  /** Extension: extra hours asked for. Exclusion: the exclusion type. */
  hours?: number;
  tichuType?: string;
  requestedBy: number;
}

/** Who acts: resolved from the session by the server. */
export interface Actor {
  userId: number;
  name: string;
  /** The unit the actor works for as a host (a street user in a community: the street). */
  unitId: number;
  unitKind: UnitKind;
  admin: boolean;
  rules: readonly string[];
}

/** Settings the rules read (config group jsjb). */
export interface LifecycleSettings {
  limits: TimeLimits;
  /** The working-day calendar for limits counted in working days (none: weekends only). */
  calendar?: WorkCalendar;
}

export interface Refusal {
  code: number;
  key: MessageKey;
  params?: MessageParams;
}

/** What the service must do besides saving the new state. */
export type Effect =
  | { kind: 'assign'; hostUnitId: number; coHostUnitIds: number[] }
  | { kind: 'openRequest'; request: PendingRequest }
  | { kind: 'closeRequest'; approved: boolean }
  | { kind: 'visitRecord'; attempt: number; reached: boolean }
  | { kind: 'merge'; intoId: number };

export interface TransitionEvent {
  action: string;
  comment: string;
  from: StateCodes;
  to: StateCodes;
}

export interface StateCodes {
  status: number;
  mainOrgStatus: number;
  huifangState: number;
  needReviewStatus: number | null;
}

export type TransitionResult =
  | { ok: true; next: OrderState; event: TransitionEvent; effects: Effect[] }
  | { ok: false; refusal: Refusal };
