import {
  attributesBody,
  dispatchBody,
  exclusionBody,
  extensionBody,
  hostFieldsBody,
  mergeBody,
  orderFieldsBody,
  remarksBody,
  replyBody,
  visitBody,
} from '@hotline/contract';
import type { ActionSpec, BodySchema, FormKind } from './action-table';

/**
 * Validation of the action forms before anything is sent (the server checks again: these only
 * spare the user a round trip) and the request bodies they produce. A form's body is checked
 * with the schema the server validates it with (the contract's), and each problem becomes a
 * message key under `orderDetail.form`.
 */

export type FormValues = Record<string, unknown>;

export interface FieldError {
  field: string;
  key: string;
  params?: Record<string, number>;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The body schema of each form family; a text form uses its spec's endpoint (or `body`). */
const FORM_BODIES: Partial<Record<FormKind, BodySchema>> = {
  reply: replyBody,
  visit: visitBody,
  dispatch: dispatchBody,
  extension: extensionBody,
  exclusion: exclusionBody,
  merge: mergeBody,
  // one form for both edit endpoints: the district's fields and the host's
  edit: orderFieldsBody.extend(hostFieldsBody.shape),
  remarks: remarksBody,
  attributes: attributesBody,
};

/** The message for a missing or invalid field; a form may say it its own way. */
const FIELD_KEY: Record<string, string> = {
  reason: 'reasonRequired',
  comment: 'commentRequired',
  content: 'contentRequired',
  staff: 'staffRequired',
  contacted: 'choose',
  resolved: 'choose',
  reached: 'choose',
  hostContacted: 'visitChoicesRequired',
  satisfaction: 'visitChoicesRequired',
  hostUnitId: 'hostRequired',
  hours: 'hoursRequired',
  tichuType: 'tichuTypeRequired',
  intoId: 'intoIdRequired',
};
const FORM_FIELD_KEY: Partial<Record<FormKind, Record<string, string>>> = {
  reply: { content: 'resultRequired' },
  visit: { resolved: 'visitChoicesRequired' },
};

/** The form does not choose the order: any valid id lets the schema judge the rest. */
const SOME_ORDER_ID = 1;

type Issue = NonNullable<ReturnType<BodySchema['safeParse']>['error']>['issues'][number];

function fieldError(kind: FormKind, issue: Issue): FieldError | null {
  const [field, item] = issue.path;
  if (typeof field !== 'string' || field === 'id') return null;
  if (issue.code === 'too_big' && (issue.origin === 'string' || issue.origin === 'array')) {
    const params = { max: Number(issue.maximum) };
    if (field === 'labels') {
      return { field, key: item === undefined ? 'tooManyLabels' : 'labelTooLong', params };
    }
    return { field, key: 'tooLong', params };
  }
  if (issue.message === 'order.phoneInvalid') return { field, key: 'phoneInvalid' };
  return { field, key: FORM_FIELD_KEY[kind]?.[field] ?? FIELD_KEY[field] ?? 'fieldRequired' };
}

const EDIT_FAMILY: ReadonlySet<FormKind> = new Set(['edit', 'remarks', 'attributes']);

/** What a form's values would send, for checking: the edit family as typed, lists cleaned. */
function candidateBody(spec: Pick<ActionSpec, 'form' | 'fixed' | 'text'>, values: FormValues) {
  if (!EDIT_FAMILY.has(spec.form)) return actionBody(spec, SOME_ORDER_ID, values);
  const body: Record<string, unknown> = { id: SOME_ORDER_ID };
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    body[field] = LIST_FIELDS.has(field) ? listValue(value) : value;
  }
  return body;
}

/** The errors of a form's values, at most one per field; empty when it may be sent. */
export function validateAction(
  spec: Pick<ActionSpec, 'form' | 'text' | 'fixed'> &
    Partial<Pick<ActionSpec, 'endpoint' | 'body'>>,
  values: FormValues,
): FieldError[] {
  const schema = spec.form === 'text' ? (spec.body ?? spec.endpoint?.body) : FORM_BODIES[spec.form];
  const errors: FieldError[] = [];
  const result = schema?.safeParse(candidateBody(spec, values));
  for (const issue of result?.error?.issues ?? []) {
    const error = fieldError(spec.form, issue);
    if (error && !errors.some((e) => e.field === error.field)) errors.push(error);
  }
  // a console rule the server leaves to the domain: the host is not also a co-host
  const coHosts = Array.isArray(values.coHostUnitIds) ? values.coHostUnitIds : [];
  if (spec.form === 'dispatch' && given(values.hostUnitId) && coHosts.includes(values.hostUnitId)) {
    errors.push({ field: 'coHostUnitIds', key: 'hostIsCoHost' });
  }
  return errors;
}

/** Body fields that are not the form's: the order id and the reply option. */
type NotFormField = 'id' | 'withDetail';
const NOT_FORM_FIELDS: ReadonlySet<string> = new Set<NotFormField>(['id', 'withDetail']);

/** The fields a body schema takes besides the order id and the reply option, in its order. */
function formFields<S extends { shape: Record<string, unknown> }>(body: S) {
  return Object.keys(body.shape).filter(
    (field): field is Exclude<keyof S['shape'] & string, NotFormField> =>
      !NOT_FORM_FIELDS.has(field),
  );
}

/** Fields each edit form may send: those of its endpoint's body. */
export const EDIT_FIELDS_DISTRICT = formFields(orderFieldsBody);
export const EDIT_FIELDS_HOST = formFields(hostFieldsBody);
export const REMARKS_FIELDS = formFields(remarksBody);
export const ATTRIBUTE_FIELDS = formFields(attributesBody);

export type EditField =
  | (typeof EDIT_FIELDS_DISTRICT)[number]
  | (typeof EDIT_FIELDS_HOST)[number]
  | (typeof REMARKS_FIELDS)[number]
  | (typeof ATTRIBUTE_FIELDS)[number];

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
