import { INTAKE_LIMITS, isPhoneNumber } from '@hotline/contract';
import { OPEN_STATUSES } from '@hotline/domain';

/**
 * The intake form's rules, the server's own (redaction/insert, docs/api.md: its limits and phone
 * rule come from the contract): checked before sending, so the server's 400 only meets what the
 * form cannot know (a stale merge target).
 */

export const LIMITS = INTAKE_LIMITS;

export type IntakeProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'contentShort' }
  | { kind: 'phoneInvalid' }
  | { kind: 'labelsInvalid' };

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function checkText(value: unknown, max: number, min = 1): IntakeProblem | null {
  const text = trimmed(value);
  if (!text) return { kind: 'required' };
  if (text.length < min) return { kind: 'contentShort' };
  if (text.length > max) return { kind: 'tooLong', max };
  return null;
}

/** Mainland mobile (1[3-9] + 9 digits) or a fixed line 0xx(x)-xxxxxxx(x). */
export function checkPhone(value: unknown): IntakeProblem | null {
  const text = trimmed(value);
  if (!text) return { kind: 'required' };
  return isPhoneNumber(text) ? null : { kind: 'phoneInvalid' };
}

export function checkLabels(value: unknown): IntakeProblem | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) return { kind: 'labelsInvalid' };
  const labels = value.map(trimmed);
  if (labels.length > LIMITS.labels) return { kind: 'labelsInvalid' };
  return labels.every((l) => l.length >= 1 && l.length <= LIMITS.label)
    ? null
    : { kind: 'labelsInvalid' };
}

export interface IntakeValues {
  callerName?: string;
  callerPhone?: string;
  callerCount?: number;
  callerSubject?: 'individual' | 'enterprise';
  title?: string;
  majorContent?: string;
  categoryId?: number;
  urgency?: string;
  orderNature?: string;
  address?: string;
  lat?: number | null;
  smsOptOut?: boolean;
  long?: number | null;
  communityUnitId?: number;
  typeId?: 5 | 7;
  labels?: string[];
}

/** Form values → the redaction/insert body (trimmed; empty optionals left out). */
export function intakeBody(values: IntakeValues, mergeIntoId: number | null) {
  const body: Record<string, unknown> = {
    title: trimmed(values.title),
    majorContent: trimmed(values.majorContent),
    callerName: trimmed(values.callerName),
    callerPhone: trimmed(values.callerPhone),
    callerCount: values.callerCount ?? 1,
    callerSubject: values.callerSubject ?? 'individual',
    address: trimmed(values.address),
    categoryId: values.categoryId,
    urgency: values.urgency,
    orderNature: values.orderNature,
    typeId: values.typeId ?? 5,
  };
  if (values.smsOptOut) body.smsOptOut = true;
  if (typeof values.lat === 'number') body.lat = values.lat;
  if (typeof values.long === 'number') body.long = values.long;
  if (values.communityUnitId) body.communityUnitId = values.communityUnitId;
  const labels = (values.labels ?? []).map(trimmed).filter(Boolean);
  if (labels.length) body.labels = labels;
  if (mergeIntoId) body.mergeIntoId = mergeIntoId;
  return body;
}

/** What to ask similarOrder while typing: null until the title has 2 characters. */
export function similarQuery(title: unknown, content: unknown) {
  const t = trimmed(title).slice(0, LIMITS.title);
  if (t.length < 2) return null;
  const c = trimmed(content).slice(0, LIMITS.majorContent);
  return c.length >= 2 ? { title: t, content: c } : { title: t };
}

/** Orders still open (the domain's open statuses) can take a merge. */
export const canMergeInto = (status: number) =>
  (OPEN_STATUSES as readonly number[]).includes(status);
