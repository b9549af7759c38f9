/**
 * Texts of the citizens' status lookup (`#/track`, key `track`). The English texts are in
 * `en/track.ts` (same keys, checked by the type).
 */
export const zh = {
  title: '工单进度查询',
  staffLogin: '工作人员登录',
  lead: '输入工单编号和反映问题时所用电话号码的后四位，即可查看办理进度和答复。',
  orderNum: '工单编号',
  orderNumInvalid: '请输入工单编号（4–40 位字母、数字或 -）',
  phoneTail: '来电号码后四位',
  phoneTailInvalid: '请输入来电号码的后四位数字',
  submit: '查询',
  offline: '网络异常，请稍后再试',
  open: '办理中',
  closed: '已结束',
  answered: '已答复，待回访',
  category: '问题类型：{{name}}',
  expected: '预计办结：{{at}}',
  notYet: '尚未进行',
  reply: '答复内容',
  milestones: {
    accepted: '已受理',
    dispatched: '已派单',
    answered: '已答复',
    visited: '已回访',
    closed: '已办结',
  },
  footer: '12345 市民服务热线 · 查询结果仅含公开信息',
};
