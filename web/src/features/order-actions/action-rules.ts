import { MOBILE_PATTERN } from '@hotline/domain';
import type { ActionSpec, FormKind } from './action-table';

/**
 * Validation of the action forms before anything is sent (the server checks again: these only
 * spare the user a round trip) and the request bodies they produce. Messages are keys under
 * `orderDetail.form`.
 */

export type FormValues = Record<string, unknown>;

export interface FieldError {
  field: string;
  key: string;
  params?: Record<string, number>;
}

const FIXED_LINE = /^0\d{2,3}-?\d{7,8}$/;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const given = (v: unknown) => v !== undefined && v !== null && v !== '';

function textRule(
  errors: FieldError[],
  values: FormValues,
  field: string,
  required: string | null,
  max: number,
) {
  const text = str(values[field]);
  if (required && text === '') errors.push({ field, key: required });
  else if (text.length > max) errors.push({ field, key: 'tooLong', params: { max } });
}

const REQUIRED_KEY: Record<string, string> = {
  reason: 'reasonRequired',
  comment: 'commentRequired',
  content: 'contentRequired',
  staff: 'staffRequired',
};

/** The errors of a form's values; empty when it may be sent. */
export function validateAction(
  spec: Pick<ActionSpec, 'form' | 'text'>,
  values: FormValues,
): FieldError[] {
  const errors: FieldError[] = [];
  const kind: FormKind = spec.form;
  if (kind === 'text' && spec.text) {
    const { field, required, max } = spec.text;
    textRule(
      errors,
      values,
      field,
      required ? (REQUIRED_KEY[field] ?? 'commentRequired') : null,
      max,
    );
  }
  if (kind === 'reply') {
    textRule(errors, values, 'content', 'resultRequired', 2000);
    if (!given(values.contacted)) errors.push({ field: 'contacted', key: 'choose' });
    if (!given(values.resolved)) errors.push({ field: 'resolved', key: 'choose' });
  }
  if (kind === 'visit') {
    if (!given(values.reached)) errors.push({ field: 'reached', key: 'choose' });
    else if (values.reached === 1) {
      for (const field of ['hostContacted', 'resolved', 'satisfaction']) {
        if (!given(values[field])) errors.push({ field, key: 'visitChoicesRequired' });
      }
    }
    textRule(errors, values, 'remark', null, 2000);
  }
  if (kind === 'dispatch') {
    if (!given(values.hostUnitId)) errors.push({ field: 'hostUnitId', key: 'hostRequired' });
    const coHosts = Array.isArray(values.coHostUnitIds) ? values.coHostUnitIds : [];
    if (given(values.hostUnitId) && coHosts.includes(values.hostUnitId)) {
      errors.push({ field: 'coHostUnitIds', key: 'hostIsCoHost' });
    }
    textRule(errors, values, 'comment', null, 2000);
  }
  if (kind === 'extension') {
    const hours = Number(values.hours);
    if (!Number.isInteger(hours) || hours < 1 || hours > 720) {
      errors.push({ field: 'hours', key: 'hoursRequired' });
    }
    textRule(errors, values, 'reason', 'reasonRequired', 2000);
  }
  if (kind === 'exclusion') {
    textRule(errors, values, 'tichuType', 'tichuTypeRequired', 50);
    textRule(errors, values, 'reason', 'reasonRequired', 2000);
  }
  if (kind === 'merge') {
    const into = Number(values.intoId);
    if (!Number.isSafeInteger(into) || into <= 0)
      errors.push({ field: 'intoId', key: 'intoIdRequired' });
    textRule(errors, values, 'comment', null, 2000);
  }
  if (kind === 'edit') {
    const phone = str(values.callerPhone);
    if (phone !== '' && !MOBILE_PATTERN.test(phone) && !FIXED_LINE.test(phone)) {
      errors.push({ field: 'callerPhone', key: 'phoneInvalid' });
    }
    // the host's form has no title or content: only a form that shows them requires them
    textRule(errors, values, 'title', 'title' in values ? 'fieldRequired' : null, 200);
    textRule(
      errors,
      values,
      'majorContent',
      'majorContent' in values ? 'fieldRequired' : null,
      5000,
    );
    textRule(errors, values, 'address', null, 200);
    textRule(errors, values, 'callerName', null, 50);
  }
  if (kind === 'remarks') textRule(errors, values, 'remarks', null, 2000);
  if (kind === 'attributes') {
    const labels = listValue(values.labels);
    if (labels.length > MAX_LABELS) {
      errors.push({ field: 'labels', key: 'tooManyLabels', params: { max: MAX_LABELS } });
    } else if (labels.some((l) => l.length > MAX_LABEL_LENGTH)) {
      errors.push({ field: 'labels', key: 'labelTooLong', params: { max: MAX_LABEL_LENGTH } });
    }
    textRule(errors, values, 'sevenFiveCategory', null, 50);
  }
  return errors;
}

/** Fields each edit form may send (the server's paths: orderFieldsBody, hostFieldsBody, …). */
export const EDIT_FIELDS_DISTRICT = [
  'title',
  'majorContent',
  'address',
  'categoryId',
  'urgency',
  'orderNature',
  'callerName',
  'callerPhone',
] as const;
export const EDIT_FIELDS_HOST = ['address', 'communityUnitId'] as const;
export const REMARKS_FIELDS = ['remarks'] as const;
export const ATTRIBUTE_FIELDS = [
  'labels',
  'sevenFiveCategory',
  'riskLevel',
  'orderNature',
] as const;

export type EditField =
  | (typeof EDIT_FIELDS_DISTRICT)[number]
  | (typeof EDIT_FIELDS_HOST)[number]
  | (typeof REMARKS_FIELDS)[number]
  | (typeof ATTRIBUTE_FIELDS)[number];

/** Labels: at most 10, each at most 20 characters (the server's attributesBody). */
export const MAX_LABELS = 10;
export const MAX_LABEL_LENGTH = 20;

/** The fields of an edit-family form; empty for the other forms. */
export function editFormFields(kind: FormKind, host: boolean): readonly EditField[] {
  if (kind === 'edit') return host ? EDIT_FIELDS_HOST : EDIT_FIELDS_DISTRICT;
  if (kind === 'remarks') return REMARKS_FIELDS;
  if (kind === 'attributes') return ATTRIBUTE_FIELDS;
  return [];
}

/** Choices (ids, vocabulary words, levels): cannot be emptied, so a cleared one is not sent. */
const CHOICE_FIELDS: ReadonlySet<string> = new Set([
  'categoryId',
  'urgency',
  'orderNature',
  'communityUnitId',
  'riskLevel',
]);
const LIST_FIELDS: ReadonlySet<string> = new Set(['labels']);

/** A tags value as trimmed, non-empty, distinct strings. */
function listValue(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    const text = String(item).trim();
    if (text !== '' && !out.includes(text)) out.push(text);
  }
  return out;
}

/**
 * Only the fields the user changed; empty when nothing changed. Texts are compared trimmed
 * (null and '' are the same), lists item by item, choices by value; a cleared choice is left
 * out (the server has no "none" for it).
 */
export function changedFields(
  fields: readonly string[],
  before: Record<string, unknown>,
  values: FormValues,
): Record<string, string | number | string[]> {
  const out: Record<string, string | number | string[]> = {};
  for (const field of fields) {
    const next = values[field];
    if (LIST_FIELDS.has(field)) {
      const list = listValue(next);
      if (JSON.stringify(list) !== JSON.stringify(listValue(before[field]))) out[field] = list;
    } else if (CHOICE_FIELDS.has(field)) {
      if (!given(next)) continue;
      const value = typeof next === 'number' ? next : String(next);
      if (value !== before[field]) out[field] = value;
    } else {
      const text = str(next);
      if (text !== str(before[field])) out[field] = text;
    }
  }
  return out;
}

/** The request body for an action: the order id, the action's fixed fields and the form's. */
export function actionBody(
  spec: Pick<ActionSpec, 'form' | 'fixed' | 'text'>,
  id: number,
  values: FormValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = { id, ...spec.fixed };
  const put = (field: string, value: unknown) => {
    if (typeof value === 'string') {
      if (value.trim() !== '') body[field] = value.trim();
    } else if (value !== undefined && value !== null) body[field] = value;
  };
  switch (spec.form) {
    case 'text':
      if (spec.text) put(spec.text.field, values[spec.text.field]);
      if (values.on !== undefined) put('on', values.on);
      if (values.toCity) put('toCity', 1);
      break;
    case 'reply':
      put('content', values.content);
      put('contacted', values.contacted);
      put('resolved', values.resolved);
      break;
    case 'visit':
      put('reached', values.reached);
      if (values.reached === 1) {
        put('hostContacted', values.hostContacted);
        put('resolved', values.resolved);
        put('satisfaction', values.satisfaction);
      }
      put('remark', values.remark);
      break;
    case 'dispatch':
      put('hostUnitId', values.hostUnitId);
      if (Array.isArray(values.coHostUnitIds) && values.coHostUnitIds.length > 0) {
        put('coHostUnitIds', values.coHostUnitIds);
      }
      put('comment', values.comment);
      break;
    case 'extension':
      put('hours', Number(values.hours));
      put('reason', values.reason);
      break;
    case 'exclusion':
      put('tichuType', values.tichuType);
      put('reason', values.reason);
      break;
    case 'merge':
      put('intoId', Number(values.intoId));
      put('comment', values.comment);
      break;
    case 'edit':
    case 'remarks':
    case 'attributes':
      for (const [k, v] of Object.entries(values)) body[k] = v;
      break;
    case 'confirm':
      break;
  }
  return body;
}
