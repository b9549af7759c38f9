import type { Lang } from './codes';

/**
 * Text messages to the citizen (issue 22): which step of an order sends which template, the
 * templates' placeholders and their rendering (logs mask numbers with `maskPhone`).
 * Pure; the server's citizen-sms module sends them.
 */

export const SMS_EVENTS = ['accepted', 'dispatched', 'answered', 'closed', 'visit'] as const;
export type SmsEvent = (typeof SMS_EVENTS)[number];

/** The config entry (group jsjb) holding each event's template. */
export const smsTemplateKey = (event: SmsEvent) => `sms_tpl_${event}`;

export const DEFAULT_SMS_TEMPLATES: Record<SmsEvent, string> = {
  accepted:
    '【12345】您反映的问题已受理，工单编号 {orderNum}，可凭编号和手机号后四位查询进度：{trackUrl}',
  dispatched: '【12345】您的工单 {orderNum}（{category}）已派往承办单位办理。',
  answered: '【12345】您的工单 {orderNum} 已答复：{reply}',
  closed: '【12345】您的工单 {orderNum} 已办结，感谢您对 12345 热线的支持。',
  visit: '【12345】我们就工单 {orderNum} 回访您未能接通，稍后将再次致电，请留意来电。',
};

/**
 * `{trackUrl}` when no public address of the lookup page is set (系统配置 → 市民服务,
 * `sms_track_url`): the hotline itself, never a link that leads nowhere.
 */
export const TRACK_URL_FALLBACK = '致电 12345 热线';

/** What a template may name; anything else in braces is left as written. */
export const SMS_PLACEHOLDERS = ['orderNum', 'category', 'reply', 'trackUrl', 'date'] as const;
export type SmsValues = Partial<Record<(typeof SMS_PLACEHOLDERS)[number], string>>;

/** A template with its placeholders filled; a long reply is cut so one message stays short. */
export function renderSms(template: string, values: SmsValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(SMS_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const value = values[name as keyof SmsValues] ?? '';
    return name === 'reply' && value.length > 200 ? `${value.slice(0, 200)}…` : value;
  });
}

/**
 * The message a committed step sends, if any: a dispatch, an approved reply, a close (also a
 * reached visit, which closes the order) and a visit attempt that did not reach the caller.
 */
export function smsEventOf(
  action: string,
  after: { status: number; huifangState: number },
): SmsEvent | null {
  switch (action) {
    case 'dispatch':
      return 'dispatched';
    case 'approve_reply':
      return 'answered';
    case 'close':
      return 'closed';
    case 'visit':
      if (after.status === 92) return 'closed';
      return after.huifangState >= 11 && after.huifangState <= 13 ? 'visit' : null;
    default:
      return null;
  }
}

/** Mainland mobile numbers only: a fixed line cannot receive a text. */
export const isMobileNumber = (phone: string) => /^1[3-9]\d{9}$/.test(phone.replace(/[\s-]/g, ''));

export const SMS_EVENT_NAMES: Record<SmsEvent, Record<Lang, string>> = {
  accepted: { zh: '受理', en: 'accepted' },
  dispatched: { zh: '派单', en: 'dispatched' },
  answered: { zh: '答复', en: 'answered' },
  closed: { zh: '办结', en: 'closed' },
  visit: { zh: '回访未接通', en: 'visit not reached' },
};
