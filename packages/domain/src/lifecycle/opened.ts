import { refuseDeadline } from '../time';
import type { Urgency } from '../work-order';
import type { LifecycleSettings, OrderState } from './types';

/** What an order is opened with (intake: a city push or a self-built order). */
export interface Opening {
  id: number;
  typeId: number;
  urgency: Urgency;
  /** When the citizen called. */
  callTime: Date;
  /** When the order entered the system. */
  at: Date;
  /** Who typed it in (null: the city sent it). */
  createdBy: number | null;
  /** A dispatcher's own order is signed (and claimed) by them at creation. */
  signedBy: number | null;
}

/**
 * The state a new order starts in, as the intake services write it: unsigned (status 0), or
 * signed by the dispatcher who created it; no host yet; the refusal window opens now.
 */
export function openedOrder(o: Opening, settings: LifecycleSettings): OrderState {
  const signed = o.signedBy !== null;
  return {
    id: o.id,
    typeId: o.typeId,
    urgency: o.urgency,
    status: signed ? 1 : 0,
    mainOrgStatus: -1,
    huifangState: 0,
    needReviewStatus: null,
    replyRejected: false,
    hostUnitId: null,
    coHostUnitIds: [],
    dispatcherId: o.signedBy,
    createdBy: o.createdBy,
    assignedStaff: null,
    callTime: o.callTime,
    systemSignTime: signed ? o.at : null,
    dispatchTime: null,
    hostSignTime: null,
    refuseDeadline: refuseDeadline(o.at, settings.limits),
    handlingLimitHours: null,
    deadline: null,
    replyTime: null,
    replyContent: null,
    replyContacted: null,
    replyResolved: null,
    cityReplyTime: null,
    closedTime: null,
    visitCount: 0,
    visitTime: null,
    visitResult: null,
    visitContacted: null,
    visitHostContacted: null,
    visitResolved: null,
    visitRemark: null,
    isKeyAppeal: false,
    smsOptOut: false,
    isSupervised: false,
    superviseCount: 0,
    mergedIntoId: null,
    isSecondVisit: false,
    tichuType: null,
    lock: null,
    pendingRequest: null,
  };
}
