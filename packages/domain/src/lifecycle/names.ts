import type { Lang } from '../codes';

/** Every action of WORKFLOW section 5, with its name in both languages. */
export const ACTION_NAMES = {
  sign: { zh: '签收', en: 'sign' },
  refuse: { zh: '拒签', en: 'refuse' },
  claim: { zh: '领取', en: 'pick up' },
  dispatch: { zh: '派单', en: 'dispatch' },
  host_sign: { zh: '承办签收', en: 'sign as host' },
  apply_return: { zh: '申请退回', en: 'apply for return' },
  approve_return: { zh: '同意退回', en: 'approve return' },
  reject_return: { zh: '驳回退回申请', en: 'reject return' },
  reply: { zh: '答复', en: 'reply' },
  approve_reply: { zh: '审核通过', en: 'approve reply' },
  reject_reply: { zh: '驳回答复', en: 'reject reply' },
  visit: { zh: '回访', en: 'visit' },
  close: { zh: '办结', en: 'close' },
  re_handle: { zh: '重办', en: 're-handle' },
  request_visit: { zh: '申请中心回访', en: 'request a centre visit' },
  supervise: { zh: '督办', en: 'supervise' },
  key_appeal: { zh: '重点诉求', en: 'mark key appeal' },
  merge: { zh: '归集', en: 'merge' },
  apply_extension: { zh: '申请延期', en: 'apply for extension' },
  approve_extension: { zh: '同意延期', en: 'approve extension' },
  reject_extension: { zh: '驳回延期', en: 'reject extension' },
  apply_exclusion: { zh: '申请剔除', en: 'apply for exclusion' },
  approve_exclusion: { zh: '同意剔除', en: 'approve exclusion' },
  reject_exclusion: { zh: '驳回剔除', en: 'reject exclusion' },
  lock: { zh: '锁定', en: 'lock' },
  unlock: { zh: '解锁', en: 'unlock' },
  add_note: { zh: '添加办理记录', en: 'add a note' },
  record_staff: { zh: '记录办理人', en: 'record the handler' },
  edit: { zh: '修改工单', en: 'edit the order' },
  sms_opt_out: { zh: '关闭短信通知', en: 'stop text messages' },
  sms_opt_in: { zh: '恢复短信通知', en: 'resume text messages' },
} as const satisfies Record<string, Record<Lang, string>>;

export type ActionName = keyof typeof ACTION_NAMES;

/** Names of every event kind in the audit trail: the actions plus intake and attachments. */
export const EVENT_NAMES: Record<string, Record<Lang, string>> = {
  ...ACTION_NAMES,
  intake: { zh: '受理', en: 'intake' },
  attach: { zh: '上传附件', en: 'attach files' },
  // issue 21: written by the deadline scheduler, not by a user
  deadline_reminder: { zh: '时限提醒', en: 'deadline reminder' },
  deadline_escalation: { zh: '超时升级', en: 'escalated (limit missed)' },
  // issue 22: a text message to the citizen (citizen-sms.ts)
  sms: { zh: '短信通知', en: 'text message to the caller' },
};
export const ACTIONS = Object.keys(ACTION_NAMES) as ActionName[];

/**
 * Lock and unlock events: every action by a holder writes them, so the timeline and the case
 * sheet leave them out unless asked (they stay in the audit trail).
 */
export const LOCK_EVENTS: ReadonlySet<string> = new Set(['lock', 'unlock']);

export const STATUS_NAMES: Record<number, Record<Lang, string>> = {
  0: { zh: '待签收', en: 'unsigned' },
  1: { zh: '办理中', en: 'in process' },
  11: { zh: '答复审核中', en: 'reply under review' },
  12: { zh: '退回审核中', en: 'return under review' },
  71: { zh: '已拒签', en: 'refused' },
  72: { zh: '已退回市级', en: 'returned to the city' },
  91: { zh: '已答复', en: 'replied' },
  92: { zh: '已办结', en: 'closed' },
};

export const MAIN_ORG_STATUS_NAMES: Record<number, Record<Lang, string>> = {
  [-1]: { zh: '未派单', en: 'not dispatched' },
  0: { zh: '承办单位待签收', en: 'pending host sign' },
  1: { zh: '承办中', en: 'host handling' },
  11: { zh: '答复审核中', en: 'reply under review' },
  12: { zh: '退回审核中', en: 'return under review' },
  71: { zh: '退回已通过', en: 'return approved' },
  72: { zh: '答复已通过', en: 'reply approved' },
};

export const HUIFANG_STATE_NAMES: Record<number, Record<Lang, string>> = {
  0: { zh: '无需回访', en: 'no visit due' },
  1: { zh: '已回访', en: 'visited' },
  2: { zh: '待回访', en: 'visit pending' },
  11: { zh: '首次回访未接通', en: 'first attempt failed' },
  12: { zh: '二次回访未接通', en: 'second attempt failed' },
  13: { zh: '三次未接通（无效回访）', en: 'unreachable (invalid visit)' },
};
