import { publicStatusText, publishedReply, SEVEN_FIVE_NAMES, type Lang } from '@hotline/domain';

/**
 * What Open311 replies say in words, in the caller's language (`Accept-Language`; Chinese
 * first). Citizen-facing: no internal names, no internal notes.
 */

type Texts = Record<Lang, string>;

export const ATTRIBUTE_TEXTS: Record<
  string,
  { description: Texts; values: Record<string, Texts> }
> = {
  urgency: {
    description: { zh: '紧急程度', en: 'Urgency' },
    values: {
      emergency: { zh: '紧急', en: 'emergency' },
      utility: { zh: '水电气热', en: 'utilities (water, power, gas, heating)' },
      general: { zh: '一般', en: 'general' },
      complex: { zh: '复杂', en: 'complex' },
    },
  },
  order_nature: {
    description: { zh: '诉求性质', en: 'Nature of the request' },
    values: {
      consult: { zh: '咨询', en: 'enquiry' },
      help: { zh: '求助', en: 'request for help' },
      complaint: { zh: '投诉', en: 'complaint' },
      report: { zh: '举报', en: 'report' },
      suggestion: { zh: '建议', en: 'suggestion' },
      praise: { zh: '表扬', en: 'praise' },
    },
  },
  seven_five: {
    description: { zh: '七有五性分类', en: 'Seven haves and five natures' },
    values: SEVEN_FIVE_NAMES,
  },
};

export const NOTICE: Record<'received' | 'duplicate', Texts> = {
  received: {
    zh: '您的诉求已受理，我们将尽快派往承办单位办理。可凭诉求编号查询进度。',
    en: 'Your request has been received and will be passed to the responsible unit. Use its number to follow it.',
  },
  duplicate: {
    zh: '相同的诉求刚刚已经提交过，这是该诉求的编号。',
    en: 'The same request was submitted a moment ago; this is its number.',
  },
};

export const DISCOVERY_CONTACT: Texts = {
  zh: '区12345市民服务热线中心',
  en: 'District 12345 citizen service hotline centre',
};

export const KEY_SERVICE: Texts = {
  zh: '向区12345热线中心申请接入密钥（api_key）',
  en: 'Ask the district 12345 hotline centre for an api_key',
};

/** The public state of an order in words, and the published reply once there is one. */
export function statusNote(
  order: {
    status: number;
    main_org_status: number;
    merged_into_id: number | null;
    reply_content: string | null;
  },
  lang: Lang,
): string {
  const state = { status: order.status, mainOrgStatus: order.main_org_status };
  const head = publicStatusText({ ...state, mergedIntoId: order.merged_into_id }, lang);
  const reply = publishedReply({ status: order.status, replyContent: order.reply_content });
  return reply ? `${head}${lang === 'zh' ? '：' : ': '}${reply}` : head;
}
