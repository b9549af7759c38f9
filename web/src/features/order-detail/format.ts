import {
  HUIFANG_STATE_NAMES,
  MAIN_ORG_STATUS_NAMES,
  STATUS_NAMES,
  EVENT_NAMES,
  formatCst,
} from '@hotline/domain';

/** Pure presentation rules of the detail: field groups, value kinds, tag colours, file kinds. */

export type Lang = 'zh' | 'en';

/** How a field's value is shown. */
export type ValueKind =
  | 'text'
  | 'long'
  | 'time'
  | 'bool'
  | 'status'
  | 'mainOrgStatus'
  | 'huifangState'
  | 'review'
  | 'type'
  | 'urgency'
  | 'nature'
  | 'subject'
  | 'satisfaction'
  | 'labels'
  | 'risk'
  | 'sevenFive'
  | 'hours'
  | 'position';

export interface FieldDef {
  key: string;
  kind: ValueKind;
  /** Spans the whole row. */
  wide?: boolean;
}

export interface FieldGroup {
  key: 'identity' | 'caller' | 'content' | 'routing' | 'time' | 'handling' | 'visit' | 'flags';
  fields: FieldDef[];
}

const f = (key: string, kind: ValueKind = 'text', wide = false): FieldDef => ({ key, kind, wide });

/** Every field of the detail's order, grouped (docs/api.md "One order"). */
export const FIELD_GROUPS: readonly FieldGroup[] = [
  {
    key: 'identity',
    fields: [
      f('orderNum'),
      f('districtCaseNum'),
      f('handleCode'),
      f('typeId', 'type'),
      f('status', 'status'),
      f('mainOrgStatus', 'mainOrgStatus'),
      f('huifangState', 'huifangState'),
      f('needReviewStatus', 'review'),
    ],
  },
  {
    key: 'caller',
    fields: [
      f('callerName'),
      f('callerPhone'),
      f('callerCount'),
      f('callerSubject', 'subject'),
      // the caller's progress texts stopped (at intake, or 关闭短信通知 since)
      f('smsOptOut', 'bool'),
    ],
  },
  {
    key: 'content',
    fields: [
      f('title', 'text', true),
      f('majorContent', 'long', true),
      f('address', 'text', true),
      f('lat', 'position'),
      f('communityName'),
      f('categoryPath'),
      f('orderNature', 'nature'),
      f('urgency', 'urgency'),
      f('labels', 'labels'),
      f('sevenFiveCategory', 'sevenFive'),
      f('riskLevel', 'risk'),
    ],
  },
  {
    key: 'routing',
    fields: [f('organizerName'), f('subordinateName'), f('dispatchType'), f('assignedStaff')],
  },
  {
    key: 'time',
    fields: [
      f('callTime', 'time'),
      f('systemSignTime', 'time'),
      f('dispatchTime', 'time'),
      f('hostSignTime', 'time'),
      f('refuseDeadline', 'time'),
      f('handlingLimitHours', 'hours'),
      f('deadline', 'time'),
      f('closedTime', 'time'),
    ],
  },
  {
    key: 'handling',
    fields: [
      f('replyTime', 'time'),
      f('cityReplyTime', 'time'),
      f('replyContacted', 'bool'),
      f('replyResolved', 'bool'),
      f('replyContent', 'long', true),
    ],
  },
  {
    key: 'visit',
    fields: [
      f('visitCount'),
      f('visitTime', 'time'),
      f('visitResult', 'satisfaction'),
      f('visitHostContacted', 'bool'),
      f('visitResolved', 'bool'),
      f('isSecondVisit', 'bool'),
      f('visitRemark', 'long', true),
    ],
  },
  {
    key: 'flags',
    fields: [
      f('isKeyAppeal', 'bool'),
      f('isSupervised', 'bool'),
      f('superviseCount'),
      f('escalationLevel'),
      f('escalatedAt', 'time'),
      f('assessmentType'),
      f('tichuType'),
      f('mergedIntoId'),
      f('remarks', 'long', true),
    ],
  },
];

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A server time in China time (`formatCst`); an unreadable text as it came. */
export function formatTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  return formatCst(value, TIME_FORMAT) || value;
}

export function isBlank(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The bilingual name of a state code (or the code itself when unknown). */
export function stateName(
  kind: 'status' | 'mainOrgStatus' | 'huifangState',
  code: unknown,
  lang: Lang,
): string {
  const table =
    kind === 'status'
      ? STATUS_NAMES
      : kind === 'mainOrgStatus'
        ? MAIN_ORG_STATUS_NAMES
        : HUIFANG_STATE_NAMES;
  return typeof code === 'number' ? (table[code]?.[lang] ?? String(code)) : '';
}

/** Tag colour of a district status: open work blue/orange, refused and returned red, done green. */
export function statusColor(status: number): string {
  if (status === 0) return 'orange';
  if (status === 1) return 'blue';
  if (status === 11 || status === 12) return 'purple';
  if (status === 71 || status === 72) return 'red';
  if (status === 91) return 'cyan';
  if (status === 92) return 'green';
  return 'default';
}

export function eventName(action: string, lang: Lang): string {
  return EVENT_NAMES[action]?.[lang] ?? action;
}

/** How an attachment can be shown: images and PDFs are previewed, the rest downloaded. */
export function fileKind(mimeType: string, fileName: string): 'image' | 'pdf' | 'other' {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (mimeType.startsWith('image/') || ext === 'png' || ext === 'jpg' || ext === 'jpeg') {
    return 'image';
  }
  if (mimeType === 'application/pdf' || ext === 'pdf') return 'pdf';
  return 'other';
}

export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** State codes of a timeline event as "status / host status" in words. */
export function codesText(
  codes: { status: number; mainOrgStatus: number } | null | undefined,
  lang: Lang,
): string {
  if (!codes) return '—';
  const main = stateName('mainOrgStatus', codes.mainOrgStatus, lang);
  return `${stateName('status', codes.status, lang)} / ${main}`;
}
