import type { Lang } from './codes';

/** Messages of the citizens' status lookup (public-status.ts, server module track). */
export const TRACK_MESSAGES = {
  'track.notFound': {
    zh: '没有找到该工单，请核对工单编号和来电号码后四位',
    en: 'no order found: check the order number and the last four digits of the phone number',
  },
  'track.orderNumInvalid': {
    zh: '请输入工单编号（4–40 位字母、数字或 -）',
    en: 'enter the order number (4 to 40 letters, digits or -)',
  },
  'track.phoneTailInvalid': {
    zh: '请输入来电号码的后四位数字',
    en: 'enter the last four digits of the phone number',
  },
  'callerHistory.phoneInvalid': {
    zh: '电话号码须为 5–30 位数字（可含 + - ( ) 和空格）',
    en: 'a phone number of 5 to 30 digits (+ - ( ) and blanks allowed)',
  },
  'track.tooMany': {
    zh: '该工单的查询次数过多，请 {minutes} 分钟后再试',
    en: 'this order was looked up too often: try again in {minutes} minutes',
  },
} as const satisfies Record<string, Record<Lang, string>>;
