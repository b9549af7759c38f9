import type { Lang } from './codes';

/** Messages of exports, print and assessment reports (spread into MESSAGES). */
export const EXPORT_MESSAGES = {
  'export.unknownColumn': {
    zh: 'columns: 未知的导出列 {key}',
    en: 'columns: unknown export column {key}',
  },
  'export.tooManyRows': {
    zh: '共 {rows} 条，超过 Excel 导出上限 {max} 条，请缩小范围或改用 CSV 导出',
    en: '{rows} rows exceed the Excel export limit of {max}: narrow the filter or export CSV',
  },
  'export.userBusy': {
    zh: '您已有 {n} 个 Excel 导出正在进行，请等它完成后再导出',
    en: 'you already have {n} Excel export(s) running: wait for it to finish',
  },
  'export.busy': {
    zh: '导出繁忙：您排在第 {place} 位，请稍后再试或改用 CSV 导出',
    en: 'exports are busy: you are number {place} in the queue, try again shortly or export CSV',
  },
  'export.noRows': { zh: '没有可导出的工单', en: 'there are no orders to export' },
  'export.jobNotFound': { zh: '导出任务不存在', en: 'no such export job' },
  'export.jobNotDone': {
    zh: '导出任务尚未完成（{status}）',
    en: 'the export job is not finished ({status})',
  },
  'export.jobExpired': {
    zh: '导出文件已过期删除（保留 {hours} 小时），请重新导出',
    en: 'the export file has expired and was deleted (kept {hours} hours): export again',
  },
  'export.jobsBusy': {
    zh: '您已有 {n} 个导出任务在进行中，请稍后再试',
    en: 'you already have {n} export jobs running, try again later',
  },
  'export.tooManyOrders': {
    zh: 'ids: Word 导出一次最多 {max} 张工单',
    en: 'ids: at most {max} orders per Word export',
  },
  'report.badToken': {
    zh: '报表令牌无效或已过期',
    en: 'the report token is invalid or has expired',
  },
  'report.unknownTemplate': { zh: '报表模板不存在：{name}', en: 'no such report template: {name}' },
  'stats.rangeTooLong': {
    zh: 'to: 统计区间最长 {days} 天',
    en: 'to: a statistics range may span at most {days} days',
  },
} as const satisfies Record<string, Record<Lang, string>>;
