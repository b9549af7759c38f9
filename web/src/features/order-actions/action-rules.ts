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
    textRule(errors, values, 'title', null, 200);
    textRule(errors, values, 'majorContent', null, 5000);
    textRule(errors, values, 'address', null, 200);
    textRule(errors, values, 'callerName', null, 50);
  }
  return errors;
}

/** Fields an edit may send, and the values it starts from. */
export const EDIT_FIELDS_DISTRICT = [
  'title',
  'majorContent',
  'address',
  'callerName',
  'callerPhone',
] as const;
export const EDIT_FIELDS_HOST = ['address'] as const;

/** Only the fields the user changed (trimmed); empty when nothing changed. */
export function changedFields(
  fields: readonly string[],
  before: Record<string, unknown>,
  values: FormValues,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const next = str(values[field]);
    const prev = typeof before[field] === 'string' ? (before[field] as string).trim() : '';
    if (next !== prev) out[field] = next;
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
      for (const [k, v] of Object.entries(values)) body[k] = v;
      break;
    case 'confirm':
      break;
  }
  return body;
}
