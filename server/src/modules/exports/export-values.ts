import {
  EXPORT_COLUMN_KEYS,
  HUIFANG_STATE_NAMES,
  MAIN_ORG_STATUS_NAMES,
  STATUS_NAMES,
  maskPhone,
  periodContaining,
  sevenFiveName,
  type Lang,
} from '@hotline/domain';
import type { CellValue } from '../../lib/xlsx/writer';
import { VALUE_NAMES, nameOf } from './export-labels';
import type { ExportRow, Names, VisitFact } from './export-rows';

/**
 * What each export column shows, from one loaded row. Booleans show as 是/否 (yes/no), codes
 * both as the code and as a name; times are instants — epoch milliseconds or Dates — which
 * the writers format in China time by the column's type (`datetime`).
 */

export interface UnitInfo {
  name: string;
  kind: string;
  code: string;
  parentId: number | null;
}

export interface ExportEnv {
  lang: Lang;
  now: Date;
  /** False: caller phones are masked (138****0001). */
  fullPhones: boolean;
  /** False for street and town users: no locking person (spec section 6). */
  seesLocks: boolean;
  /** The exporting user's unit, for myHandleType. */
  unitId: number;
  districtUser: boolean;
  units: ReadonlyMap<number, UnitInfo>;
  categoryCodes: ReadonlyMap<number, string>;
  userNames: ReadonlyMap<number, string>;
  districtName: string;
  names: Names;
}

type Getter = (r: ExportRow, env: ExportEnv, seq: number) => CellValue;

const HOUR = 3_600_000;
const yesNo = (v: boolean | null | undefined, env: ExportEnv): CellValue =>
  v === null || v === undefined ? null : VALUE_NAMES.yesNo[v ? 'yes' : 'no'][env.lang];
const hours = (from: number | null, to: number | null): CellValue =>
  from !== null && to !== null ? Math.round(((to - from) / HOUR) * 100) / 100 : null;
const named = (table: Record<number, Record<Lang, string>>, code: number | null, env: ExportEnv) =>
  code === null ? null : (table[code]?.[env.lang] ?? String(code));
const OPEN = new Set([0, 1, 11, 12]);

/** When an order counts as overdue: its reply (or now, while open) came after the deadline. */
function overdueMs(r: ExportRow, env: ExportEnv): number | null {
  const o = r.row;
  if (o.deadline === null) return null;
  const end = o.reply_time ?? (OPEN.has(o.status) ? env.now.getTime() : null);
  if (end === null) return null;
  return Math.max(0, end - o.deadline);
}

/** The assessment period's label, once per China-time day (most rows share a few days). */
const periodLabels = new Map<number, string>();
function periodLabel(at: number): string {
  const day = Math.floor((at + 8 * HOUR) / (24 * HOUR));
  let label = periodLabels.get(day);
  if (label === undefined) {
    if (periodLabels.size >= 4096) periodLabels.clear();
    label = periodContaining(new Date(at)).label;
    periodLabels.set(day, label);
  }
  return label;
}

/** The category path's levels, split once per row (three columns read them). */
const levelsOf = new WeakMap<ExportRow, readonly string[]>();
const level = (r: ExportRow, i: number) => {
  const path = r.extras.categoryPath;
  if (path === null) return null;
  let levels = levelsOf.get(r);
  if (!levels) {
    levels = path.split('->');
    levelsOf.set(r, levels);
  }
  return levels[i] ?? null;
};

/** The latest visit of each round (1–3), found once per row (21 columns read them). */
const roundsOf = new WeakMap<ExportRow, readonly (VisitFact | undefined)[]>();
function latestVisit(r: ExportRow, n: number): VisitFact | undefined {
  if (r.visits.length === 0) return undefined;
  let rounds = roundsOf.get(r);
  if (!rounds) {
    const byRound: (VisitFact | undefined)[] = [];
    for (const v of r.visits) byRound[v.attempt] = v;
    rounds = byRound;
    roundsOf.set(r, rounds);
  }
  return rounds[n];
}

function round(n: number, field: keyof VisitFact): Getter {
  return (r, env) => {
    const v = latestVisit(r, n);
    if (!v) return null;
    const value = v[field];
    if (field === 'satisfaction') return nameOf('satisfaction', v.satisfaction, env.lang);
    if (typeof value === 'boolean' || value === null) return yesNo(value as boolean | null, env);
    return value;
  };
}

const ROUND_FIELDS: readonly [string, keyof VisitFact][] = [
  ['Time', 'createdAt'],
  ['Reached', 'reached'],
  ['HostContacted', 'hostContacted'],
  ['Resolved', 'resolved'],
  ['Satisfaction', 'satisfaction'],
  ['Remark', 'remark'],
  ['Visitor', 'visitorName'],
];

const GETTERS: Record<string, Getter> = {
  seq: (_r, _e, seq) => seq,
  id: (r) => r.row.id,
  orderNum: (r) => r.row.order_num,
  districtCaseNum: (r) => r.row.district_case_num,
  handleCode: (r) => r.row.handle_code,
  typeId: (r) => r.row.type_id,
  typeName: (r, e) => nameOf('type', String(r.row.type_id), e.lang),
  orderNature: (r, e) => nameOf('nature', r.row.order_nature, e.lang),
  urgency: (r, e) => nameOf('urgency', r.row.urgency, e.lang),
  status: (r) => r.row.status,
  statusName: (r, e) => named(STATUS_NAMES, r.row.status, e),
  mainOrgStatus: (r) => r.row.main_org_status,
  mainOrgStatusName: (r, e) => named(MAIN_ORG_STATUS_NAMES, r.row.main_org_status, e),
  huifangState: (r) => r.row.huifang_state,
  huifangStateName: (r, e) => named(HUIFANG_STATE_NAMES, r.row.huifang_state, e),
  needReviewStatus: (r) => r.row.need_review_status,
  needReviewStatusName: (r, e) =>
    nameOf(
      'review',
      r.row.need_review_status === null ? null : String(r.row.need_review_status),
      e.lang,
    ),
  callerName: (r) => r.row.caller_name,
  callerPhone: (r, e) => (e.fullPhones ? r.row.caller_phone : maskPhone(r.row.caller_phone)),
  callerCount: (r) => r.row.caller_count,
  callerSubject: (r, e) => nameOf('subject', r.row.caller_subject, e.lang),
  title: (r) => r.row.title,
  majorContent: (r) => r.row.major_content,
  address: (r) => r.row.address,
  communityName: (r) => r.extras.communityName,
  communityParentName: (r, e) => {
    const c = r.row.community_unit_id === null ? undefined : e.units.get(r.row.community_unit_id);
    return c?.parentId ? (e.units.get(c.parentId)?.name ?? null) : null;
  },
  categoryPath: (r) => r.extras.categoryPath,
  category1: (r) => level(r, 0),
  category2: (r) => level(r, 1),
  category3: (r) => level(r, 2),
  categoryCode: (r, e) =>
    r.row.category_id === null ? null : (e.categoryCodes.get(r.row.category_id) ?? null),
  labels: (r) => r.row.labels.join('、'),
  sevenFiveCategory: (r, e) => sevenFiveName(r.row.seven_five_category, e.lang),
  riskLevel: (r) => r.row.risk_level,
  riskLevelName: (r, e) => nameOf('risk', String(r.row.risk_level), e.lang),
  remarks: (r) => r.row.remarks,
  organizerName: (r) => r.extras.organizerName,
  organizerKind: (r, e) => {
    const u = r.row.host_unit_id === null ? undefined : e.units.get(r.row.host_unit_id);
    return u ? nameOf('unitKind', u.kind, e.lang) : null;
  },
  hostUnitCode: (r, e) =>
    r.row.host_unit_id === null ? null : (e.units.get(r.row.host_unit_id)?.code ?? null),
  subordinateName: (r) => r.extras.subordinateName,
  coHostCount: (r) => r.row.co_host_unit_ids.length,
  orgName: (r, e) => {
    const o = r.row;
    if (o.main_org_status === 0 || o.main_org_status === 1) return r.extras.organizerName;
    return OPEN.has(o.status) ? e.districtName : null;
  },
  myHandleType: (r, e) => {
    if (r.row.host_unit_id === e.unitId) return nameOf('handleType', 'host', e.lang);
    if (r.row.co_host_unit_ids.includes(e.unitId)) return nameOf('handleType', 'cohost', e.lang);
    return e.districtUser ? nameOf('handleType', 'district', e.lang) : null;
  },
  dispatchType: (r) => r.row.dispatch_type,
  dispatcherName: (r, e) =>
    r.row.dispatcher_id === null ? null : (e.userNames.get(r.row.dispatcher_id) ?? null),
  assignedStaff: (r) => r.row.assigned_staff,
  createdByName: (r, e) =>
    r.row.created_by === null ? null : (e.userNames.get(r.row.created_by) ?? null),
  lockUserName: (r, e) => (e.seesLocks ? (r.extras.lock?.userName ?? null) : null),
  lockExpiresAt: (r, e) => (e.seesLocks ? (r.extras.lock?.expiresAt ?? null) : null),
  callTime: (r) => r.row.call_time,
  systemSignTime: (r) => r.row.system_sign_time,
  dispatchTime: (r) => r.row.dispatch_time,
  hostSignTime: (r) => r.row.host_sign_time,
  refuseDeadline: (r) => r.row.refuse_deadline,
  handlingLimitHours: (r) => r.row.handling_limit_hours,
  deadlineDate: (r) => r.row.deadline,
  replyTime: (r) => r.row.reply_time,
  cityReplyTime: (r) => r.row.city_reply_time,
  closedTime: (r) => r.row.closed_time,
  createdAt: (r) => r.row.created_at,
  updatedAt: (r) => r.row.updated_at,
  isOverdue: (r, e) => {
    const ms = overdueMs(r, e);
    return ms === null ? null : yesNo(ms > 0, e);
  },
  overdueHours: (r, e) => {
    const ms = overdueMs(r, e);
    return ms ? Math.round((ms / HOUR) * 100) / 100 : null;
  },
  signHours: (r) => hours(r.row.call_time, r.row.system_sign_time),
  handlingHours: (r) => hours(r.row.dispatch_time, r.row.reply_time),
  replyContent: (r) => r.row.reply_content,
  replyContacted: (r, e) => yesNo(r.row.reply_contacted, e),
  replyResolved: (r, e) => yesNo(r.row.reply_resolved, e),
  extensionCount: (r) => r.requests?.extensionCount ?? 0,
  extensionHours: (r) => r.requests?.extensionHours ?? 0,
  lastExtensionReason: (r) => r.requests?.lastExtensionReason ?? null,
  returnCount: (r) => r.events?.returns ?? 0,
  rejectCount: (r) => r.events?.rejects ?? 0,
  noteCount: (r) => r.events?.notes ?? 0,
  eventCount: (r) => r.events?.events ?? 0,
  attachmentCount: (r) => r.attachments,
  visitCount: (r) => r.row.visit_count,
  visitTime: (r) => r.row.visit_time,
  visitResult: (r, e) => nameOf('satisfaction', r.row.visit_result, e.lang),
  visitContacted: (r, e) => yesNo(r.row.visit_contacted, e),
  visitHostContacted: (r, e) => yesNo(r.row.visit_host_contacted, e),
  visitResolved: (r, e) => yesNo(r.row.visit_resolved, e),
  visitRemark: (r) => r.row.visit_remark,
  isSecondVisit: (r, e) => yesNo(r.row.is_second_visit, e),
  ...Object.fromEntries(
    [1, 2, 3].flatMap((n) =>
      ROUND_FIELDS.map(([suffix, field]) => [`visit${n}${suffix}`, round(n, field)]),
    ),
  ),
  assessmentType: (r) => r.row.assessment_type,
  tichuType: (r) => r.row.tichu_type,
  tichuStatus: (r, e) =>
    nameOf(
      'review',
      r.requests?.exclusionStatus == null ? null : String(r.requests.exclusionStatus),
      e.lang,
    ),
  tichuReason: (r) => r.requests?.exclusionReason ?? null,
  assessed: (r, e) => yesNo(r.row.tichu_type === null && r.row.visit_contacted === true, e),
  assessmentPeriod: (r) => (r.row.visit_time !== null ? periodLabel(r.row.visit_time) : null),
  isKeyAppeal: (r, e) => yesNo(r.row.is_key_appeal, e),
  isSupervised: (r, e) => yesNo(r.row.is_supervised, e),
  superviseCount: (r) => r.row.supervise_count,
  mergedIntoId: (r) => r.row.merged_into_id,
  mergedIntoNum: (r) => r.mergedIntoNum,
  mergedCount: (r) => r.mergedIn,
  isLocked: (r, e) => (e.seesLocks ? yesNo(r.extras.lock !== null, e) : null),
  sourceRef: (r) => r.row.source_ref,
  urgencyCode: (r) => r.row.urgency,
  orderNatureCode: (r) => r.row.order_nature,
};

const missing = EXPORT_COLUMN_KEYS.filter((k) => !(k in GETTERS));
if (missing.length > 0) throw new Error(`export columns without a value: ${missing.join(', ')}`);

/**
 * The cells of one row for the chosen columns, in one array reused for every row (the writers
 * take a row's cells before asking for the next: a new array per row was a hundred megabytes
 * of garbage on a 100,000 × 121 export).
 */
export function rowValues(keys: readonly string[], env: ExportEnv) {
  const getters = keys.map((k) => GETTERS[k]!);
  const cells = new Array<CellValue>(getters.length).fill(null);
  return (r: ExportRow, seq: number): readonly CellValue[] => {
    for (let i = 0; i < getters.length; i++) cells[i] = getters[i]!(r, env, seq);
    return cells;
  };
}
