/**
 * Texts of one console feature (key `push`), kept in their own file so features do not edit one
 * shared dictionary. The English texts are in `en/push.ts` (loaded only when the console is in
 * English) and must have exactly these keys (checked by the type).
 */
export const zh = {
  soundBlocked: '浏览器阻止了新工单提示音的自动播放',
  enableSound: '开启声音',
  deadline: {
    limits: { sign: '签收', handling: '办理' },
    reminder: '工单 {{orderNum}} 距{{limit}}时限还有 {{hours}} 小时',
    escalation: '工单 {{orderNum}} 已超过{{limit}}时限，已升级',
    escalation2: '工单 {{orderNum}} 超过{{limit}}时限仍未办结，已升级至区领导',
  },
};
