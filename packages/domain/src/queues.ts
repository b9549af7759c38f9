import type { UnitKind } from './org';

/**
 * The named queues of WORKFLOW section 6: stable menu ids shared by the menu seed, the count
 * call and the push channel. Their predicates are defined with the work-order lifecycle.
 */

export type QueueScope = 'district' | 'street' | 'department' | 'callback' | 'intake';

export interface QueueDef {
  id: string;
  scope: QueueScope;
  zh: string;
  en: string;
  /** The notice a push 'add' for this queue carries. */
  notice?: { zh: string; en: string };
}

const TO_SIGN = { zh: '您有新的待签收工单', en: 'order to be signed for' };
const TO_HANDLE = { zh: '您有新的待办理工单', en: 'order to be handled' };
const TO_REVIEW = { zh: '您有新的待审核工单', en: 'order to be reviewed' };
const TO_VISIT = { zh: '您有新的待回访工单', en: 'order to be called back' };
const TO_ASSIGN = { zh: '您有新的待分派工单', en: 'order to be assigned' };
const KEY_APPEAL = { zh: '有工单被标记为重点诉求', en: 'order marked as key appeal' };
const CITY_RETURN = { zh: '有工单被市级退回', en: 'order returned by the city' };
const REJECTED = { zh: '您有被驳回的工单', en: 'order rejected back to you' };
const OVERDUE = { zh: '您有即将超期的工单', en: 'order close to its deadline' };

function unitQueues(prefix: 'jd' | 'bm', scope: QueueScope): QueueDef[] {
  return [
    { id: `${prefix}_dqs`, scope, zh: '待签收', en: 'Pending sign', notice: TO_SIGN },
    { id: `${prefix}_blz`, scope, zh: '办理中', en: 'In process', notice: TO_HANDLE },
    { id: `${prefix}_dfsh`, scope, zh: '答复审核中', en: 'Reply under review' },
    { id: `${prefix}_thsh`, scope, zh: '退回审核中', en: 'Return under review' },
    { id: `${prefix}_bh`, scope, zh: '驳回待办', en: 'Rejected back to me', notice: REJECTED },
    { id: `${prefix}_yjyj`, scope, zh: '超期预警', en: 'Overdue warning', notice: OVERDUE },
    { id: `${prefix}_ybj`, scope, zh: '已办结', en: 'Completed' },
  ];
}

export const QUEUES: readonly QueueDef[] = [
  { id: 'qu_dqs', scope: 'district', zh: '待签收', en: 'Pending sign', notice: TO_SIGN },
  { id: 'qu_yqs', scope: 'district', zh: '今日已签收', en: 'Signed today' },
  { id: 'qu_blz', scope: 'district', zh: '办理中', en: 'In process' },
  { id: 'qu_shz', scope: 'district', zh: '审核中', en: 'Under review', notice: TO_REVIEW },
  { id: 'qu_dhf', scope: 'district', zh: '待回访', en: 'Pending return visit', notice: TO_VISIT },
  { id: 'qu_yjyj', scope: 'district', zh: '超期预警', en: 'Overdue warning', notice: OVERDUE },
  { id: 'qu_yth', scope: 'district', zh: '已退回', en: 'Returned', notice: CITY_RETURN },
  { id: 'qu_ybj', scope: 'district', zh: '已办结', en: 'Completed' },
  { id: 'qu_zdsq', scope: 'district', zh: '重点诉求', en: 'Key appeals', notice: KEY_APPEAL },
  { id: 'qu_dfp', scope: 'district', zh: '待分派', en: 'Pending dispatch', notice: TO_ASSIGN },
  { id: 'qu_dlq', scope: 'district', zh: '待领取', en: 'Pending pickup', notice: TO_ASSIGN },
  ...unitQueues('jd', 'street'),
  ...unitQueues('bm', 'department'),
  { id: 'hf_dhf', scope: 'callback', zh: '待回访', en: 'Pending visit', notice: TO_VISIT },
  { id: 'hf_cf', scope: 'callback', zh: '重复回访', en: 'Visit retry', notice: TO_VISIT },
  // The orders the viewer typed in (issue 22): a personal list, no badge (push-deltas.ts).
  { id: 'lr_wlr', scope: 'intake', zh: '我录入的工单', en: 'My intake' },
];

export function queueById(id: string): QueueDef | undefined {
  return QUEUES.find((q) => q.id === id);
}

/** Which queue scope a viewer's unit kind works in (district users may also be call-back staff). */
export function scopeForUnit(kind: UnitKind): QueueScope | null {
  if (kind === 'district' || kind === 'city') return 'district';
  if (kind === 'street' || kind === 'town' || kind === 'community' || kind === 'village') {
    return 'street';
  }
  if (kind === 'department') return 'department';
  return null;
}
