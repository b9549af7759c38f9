import type { Lang } from './codes';
import { RULES } from './org';

/**
 * The export column list of spec section 3 ("about 120 columns"). The spec names handleCode,
 * orderNum, title, majorContent, callerName, callerPhone, myHandleType, organizerName, orgName,
 * deadlineDate, callTime, dispatchTime, the three call-back rounds, riskLevel and tichuType;
 * the rest is the project's own choice (docs/api.md "Exports and reports"). Each column has a
 * group (the dialog's sections), a Chinese and an English header, a cell type (XLSX cells are
 * typed from it) and a width in characters.
 */

export type ExportCellType = 'text' | 'int' | 'number' | 'datetime' | 'bool';

export const EXPORT_GROUPS = {
  basic: { zh: '基本信息', en: 'Basics' },
  caller: { zh: '诉求人', en: 'Caller' },
  content: { zh: '诉求内容', en: 'Appeal' },
  routing: { zh: '派单与承办', en: 'Dispatch and host' },
  time: { zh: '时间节点', en: 'Times' },
  handling: { zh: '办理情况', en: 'Handling' },
  visit: { zh: '回访', en: 'Return visit' },
  rounds: { zh: '三轮回访', en: 'Three call-back rounds' },
  assessment: { zh: '考核', en: 'Assessment' },
  flags: { zh: '标记', en: 'Flags' },
} as const satisfies Record<string, Record<Lang, string>>;
export type ExportGroup = keyof typeof EXPORT_GROUPS;

export interface ExportColumn {
  key: string;
  group: ExportGroup;
  zh: string;
  en: string;
  type: ExportCellType;
  /** Width in characters (XLSX column width). */
  width: number;
}

type Def = readonly [key: string, zh: string, en: string, type: ExportCellType, width: number];

const T = 'text';
const I = 'int';
const N = 'number';
const D = 'datetime';
const B = 'bool';

const ROUND_FIELDS: readonly Def[] = [
  ['Time', '回访时间', 'time', D, 19],
  ['Reached', '是否接通', 'reached', B, 8],
  ['HostContacted', '承办单位是否联系', 'host contacted', B, 10],
  ['Resolved', '是否解决', 'resolved', B, 8],
  ['Satisfaction', '满意度', 'satisfaction', T, 10],
  ['Remark', '回访备注', 'remark', T, 30],
  ['Visitor', '回访员', 'visitor', T, 10],
];
const ROUND_NAMES = ['一', '二', '三'];

function rounds(): Def[] {
  return [1, 2, 3].flatMap((n) =>
    ROUND_FIELDS.map(([suffix, zh, en, type, width]): Def => [
      `visit${n}${suffix}`,
      `第${ROUND_NAMES[n - 1]}轮${zh}`,
      `round ${n} ${en}`,
      type,
      width,
    ]),
  );
}

const DEFS: Readonly<Record<ExportGroup, readonly Def[]>> = {
  basic: [
    ['seq', '序号', 'No.', I, 7],
    ['id', '工单ID', 'order id', I, 9],
    ['orderNum', '工单编号', 'order number', T, 20],
    ['districtCaseNum', '区案件编号', 'district case number', T, 18],
    ['handleCode', '办理编码', 'handle code', T, 16],
    ['typeId', '来源代码', 'source code', I, 8],
    ['typeName', '工单来源', 'source', T, 12],
    ['orderNature', '工单性质', 'nature', T, 8],
    ['urgency', '紧急程度', 'urgency', T, 10],
    ['status', '工单状态代码', 'status code', I, 8],
    ['statusName', '工单状态', 'status', T, 12],
    ['mainOrgStatus', '承办状态代码', 'host status code', I, 8],
    ['mainOrgStatusName', '承办单位状态', 'host status', T, 14],
    ['huifangState', '回访状态代码', 'visit state code', I, 8],
    ['huifangStateName', '回访状态', 'visit state', T, 16],
    ['needReviewStatus', '审批状态代码', 'review status code', I, 8],
    ['needReviewStatusName', '审批状态', 'review status', T, 10],
  ],
  caller: [
    ['callerName', '诉求人姓名', 'caller name', T, 12],
    ['callerPhone', '诉求人电话', 'caller phone', T, 15],
    ['callerCount', '诉求人数', 'caller count', I, 8],
    ['callerSubject', '诉求主体', 'caller subject', T, 8],
  ],
  content: [
    ['title', '标题', 'title', T, 30],
    ['majorContent', '诉求内容', 'content', T, 60],
    ['address', '事发地址', 'address', T, 30],
    ['communityName', '所属社区/村', 'community', T, 14],
    ['communityParentName', '社区所属街乡镇', 'community street or town', T, 14],
    ['categoryPath', '问题分类', 'category', T, 30],
    ['category1', '一级分类', 'category level 1', T, 12],
    ['category2', '二级分类', 'category level 2', T, 12],
    ['category3', '三级分类', 'category level 3', T, 14],
    ['categoryCode', '分类编码', 'category code', T, 12],
    ['labels', '标签', 'labels', T, 16],
    ['sevenFiveCategory', '七有五性分类', 'seven-haves/five-natures', T, 14],
    ['riskLevel', '风险等级', 'risk level', I, 8],
    ['riskLevelName', '风险等级名称', 'risk level name', T, 8],
    ['remarks', '备注', 'remarks', T, 24],
  ],
  routing: [
    ['organizerName', '主办单位', 'host unit', T, 16],
    ['organizerKind', '主办单位类型', 'host unit kind', T, 10],
    ['hostUnitCode', '主办单位编码', 'host unit code', T, 12],
    ['subordinateName', '协办单位', 'co-host units', T, 20],
    ['coHostCount', '协办单位数', 'co-host count', I, 8],
    ['orgName', '当前处理单位', 'handling unit now', T, 16],
    ['myHandleType', '本单位办理类型', 'my handling role', T, 10],
    ['dispatchType', '派单方式', 'dispatch type', T, 10],
    ['dispatcherName', '派单员', 'dispatcher', T, 10],
    ['assignedStaff', '承办人', 'assigned staff', T, 10],
    ['createdByName', '创建人', 'created by', T, 10],
    ['lockUserName', '锁定人', 'locked by', T, 10],
    ['lockExpiresAt', '锁定到期时间', 'lock expires', D, 19],
  ],
  time: [
    ['callTime', '来电时间', 'call time', D, 19],
    ['systemSignTime', '系统签收时间', 'sign time', D, 19],
    ['dispatchTime', '派单时间', 'dispatch time', D, 19],
    ['hostSignTime', '承办签收时间', 'host sign time', D, 19],
    ['refuseDeadline', '拒签截止时间', 'refusal deadline', D, 19],
    ['handlingLimitHours', '办理时限(小时)', 'handling limit (h)', I, 10],
    ['deadlineDate', '办理截止时间', 'deadline', D, 19],
    ['replyTime', '答复时间', 'reply time', D, 19],
    ['cityReplyTime', '市级答复时间', 'city reply time', D, 19],
    ['closedTime', '办结时间', 'closed time', D, 19],
    ['createdAt', '创建时间', 'created at', D, 19],
    ['updatedAt', '更新时间', 'updated at', D, 19],
    ['isOverdue', '是否超期', 'overdue', B, 8],
    ['overdueHours', '超期时长(小时)', 'overdue by (h)', N, 10],
    ['signHours', '签收用时(小时)', 'time to sign (h)', N, 10],
    ['handlingHours', '办理用时(小时)', 'time to reply (h)', N, 10],
  ],
  handling: [
    ['replyContent', '答复内容', 'reply', T, 50],
    ['replyContacted', '是否联系诉求人', 'caller contacted', B, 10],
    ['replyResolved', '是否已解决', 'resolved', B, 8],
    ['extensionCount', '延期次数', 'extensions', I, 8],
    ['extensionHours', '延期总时长(小时)', 'extension hours', I, 10],
    ['lastExtensionReason', '最近延期理由', 'last extension reason', T, 24],
    ['returnCount', '申请退回次数', 'return requests', I, 8],
    ['rejectCount', '答复驳回次数', 'replies rejected', I, 8],
    ['noteCount', '办理记录条数', 'notes', I, 8],
    ['eventCount', '流转记录条数', 'events', I, 8],
    ['attachmentCount', '附件数', 'attachments', I, 8],
  ],
  visit: [
    ['visitCount', '回访次数', 'visit count', I, 8],
    ['visitTime', '最近回访时间', 'last visit time', D, 19],
    ['visitResult', '回访满意度', 'satisfaction', T, 10],
    ['visitContacted', '回访是否接通', 'visit reached', B, 8],
    ['visitHostContacted', '承办单位是否联系', 'host contacted', B, 10],
    ['visitResolved', '回访是否解决', 'visit resolved', B, 8],
    ['visitRemark', '回访备注', 'visit remark', T, 30],
    ['isSecondVisit', '二次回访', 'second visit', B, 8],
  ],
  rounds: rounds(),
  assessment: [
    ['assessmentType', '考核类型', 'assessment type', T, 10],
    ['tichuType', '剔除类型', 'exclusion type', T, 12],
    ['tichuStatus', '剔除审批状态', 'exclusion decision', T, 10],
    ['tichuReason', '剔除理由', 'exclusion reason', T, 24],
    ['assessed', '是否纳入考核', 'counts in assessment', B, 8],
    ['assessmentPeriod', '考核周期', 'assessment period', T, 24],
  ],
  flags: [
    ['isKeyAppeal', '重点诉求', 'key appeal', B, 8],
    ['isSupervised', '是否督办', 'supervised', B, 8],
    ['superviseCount', '督办次数', 'supervisions', I, 8],
    ['mergedIntoId', '归集至工单ID', 'merged into id', I, 9],
    ['mergedIntoNum', '归集至工单编号', 'merged into number', T, 20],
    ['mergedCount', '归集工单数', 'orders merged in', I, 8],
    ['isLocked', '是否锁定', 'locked', B, 8],
    ['sourceRef', '数据来源', 'data source', T, 14],
    ['urgencyCode', '紧急程度代码', 'urgency code', T, 10],
    ['orderNatureCode', '工单性质代码', 'nature code', T, 10],
  ],
};

export const EXPORT_COLUMNS: readonly ExportColumn[] = (
  Object.entries(DEFS) as [ExportGroup, readonly Def[]][]
).flatMap(([group, defs]) =>
  defs.map(([key, zh, en, type, width]) => ({ key, group, zh, en, type, width })),
);

export const EXPORT_COLUMN_KEYS: readonly string[] = EXPORT_COLUMNS.map((c) => c.key);
const BY_KEY = new Map(EXPORT_COLUMNS.map((c) => [c.key, c]));

export function exportColumn(key: string): ExportColumn | undefined {
  return BY_KEY.get(key);
}

/** The dialog's preselection when a user has never picked columns. */
export const DEFAULT_EXPORT_COLUMNS: readonly string[] = [
  'seq',
  'orderNum',
  'title',
  'majorContent',
  'callerName',
  'callerPhone',
  'categoryPath',
  'organizerName',
  'statusName',
  'callTime',
  'dispatchTime',
  'deadlineDate',
  'replyTime',
  'visitResult',
];

/** Export formats: a spreadsheet, CSV (a background job) and Word case sheets. */
export const EXPORT_FORMATS = ['xlsx', 'csv', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * A rule that may be granted to any role so its holders see callers' phone numbers in full in
 * exports; administrators and district-centre staff (`/jsjb/dw`) see them in full anyway.
 */
export const FULL_PHONE_RULE = '/jsjb/export/phone';

export function seesFullPhones(actor: { admin: boolean; rules: readonly string[] }): boolean {
  return (
    actor.admin ||
    actor.rules.includes(RULES.districtQuery) ||
    actor.rules.includes(FULL_PHONE_RULE)
  );
}

/**
 * `13800000001` → `138****0001`; fixed lines keep the area code and the last 4 digits. Anything
 * with fewer than 7 digits is masked except its last 2 characters.
 */
export function maskPhone(phone: string): string {
  const p = phone.trim();
  if (p === '') return '';
  if (/^1\d{10}$/.test(p)) return `${p.slice(0, 3)}****${p.slice(7)}`;
  // Area codes: 010 and 02x have three digits, the others four.
  const fixed = /^(01\d|02\d|0[3-9]\d{2})(-?)(\d{7,8})$/.exec(p);
  if (fixed) return `${fixed[1]}${fixed[2]}****${fixed[3]!.slice(-4)}`;
  if (p.length <= 4) return '*'.repeat(p.length);
  const keep = p.length >= 7 ? 4 : 2;
  return `${p.slice(0, p.length >= 7 ? 3 : 0)}${'*'.repeat(p.length - keep - (p.length >= 7 ? 3 : 0))}${p.slice(-keep)}`;
}

/**
 * CSV formula-injection guard (OWASP; Twenty's sanitizeValueForCSVExport): a cell starting
 * with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with a single quote so a
 * spreadsheet shows it as text instead of evaluating it.
 */
export function sanitizeCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
