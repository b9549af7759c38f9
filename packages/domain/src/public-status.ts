import type { Lang } from './codes';
import { OPEN_STATUSES } from './lifecycle/rules';

/**
 * What a citizen is told about an order (the status lookup page, Open311): its state in words
 * and its milestones — never internal names or notes. Pure, shared by every citizen channel.
 */

export interface PublicOrder {
  status: number;
  mainOrgStatus: number;
  huifangState: number;
  mergedIntoId: number | null;
  replyContent: string | null;
  callTime: Date;
  dispatchTime: Date | null;
  replyTime: Date | null;
  visitTime: Date | null;
  closedTime: Date | null;
}

export const isPublicOpen = (o: Pick<PublicOrder, 'status' | 'mergedIntoId'>) =>
  (OPEN_STATUSES as readonly number[]).includes(o.status) && o.mergedIntoId === null;

/**
 * Where the citizen's order stands, for a badge: still being handled, answered and waiting for
 * the return visit (status 91: neither open nor closed), or finished (closed, merged, not
 * accepted, passed on).
 */
export type PublicStage = 'open' | 'answered' | 'closed';
export function publicStage(o: Pick<PublicOrder, 'status' | 'mergedIntoId'>): PublicStage {
  if (isPublicOpen(o)) return 'open';
  return o.status === 91 && o.mergedIntoId === null ? 'answered' : 'closed';
}

/** Answered to the citizen: the reviewer approved the reply (status 91) or the order closed. */
const isAnswered = (o: Pick<PublicOrder, 'status'>) => o.status === 91 || o.status === 92;

/** The published reply: the host's reply once it is approved; nothing before. */
export const publishedReply = (o: Pick<PublicOrder, 'status' | 'replyContent'>) =>
  isAnswered(o) ? (o.replyContent?.trim() ?? '') || null : null;

export function publicStatusText(
  o: Pick<PublicOrder, 'status' | 'mainOrgStatus' | 'mergedIntoId'>,
  lang: Lang,
): string {
  const say = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  if (o.mergedIntoId !== null) {
    return say('与相同诉求合并办理', 'Handled together with the same request');
  }
  switch (o.status) {
    case 0:
      return say('已受理，待签收', 'Received, waiting to be accepted');
    case 1:
      if (o.mainOrgStatus === -1 || o.mainOrgStatus === 71) {
        return say('已签收，待派单', 'Accepted, waiting to be dispatched');
      }
      if (o.mainOrgStatus === 0) return say('已派往承办单位', 'Dispatched to the responsible unit');
      return say('承办单位办理中', 'Being handled by the responsible unit');
    case 11:
      return say('办理结果审核中', 'Result under review');
    case 71:
      return say('不属于受理范围，未予受理', 'Not within our remit; not accepted');
    case 72:
      return say('已转市级平台办理', 'Passed to the city platform');
    case 91:
      return say('已答复', 'Answered');
    case 92:
      return say('已办结', 'Closed');
    default:
      return say('办理中', 'Being handled');
  }
}

export const MILESTONES = ['accepted', 'dispatched', 'answered', 'visited', 'closed'] as const;
export type Milestone = (typeof MILESTONES)[number];

/** Each milestone with the time it was reached (null: not yet). */
export function milestonesOf(o: PublicOrder): { key: Milestone; at: Date | null }[] {
  return [
    { key: 'accepted', at: o.callTime },
    { key: 'dispatched', at: o.dispatchTime },
    { key: 'answered', at: isAnswered(o) ? o.replyTime : null },
    { key: 'visited', at: o.huifangState === 1 ? o.visitTime : null },
    { key: 'closed', at: o.status === 92 ? (o.closedTime ?? null) : null },
  ];
}
