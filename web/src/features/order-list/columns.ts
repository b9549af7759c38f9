import type { OrderSummary } from '@hotline/contract';

/**
 * The work-order list columns of spec section 3, and which of them each queue shows by
 * default. Users may show, hide and reorder columns; the catalogue order is the fallback.
 */

export type CellKind =
  | 'index'
  | 'text'
  | 'longText'
  | 'time'
  | 'number'
  | 'countdown'
  | 'tip'
  | 'nextDeadline'
  | 'status'
  | 'hostStatus'
  | 'nature'
  | 'sevenFive'
  | 'urgency'
  | 'visitResult'
  | 'labels'
  | 'flag'
  | 'hours'
  | 'subject';

export interface ColumnDef {
  /** Stable key (stored in the preferences). */
  key: string;
  /** Where the cell reads from (index, tip and countdown compute their own). */
  field?: keyof OrderSummary;
  kind: CellKind;
  width: number;
}

const col = (key: string, kind: CellKind, width: number, field?: keyof OrderSummary) =>
  ({ key, kind, width, field }) satisfies ColumnDef;

/** Every column the lists offer (spec section 3, "Work-order list columns"). */
export const COLUMNS: readonly ColumnDef[] = [
  col('index', 'index', 60),
  col('orderNum', 'text', 170, 'orderNum'),
  col('districtCaseNum', 'text', 170, 'districtCaseNum'),
  col('refuseCountdown', 'countdown', 130, 'refuseDeadline'),
  col('tip', 'tip', 120),
  // the next open limit and its state (issue 21)
  col('nextDeadline', 'nextDeadline', 250, 'nextDeadline'),
  col('lockUserName', 'text', 100, 'lockUserName'),
  col('dispatchType', 'text', 100, 'dispatchType'),
  col('orderNature', 'nature', 90, 'orderNature'),
  col('visitResult', 'visitResult', 100, 'visitResult'),
  col('status', 'status', 120, 'status'),
  col('title', 'text', 220, 'title'),
  col('majorContent', 'longText', 280, 'majorContent'),
  col('organizerName', 'text', 150, 'organizerName'),
  col('mainOrgStatus', 'hostStatus', 140, 'mainOrgStatus'),
  col('subordinateName', 'text', 150, 'subordinateName'),
  col('visitTime', 'time', 160, 'visitTime'),
  col('visitCount', 'number', 90, 'visitCount'),
  col('visitRemark', 'longText', 180, 'visitRemark'),
  col('handlerUnit', 'text', 150, 'organizerName'),
  col('callerName', 'text', 100, 'callerName'),
  col('callerPhone', 'text', 130, 'callerPhone'),
  col('callerCount', 'number', 90, 'callerCount'),
  col('callerSubject', 'subject', 90, 'callerSubject'),
  col('categoryPath', 'text', 220, 'categoryPath'),
  col('labels', 'labels', 150, 'labels'),
  col('dispatchTime', 'time', 160, 'dispatchTime'),
  col('handlingLimitHours', 'hours', 100, 'handlingLimitHours'),
  col('deadline', 'time', 160, 'deadline'),
  col('jurisdiction', 'text', 140, 'communityName'),
  col('receivingUnit', 'text', 150, 'organizerName'),
  col('sevenFiveCategory', 'sevenFive', 150, 'sevenFiveCategory'),
  col('tichuType', 'text', 120, 'tichuType'),
  col('cityReplyTime', 'time', 160, 'cityReplyTime'),
  col('assessmentType', 'text', 110, 'assessmentType'),
  col('communityName', 'text', 140, 'communityName'),
  col('address', 'longText', 200, 'address'),
  col('assignedStaff', 'text', 100, 'assignedStaff'),
  col('isSecondVisit', 'flag', 90, 'isSecondVisit'),
  col('systemSignTime', 'time', 160, 'systemSignTime'),
  col('callTime', 'time', 160, 'callTime'),
  col('urgency', 'urgency', 90, 'urgency'),
];

export const COLUMN_KEYS: readonly string[] = COLUMNS.map((c) => c.key);

export function columnByKey(key: string): ColumnDef | undefined {
  return COLUMNS.find((c) => c.key === key);
}

const BASE = ['index', 'tip', 'lockUserName', 'orderNum', 'status', 'title'];
const HANDLING = [
  'nextDeadline',
  'organizerName',
  'mainOrgStatus',
  'subordinateName',
  'dispatchTime',
  'deadline',
];
const VISIT = ['visitCount', 'visitResult', 'visitTime', 'visitRemark', 'callerName'];
const SIGN = [
  'refuseCountdown',
  'urgency',
  'categoryPath',
  'callerName',
  'callerPhone',
  'callTime',
];

/** Default visible columns by queue suffix (the part after `qu_`, `jd_`, `bm_`, `hf_`). */
const BY_QUEUE: Record<string, string[]> = {
  dqs: [...BASE.slice(0, 3), 'refuseCountdown', 'nextDeadline', ...BASE.slice(3), ...SIGN.slice(1)],
  yqs: [...BASE, 'systemSignTime', 'categoryPath', 'callerName', 'callTime'],
  blz: [...BASE, ...HANDLING, 'urgency'],
  dfsh: [...BASE, ...HANDLING],
  thsh: [...BASE, ...HANDLING, 'tichuType'],
  shz: [...BASE, ...HANDLING],
  bh: [...BASE, ...HANDLING],
  dhf: [...BASE, 'organizerName', ...VISIT, 'callerPhone'],
  cf: [...BASE, 'organizerName', ...VISIT, 'callerPhone', 'isSecondVisit'],
  yjyj: [
    ...BASE,
    'nextDeadline',
    'deadline',
    'handlingLimitHours',
    'organizerName',
    'mainOrgStatus',
    'urgency',
  ],
  yth: [...BASE, 'organizerName', 'mainOrgStatus', 'cityReplyTime', 'tichuType'],
  ybj: [...BASE, 'organizerName', 'visitResult', 'cityReplyTime', 'assessmentType'],
  zdsq: [...BASE, ...HANDLING, 'labels'],
  dfp: [...BASE, 'refuseCountdown', 'categoryPath', 'urgency', 'address', 'callTime'],
  dlq: [...BASE, 'categoryPath', 'urgency', 'systemSignTime', 'callTime'],
};
const FALLBACK = [
  ...BASE,
  'nextDeadline',
  'organizerName',
  'mainOrgStatus',
  'callTime',
  'deadline',
];

/** The columns a queue shows by default (street users never get the locking person). */
export function defaultColumns(menuId: string | undefined, isStreet: boolean): string[] {
  const suffix = menuId?.split('_').slice(1).join('_') ?? '';
  const keys = BY_QUEUE[suffix] ?? FALLBACK;
  return allowedColumns(keys, isStreet);
}

/** Drops unknown keys, duplicates and (for street users, spec section 6) the locking person. */
export function allowedColumns(keys: readonly string[], isStreet: boolean): string[] {
  const seen = new Set<string>();
  return keys.filter((k) => {
    if (seen.has(k) || !COLUMN_KEYS.includes(k)) return false;
    if (isStreet && k === 'lockUserName') return false;
    seen.add(k);
    return true;
  });
}
