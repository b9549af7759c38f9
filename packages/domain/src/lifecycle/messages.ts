/** Refusals and notes of the work-order lifecycle, in both languages. */
export const LIFECYCLE_MESSAGES = {
  'order.notFound': { zh: '工单不存在', en: 'no such work order' },
  'order.outOfScope': { zh: '无权查看该工单', en: 'this work order is outside your scope' },
  'order.wrongState': {
    zh: '工单当前状态（{state}）不能执行“{action}”',
    en: 'the order is {state}: "{action}" does not apply now',
  },
  'order.roleRequired': { zh: '您的角色不能执行“{action}”', en: 'your role may not "{action}"' },
  'order.notYourUnit': {
    zh: '该工单不由您的单位承办',
    en: 'this order is not hosted by your unit',
  },
  'order.refuseExpired': {
    zh: '已超过拒签时限，不能拒签',
    en: 'the time to refuse this order has passed',
  },
  'order.reasonRequired': { zh: '请填写原因', en: 'a reason is required' },
  'order.commentRequired': { zh: '请填写审核意见', en: 'a review comment is required' },
  'order.replyRequired': { zh: '请填写办理结果', en: 'please fill in the handling result' },
  'order.visitResultRequired': {
    zh: '回访接通时须选择是否联系、是否解决及满意度',
    en: 'a reached visit needs contacted, resolved and satisfaction',
  },
  'order.hostRequired': { zh: '请选择主办单位', en: 'choose a host unit' },
  'order.hostIsCoHost': {
    zh: '主办单位不能同时为协办单位',
    en: 'the host unit cannot also be a co-host',
  },
  'order.hostInvalid': {
    zh: '承办单位须为街道、乡镇或区属部门',
    en: 'a host must be a street, a town or a department',
  },
  'order.lockedByOther': {
    zh: '工单已被 {name} 锁定，请稍后再试',
    en: 'the order is locked by {name}; try again later',
  },
  'order.notLockedByYou': {
    zh: '该工单不是由您锁定的',
    en: 'you do not hold the lock on this order',
  },
  'order.requestPending': {
    zh: '该工单已有待审批的申请',
    en: 'the order already has a request awaiting approval',
  },
  'order.noPendingRequest': {
    zh: '该工单没有待审批的{kind}申请',
    en: 'the order has no pending {kind} request',
  },
  'order.rehandleNotAllowed': {
    zh: '仅不满意且未解决的已答复或已办结工单可重办',
    en: 'only replied or closed orders visited as unsatisfied and unresolved may be re-handled',
  },
  'order.mergeTargetInvalid': {
    zh: '归集目标须为另一张未办结的工单',
    en: 'merge into another work order that is still open',
  },
  'order.extensionHours': {
    zh: '延期时长须为 1 到 720 小时',
    en: 'an extension is 1 to 720 hours',
  },
  'order.nothingToChange': { zh: '没有需要修改的内容', en: 'nothing to change' },
  'order.alreadyClaimed': {
    zh: '工单已由其他派单员领取',
    en: 'another dispatcher has already picked up this order',
  },
} as const;
