import type { Lang } from '@hotline/domain';

/** Readable names of the codes exports show (nature, urgency, source, visit result …). */
export const VALUE_NAMES = {
  yesNo: { yes: { zh: '是', en: 'yes' }, no: { zh: '否', en: 'no' } },
  nature: {
    consult: { zh: '咨询', en: 'consult' },
    help: { zh: '求助', en: 'help' },
    complaint: { zh: '投诉', en: 'complaint' },
    report: { zh: '举报', en: 'report' },
    suggestion: { zh: '建议', en: 'suggestion' },
    praise: { zh: '表扬', en: 'praise' },
  },
  urgency: {
    emergency: { zh: '紧急', en: 'emergency' },
    utility: { zh: '水电气热', en: 'utilities' },
    general: { zh: '一般', en: 'general' },
    complex: { zh: '复杂', en: 'complex' },
  },
  type: {
    '1': { zh: '市级派单', en: 'city dispatched' },
    '5': { zh: '自建工单', en: 'self-built' },
    '7': { zh: '直派工单', en: 'direct dispatch' },
    '8': { zh: '网格上报', en: 'grid report' },
    '9': { zh: '领导交办', en: 'leader assigned' },
    '10': { zh: '未诉先办', en: 'proactive governance' },
  },
  satisfaction: {
    satisfied: { zh: '满意', en: 'satisfied' },
    basic: { zh: '基本满意', en: 'basically satisfied' },
    unsatisfied: { zh: '不满意', en: 'unsatisfied' },
  },
  subject: {
    individual: { zh: '个人', en: 'individual' },
    enterprise: { zh: '企业', en: 'enterprise' },
  },
  risk: {
    '0': { zh: '无', en: 'none' },
    '1': { zh: '低', en: 'low' },
    '2': { zh: '中', en: 'medium' },
    '3': { zh: '高', en: 'high' },
  },
  review: {
    '1': { zh: '待审批', en: 'pending' },
    '2': { zh: '已通过', en: 'approved' },
    '3': { zh: '已驳回', en: 'rejected' },
  },
  unitKind: {
    city: { zh: '市级', en: 'city' },
    district: { zh: '区级', en: 'district' },
    street: { zh: '街道', en: 'street' },
    town: { zh: '乡镇', en: 'town' },
    department: { zh: '部门', en: 'department' },
    community: { zh: '社区', en: 'community' },
    village: { zh: '村', en: 'village' },
  },
  handleType: {
    host: { zh: '主办', en: 'host' },
    cohost: { zh: '协办', en: 'co-host' },
    district: { zh: '区级', en: 'district' },
  },
} as const satisfies Record<string, Record<string, Record<Lang, string>>>;

export function nameOf(
  table: keyof typeof VALUE_NAMES,
  code: string | null,
  lang: Lang,
): string | null {
  if (code === null) return null;
  const names = VALUE_NAMES[table] as Record<string, Record<Lang, string>>;
  return names[code]?.[lang] ?? code;
}
