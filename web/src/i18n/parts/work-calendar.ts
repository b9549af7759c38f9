/**
 * Texts of the working-day calendar page (key `workCalendar`). The English texts are in
 * `en/work-calendar.ts` (same keys, checked by the type).
 */
export const zh = {
  lead: '按工作日计算的时限以此日历为准：红色为放假日，蓝色为调休上班日，其余周一至周五上班、周六周日休息。点击某一天可设置或取消。修改只影响此后新设定的期限，已设定的期限不变。',
  year: '年份',
  prevYear: '上一年',
  nextYear: '下一年',
  weekdays: ['一', '二', '三', '四', '五', '六', '日'],
  provisionalSwitch: '暂定（通知未发布）',
  provisionalHint:
    '本年度安排为暂定：国务院放假通知尚未发布或尚未按通知录入（预置的 2027 年只含固定日期的法定假日：元旦、劳动节、国庆节）。通知发布后请补录春节、清明、端午、中秋及调休日，再取消勾选“暂定”。',
  undefined: '尚未设置',
  export: '导出',
  import: '导入',
  imported: '已导入 {{year}} 年（{{days}} 天）',
  importFailed: '导入失败，日历未作任何修改',
  importConfirmTitle: '导入 {{year}} 年日历？',
  importConfirm:
    '文件中的 {{days}} 条设置将替换 {{year}} 年现有的全部日历设置，此操作不可撤销（可先导出备份）。',
  importConfirmOk: '替换并导入',
  notJson: '文件不是有效的 JSON（请使用本页导出的文件格式）',
  dayTitle: '设置 {{date}}',
  kind: '类型',
  kinds: {
    none: '正常工作日',
    weekend: '正常休息日（周末）',
    holiday: '放假',
    workday: '调休上班',
  },
  states: {
    workday: '工作日',
    weekend: '休息日',
    holiday: '放假',
    adjusted: '调休上班',
  },
  workdayHint: '调休上班日只能设在周六或周日。',
  name: '名称',
  namePlaceholder: '如：国庆节、国庆节调休',
  save: '保存',
  cancel: '取消',
  saved: '已保存',
};
