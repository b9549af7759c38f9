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
import type { ExportOrder, ExportRow, Names, VisitFact } from './export-types';

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

/** A column of the export: the order fields it reads (the chunk query reads only those). */
interface Column {
  reads: readonly OrderField[];
  get: Getter;
}

/** A field of the order row (work_orders, as the export reads it). */
export type OrderField = keyof ExportOrder;

/** A column showing one field as stored. */
const field = (name: OrderField): Column => ({
  reads: [name],
  get: (r) => r.row[name] as CellValue,
});
/** A column computed from these fields. */
const reads = (fields: readonly OrderField[], get: Getter): Column => ({ reads: fields, get });
/** A column from the row's names, side facts or the export itself: no field of its own. */
const derived = (get: Getter): Column => ({ reads: [], get });

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

/** The category path's levels, split once per path (a few hundred categories). */
const levelsOfPath = new Map<string, readonly string[]>();
const level = (r: ExportRow, i: number) => {
  const path = r.extras.categoryPath;
  if (path === null) return null;
  let levels = levelsOfPath.get(path);
  if (!levels) {
    if (levelsOfPath.size >= 4096) levelsOfPath.clear();
    levels = path.split('->');
    levelsOfPath.set(path, levels);
  }
  return levels[i] ?? null;
};

/**
 * The latest visit of each round (1–3), found once per row (21 columns read them): kept for the
 * row whose columns are being computed — they are computed one row at a time, without a pause,
 * so one slot does (a WeakMap entry per row cost the collector more than the lookups saved).
 */
let roundsRow: ExportRow | null = null;
let rounds: (VisitFact | undefined)[] = [];
function latestVisit(r: ExportRow, n: number): VisitFact | undefined {
  if (r.visits.length === 0) return undefined;
  if (roundsRow !== r) {
    rounds = [];
    for (const v of r.visits) rounds[v.attempt] = v;
    roundsRow = r;
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

const COLUMNS: Record<string, Column> = {
  seq: derived((_r, _e, seq) => seq),
  id: field('id'),
  orderNum: field('order_num'),
  districtCaseNum: field('district_case_num'),
  handleCode: field('handle_code'),
  typeId: field('type_id'),
  typeName: reads(['type_id'], (r, e) => nameOf('type', String(r.row.type_id), e.lang)),
  orderNature: reads(['order_nature'], (r, e) => nameOf('nature', r.row.order_nature, e.lang)),
  urgency: reads(['urgency'], (r, e) => nameOf('urgency', r.row.urgency, e.lang)),
  status: field('status'),
  statusName: reads(['status'], (r, e) => named(STATUS_NAMES, r.row.status, e)),
  mainOrgStatus: field('main_org_status'),
  mainOrgStatusName: reads(['main_org_status'], (r, e) =>
    named(MAIN_ORG_STATUS_NAMES, r.row.main_org_status, e),
  ),
  huifangState: field('huifang_state'),
  huifangStateName: reads(['huifang_state'], (r, e) =>
    named(HUIFANG_STATE_NAMES, r.row.huifang_state, e),
  ),
  needReviewStatus: field('need_review_status'),
  needReviewStatusName: reads(['need_review_status'], (r, e) =>
    nameOf(
      'review',
      r.row.need_review_status === null ? null : String(r.row.need_review_status),
      e.lang,
    ),
  ),
  callerName: field('caller_name'),
  callerPhone: reads(['caller_phone'], (r, e) =>
    e.fullPhones ? r.row.caller_phone : maskPhone(r.row.caller_phone),
  ),
  callerCount: field('caller_count'),
  callerSubject: reads(['caller_subject'], (r, e) =>
    nameOf('subject', r.row.caller_subject, e.lang),
  ),
  title: field('title'),
  majorContent: field('major_content'),
  address: field('address'),
  communityName: derived((r) => r.extras.communityName),
  communityParentName: reads(['community_unit_id'], (r, e) => {
    const c = r.row.community_unit_id === null ? undefined : e.units.get(r.row.community_unit_id);
    return c?.parentId ? (e.units.get(c.parentId)?.name ?? null) : null;
  }),
  categoryPath: derived((r) => r.extras.categoryPath),
  category1: derived((r) => level(r, 0)),
  category2: derived((r) => level(r, 1)),
  category3: derived((r) => level(r, 2)),
  categoryCode: reads(['category_id'], (r, e) =>
    r.row.category_id === null ? null : (e.categoryCodes.get(r.row.category_id) ?? null),
  ),
  labels: reads(['labels'], (r) => r.row.labels.join('、')),
  sevenFiveCategory: reads(['seven_five_category'], (r, e) =>
    sevenFiveName(r.row.seven_five_category, e.lang),
  ),
  riskLevel: field('risk_level'),
  riskLevelName: reads(['risk_level'], (r, e) => nameOf('risk', String(r.row.risk_level), e.lang)),
  remarks: field('remarks'),
  organizerName: derived((r) => r.extras.organizerName),
  organizerKind: reads(['host_unit_id'], (r, e) => {
    const u = r.row.host_unit_id === null ? undefined : e.units.get(r.row.host_unit_id);
    return u ? nameOf('unitKind', u.kind, e.lang) : null;
  }),
  hostUnitCode: reads(['host_unit_id'], (r, e) =>
    r.row.host_unit_id === null ? null : (e.units.get(r.row.host_unit_id)?.code ?? null),
  ),
  subordinateName: derived((r) => r.extras.subordinateName),
  coHostCount: reads(['co_host_unit_ids'], (r) => r.row.co_host_unit_ids.length),
  orgName: reads(['main_org_status', 'status'], (r, e) => {
    const o = r.row;
    if (o.main_org_status === 0 || o.main_org_status === 1) return r.extras.organizerName;
    return OPEN.has(o.status) ? e.districtName : null;
  }),
  myHandleType: reads(['co_host_unit_ids', 'host_unit_id'], (r, e) => {
    if (r.row.host_unit_id === e.unitId) return nameOf('handleType', 'host', e.lang);
    if (r.row.co_host_unit_ids.includes(e.unitId)) return nameOf('handleType', 'cohost', e.lang);
    return e.districtUser ? nameOf('handleType', 'district', e.lang) : null;
  }),
  dispatchType: field('dispatch_type'),
  dispatcherName: reads(['dispatcher_id'], (r, e) =>
    r.row.dispatcher_id === null ? null : (e.userNames.get(r.row.dispatcher_id) ?? null),
  ),
  assignedStaff: field('assigned_staff'),
  createdByName: reads(['created_by'], (r, e) =>
    r.row.created_by === null ? null : (e.userNames.get(r.row.created_by) ?? null),
  ),
  lockUserName: derived((r, e) => (e.seesLocks ? (r.extras.lock?.userName ?? null) : null)),
  lockExpiresAt: derived((r, e) => (e.seesLocks ? (r.extras.lock?.expiresAt ?? null) : null)),
  callTime: field('call_time'),
  systemSignTime: field('system_sign_time'),
  dispatchTime: field('dispatch_time'),
  hostSignTime: field('host_sign_time'),
  refuseDeadline: field('refuse_deadline'),
  handlingLimitHours: field('handling_limit_hours'),
  deadlineDate: field('deadline'),
  replyTime: field('reply_time'),
  cityReplyTime: field('city_reply_time'),
  closedTime: field('closed_time'),
  createdAt: field('created_at'),
  updatedAt: field('updated_at'),
  isOverdue: reads(['deadline', 'reply_time', 'status'], (r, e) => {
    const ms = overdueMs(r, e);
    return ms === null ? null : yesNo(ms > 0, e);
  }),
  overdueHours: reads(['deadline', 'reply_time', 'status'], (r, e) => {
    const ms = overdueMs(r, e);
    return ms ? Math.round((ms / HOUR) * 100) / 100 : null;
  }),
  signHours: reads(['call_time', 'system_sign_time'], (r) =>
    hours(r.row.call_time, r.row.system_sign_time),
  ),
  handlingHours: reads(['dispatch_time', 'reply_time'], (r) =>
    hours(r.row.dispatch_time, r.row.reply_time),
  ),
  replyContent: field('reply_content'),
  replyContacted: reads(['reply_contacted'], (r, e) => yesNo(r.row.reply_contacted, e)),
  replyResolved: reads(['reply_resolved'], (r, e) => yesNo(r.row.reply_resolved, e)),
  extensionCount: derived((r) => r.requests?.extensionCount ?? 0),
  extensionHours: derived((r) => r.requests?.extensionHours ?? 0),
  lastExtensionReason: derived((r) => r.requests?.lastExtensionReason ?? null),
  returnCount: derived((r) => r.events?.returns ?? 0),
  rejectCount: derived((r) => r.events?.rejects ?? 0),
  noteCount: derived((r) => r.events?.notes ?? 0),
  eventCount: derived((r) => r.events?.events ?? 0),
  attachmentCount: derived((r) => r.attachments),
  visitCount: field('visit_count'),
  visitTime: field('visit_time'),
  visitResult: reads(['visit_result'], (r, e) =>
    nameOf('satisfaction', r.row.visit_result, e.lang),
  ),
  visitContacted: reads(['visit_contacted'], (r, e) => yesNo(r.row.visit_contacted, e)),
  visitHostContacted: reads(['visit_host_contacted'], (r, e) =>
    yesNo(r.row.visit_host_contacted, e),
  ),
  visitResolved: reads(['visit_resolved'], (r, e) => yesNo(r.row.visit_resolved, e)),
  visitRemark: field('visit_remark'),
  isSecondVisit: reads(['is_second_visit'], (r, e) => yesNo(r.row.is_second_visit, e)),
  ...Object.fromEntries(
    [1, 2, 3].flatMap((n) =>
      ROUND_FIELDS.map(([suffix, field]) => [`visit${n}${suffix}`, derived(round(n, field))]),
    ),
  ),
  assessmentType: field('assessment_type'),
  tichuType: field('tichu_type'),
  tichuStatus: derived((r, e) =>
    nameOf(
      'review',
      r.requests?.exclusionStatus == null ? null : String(r.requests.exclusionStatus),
      e.lang,
    ),
  ),
  tichuReason: derived((r) => r.requests?.exclusionReason ?? null),
  assessed: reads(['tichu_type', 'visit_contacted'], (r, e) =>
    yesNo(r.row.tichu_type === null && r.row.visit_contacted === true, e),
  ),
  assessmentPeriod: reads(['visit_time'], (r) =>
    r.row.visit_time !== null ? periodLabel(r.row.visit_time) : null,
  ),
  isKeyAppeal: reads(['is_key_appeal'], (r, e) => yesNo(r.row.is_key_appeal, e)),
  isSupervised: reads(['is_supervised'], (r, e) => yesNo(r.row.is_supervised, e)),
  superviseCount: field('supervise_count'),
  mergedIntoId: field('merged_into_id'),
  mergedIntoNum: reads(['merged_into_id'], (r) => r.mergedIntoNum),
  mergedCount: derived((r) => r.mergedIn),
  isLocked: derived((r, e) => (e.seesLocks ? yesNo(r.extras.lock !== null, e) : null)),
  sourceRef: field('source_ref'),
  urgencyCode: field('urgency'),
  orderNatureCode: field('order_nature'),
};

const missing = EXPORT_COLUMN_KEYS.filter((k) => !(k in COLUMNS));
if (missing.length > 0) throw new Error(`export columns without a value: ${missing.join(', ')}`);

/** The order fields the chosen columns read. */
export function fieldsOf(keys: readonly string[]): ReadonlySet<OrderField> {
  return new Set(keys.flatMap((k) => COLUMNS[k]?.reads ?? []));
}

/**
 * The cells of one row for the chosen columns, in one array reused for every row (the writers
 * take a row's cells before asking for the next: a new array per row was a hundred megabytes
 * of garbage on a 100,000 × 121 export).
 */
export function rowValues(keys: readonly string[], env: ExportEnv) {
  const getters = keys.map((k) => COLUMNS[k]!.get);
  const cells = new Array<CellValue>(getters.length).fill(null);
  return (r: ExportRow, seq: number): readonly CellValue[] => {
    for (let i = 0; i < getters.length; i++) cells[i] = getters[i]!(r, env, seq);
    return cells;
  };
}
