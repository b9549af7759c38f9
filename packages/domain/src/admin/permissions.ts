import { RULES } from '../org';
import { PHRASES_UNIT_RULE } from '../phrases';

/**
 * The permission catalogue: every rule string a role may grant, with what it lets its holder
 * do. Custom roles are made from these (the server refuses any other string); built-in roles
 * use the same strings. `group` orders them in the console's picker.
 */
export interface Permission {
  rule: string;
  group: 'district' | 'unit' | 'callback' | 'intake' | 'calls' | 'leader';
  zh: string;
  en: string;
  /** What holding it means, one sentence. */
  zhHint: string;
  enHint: string;
}

/** May take a call seat and dial (outbound calling), without any queue of its own. */
export const CALLOUT_RULE = '/jsjb/callout';

export const PERMISSIONS: readonly Permission[] = [
  {
    rule: RULES.districtQuery,
    group: 'district',
    zh: '区级工单查询',
    en: 'District orders (read)',
    zhHint: '查看区级全部工单与队列，可导出',
    enHint: 'sees every order and the district queues; may export',
  },
  {
    rule: RULES.widerTypes,
    group: 'district',
    zh: '扩展派单类型',
    en: 'Wider dispatch types',
    zhHint: '派单时可选全部派单类型',
    enHint: 'may choose every dispatch type when dispatching',
  },
  {
    rule: RULES.review,
    group: 'district',
    zh: '区级审核',
    en: 'District review',
    zhHint: '审核延期、退回、办结等申请',
    enHint: 'reviews extension, return and completion requests',
  },
  {
    rule: RULES.dispatcherClock,
    group: 'district',
    zh: '派单值班打卡',
    en: 'Dispatcher clock-in',
    zhHint: '派单员上下班打卡',
    enHint: 'clocks on and off duty as a dispatcher',
  },
  {
    rule: RULES.street,
    group: 'unit',
    zh: '街乡镇承办',
    en: 'Street / town handling',
    zhHint: '办理本街乡镇主办、协办的工单',
    enHint: 'handles the orders its street or town hosts or co-hosts',
  },
  {
    rule: RULES.department,
    group: 'unit',
    zh: '部门承办',
    en: 'Department handling',
    zhHint: '办理本部门主办、协办的工单',
    enHint: 'handles the orders its department hosts or co-hosts',
  },
  {
    rule: PHRASES_UNIT_RULE,
    group: 'unit',
    zh: '单位常用语管理',
    en: 'Unit phrases',
    zhHint: '维护本单位共享的常用语',
    enHint: 'manages the phrases its unit shares',
  },
  {
    rule: RULES.callback,
    group: 'callback',
    zh: '回访',
    en: 'Return visits',
    zhHint: '回访已办结工单',
    enHint: 'makes the return visits of finished orders',
  },
  {
    rule: RULES.callbackClock,
    group: 'callback',
    zh: '回访值班打卡',
    en: 'Visitor clock-in',
    zhHint: '回访员上下班打卡',
    enHint: 'clocks on and off duty as a visitor',
  },
  {
    rule: RULES.case,
    group: 'intake',
    zh: '自建工单',
    en: 'New orders',
    zhHint: '录入来电工单，查看自己录入的工单',
    enHint: 'takes calls into new orders and sees the orders it created',
  },
  {
    rule: CALLOUT_RULE,
    group: 'calls',
    zh: '外呼坐席',
    en: 'Outbound calling',
    zhHint: '占用坐席并外呼（需开启外呼）',
    enHint: 'takes a call seat and dials (when calling is on)',
  },
  {
    rule: RULES.leader,
    group: 'leader',
    zh: '领导查看',
    en: 'Leader view',
    zhHint: '查看区级工单与考核看板，不办理',
    enHint: 'sees district orders and the assessment board, without acting',
  },
];

export const PERMISSION_RULES: readonly string[] = PERMISSIONS.map((p) => p.rule);

/** Rule strings not in the catalogue (a custom role may hold only catalogue strings). */
export function unknownRules(rules: readonly string[]): string[] {
  return rules.filter((r) => !PERMISSION_RULES.includes(r));
}

/**
 * Individual permissions an administrator may grant one user on top of their roles (the user
 * form's "call-centre seat" and "clock-in" switches).
 */
export const USER_EXTRA_RULES = [CALLOUT_RULE, RULES.dispatcherClock, RULES.callbackClock] as const;
export type UserExtraRule = (typeof USER_EXTRA_RULES)[number];
