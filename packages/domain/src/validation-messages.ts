/**
 * The contract's own validation messages (what a field must look like), in both languages. A
 * schema names one by key; one with arguments appends them after `|` (`valid.codeList|0, 1, 11`:
 * `{arg}`, then `{arg2}`), read back by `issueText` (messages.ts).
 */
export const VALIDATION_MESSAGES = {
  'valid.codeList': {
    zh: '须为以下代码之一或多个（逗号分隔）：{arg}',
    en: 'a list of codes from {arg}',
  },
  'valid.wordList': { zh: '须为以下取值之一或多个：{arg}', en: 'a list of {arg}' },
  'valid.dateOrTime': {
    zh: '须为日期（如 2025-03-01）或时间（如 2025-03-01T08:30:00）',
    en: 'a date like 2025-03-01 or 2025-03-01T08:30:00',
  },
  'valid.listPageSize': {
    zh: '每页条数须为 {arg} 之一（{arg2} 仅在 isAmount 为 1 时可用）',
    en: 'one of {arg} ({arg2} only with isAmount 1)',
  },
  'valid.day': { zh: '须为日期，如 2026-10-19', en: 'a date like 2026-10-19' },
  'valid.month': { zh: '须为月份，如 2026-10', en: 'a month like 2026-10' },
  'valid.fromToTogether': {
    zh: '开始日期与结束日期须同时填写',
    en: 'from and to go together',
  },
  'valid.fromAfterTo': { zh: '开始日期不能晚于结束日期', en: 'from is after to' },
  'valid.periodOrRange': {
    zh: '考核周期与起止日期只能二选一',
    en: 'either period or from/to',
  },
  'valid.orderNumber': {
    zh: '须为 4 到 40 位字母、数字或 -',
    en: 'letters, digits and -, 4 to 40 characters',
  },
  'valid.phoneChars': {
    zh: '只能包含数字、+ - ( ) 和空格，最多 30 个字符',
    en: 'digits, + - ( ) and blanks, at most 30',
  },
  'valid.categoryCode': {
    zh: '须为问题分类编码，如 C010101',
    en: 'a problem-category code such as C010101',
  },
  'valid.username': {
    zh: '须为 3–32 位字母、数字或 _ . -，以字母开头',
    en: '3–32 letters, digits, _ . - starting with a letter',
  },
  'valid.mobile': { zh: '须为 11 位大陆手机号', en: 'a mainland mobile number (11 digits)' },
  'valid.ruleString': {
    zh: '权限规则须以 / 开头，最多 128 个字符',
    en: 'a rule string starts with / (at most 128 characters)',
  },
  'valid.lowerName': {
    zh: '须为小写字母开头的小写字母、数字或 _，最多 {arg} 个字符',
    en: 'lower-case letters, digits and _ (at most {arg})',
  },
  'valid.code': {
    zh: '只能包含字母、数字、_ 和 -，最多 {arg} 个字符',
    en: 'letters, digits, _ and - (at most {arg})',
  },
  'valid.exportColumn': { zh: '未知的导出列：{arg}', en: 'unknown export column {arg}' },
  'valid.idOrIds': { zh: '须提供 id 或 ids', en: 'id or ids is required' },
  'valid.dateOrMinute': {
    zh: '须为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm',
    en: 'YYYY-MM-DD or YYYY-MM-DD HH:mm',
  },
  'valid.titleOrId': {
    zh: '须提供标题（或工单 id）',
    en: 'a title (or the id of an order) is required',
  },
  'valid.key64': {
    zh: '只能包含字母、数字和 _ . : / -，最多 64 个字符',
    en: 'letters, digits and _ . : / - (at most 64)',
  },
  'valid.tooManyFields': { zh: '最多 {arg} 项', en: 'at most {arg} entries' },
} as const;
