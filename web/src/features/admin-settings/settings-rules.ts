import { translate, type Lang } from '@hotline/domain';
import {
  settingMeta,
  settingsProblems,
  type SettingMeta,
  type SettingProblem,
  type SettingSection,
} from '@hotline/contract';

/**
 * Pure rules of the settings forms: which control edits a key (the contract's SETTING_META; the
 * entry's own type for keys an administrator added), the form's value of a stored text and
 * back, the sections, what changed, and the server's "field: message" refusals by field.
 */

export type FieldKind = 'switch' | 'integer' | 'select' | 'text' | 'textarea' | 'json' | 'path';

/** What the form needs of a stored entry. */
export interface EntryLike {
  name: string;
  value: string;
  type: string;
  options: readonly string[];
}

export type FieldSection = SettingSection | 'other';

export interface FieldSpec {
  kind: FieldKind;
  section: FieldSection;
  min?: number;
  max?: number;
  options: readonly string[];
  unit?: SettingMeta['unit'];
  /** A key the settings catalogue knows (its schema checks the value). */
  known: boolean;
}

/** The sections in page order; a section without keys is not shown. */
export const SECTION_ORDER: readonly FieldSection[] = [
  'site',
  'login',
  'limits',
  'workflow',
  'features',
  'push',
  'calls',
  'files',
  'citizens',
  'providers',
  'password',
  'other',
];

const KIND_OF_TYPE: Record<string, FieldKind> = {
  string: 'text',
  number: 'integer',
  switch: 'switch',
  text: 'textarea',
  select: 'select',
  json: 'json',
};

export function fieldSpec(group: string, entry: EntryLike): FieldSpec {
  const meta = settingMeta(group, entry.name);
  if (meta) {
    const kind: FieldKind =
      meta.kind === 'text' && (meta.max ?? 0) > 200 ? 'textarea' : (meta.kind as FieldKind);
    return {
      kind,
      section: meta.section,
      ...(meta.min !== undefined ? { min: meta.min } : {}),
      ...(meta.max !== undefined ? { max: meta.max } : {}),
      options: meta.options ?? entry.options,
      ...(meta.unit ? { unit: meta.unit } : {}),
      known: true,
    };
  }
  return {
    kind: KIND_OF_TYPE[entry.type] ?? 'text',
    section: 'other',
    options: entry.options,
    known: false,
  };
}

/** A form control's value. */
export type ControlValue = string | number | boolean | null | undefined;

/** The control's value of a stored text. */
export function toControl(kind: FieldKind, text: string): ControlValue {
  if (kind === 'switch') return text === '1';
  if (kind === 'integer') {
    return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text === '' ? null : text;
  }
  if (kind === 'json') return prettyJson(text);
  return text;
}

/** The text a control's value is stored as. */
export function toText(kind: FieldKind, value: ControlValue): string {
  if (kind === 'switch') return value === true || value === '1' ? '1' : '0';
  if (value === null || value === undefined) return '';
  return String(value);
}

/** JSON shown indented (two spaces); text that is not JSON as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * Whether a value differs from the stored one. JSON is compared by content (indentation is
 * the form's), text by its trimmed form (the server trims), numbers as numbers.
 */
export function isChanged(kind: FieldKind, stored: string, text: string): boolean {
  if (kind === 'json') {
    try {
      return JSON.stringify(JSON.parse(stored)) !== JSON.stringify(JSON.parse(text));
    } catch {
      return stored.trim() !== text.trim();
    }
  }
  if (kind === 'integer' && /^\d+$/.test(stored.trim()) && /^\d+$/.test(text.trim())) {
    return Number(stored) !== Number(text);
  }
  if (kind === 'switch') return (stored === '1') !== (text === '1');
  return stored.trim() !== text.trim();
}

/** The text to send for a changed value: JSON compacted, the rest trimmed. */
export function textToSend(kind: FieldKind, text: string): string {
  if (kind === 'json') {
    try {
      return JSON.stringify(JSON.parse(text));
    } catch {
      return text.trim();
    }
  }
  return kind === 'textarea' ? text : text.trim();
}

/** A problem of a key the catalogue does not know, checked by its type; null when fine. */
export type LocalProblem = 'integer' | 'json' | null;

export function localProblem(kind: FieldKind, text: string): LocalProblem {
  if (kind === 'integer' && !/^-?\d{1,15}$/.test(text.trim())) return 'integer';
  if (kind === 'json') {
    try {
      JSON.parse(text);
    } catch {
      return 'json';
    }
  }
  return null;
}

/** The JSON parser's complaint about a text, or null when it parses. */
export function jsonError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The changed values of a group (name → text to send): only keys whose value differs from the
 * stored one.
 */
export function changedValues(
  group: string,
  entries: readonly EntryLike[],
  texts: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const text = texts[entry.name];
    if (text === undefined) continue;
    const { kind } = fieldSpec(group, entry);
    if (isChanged(kind, entry.value, text)) out[entry.name] = textToSend(kind, text);
  }
  return out;
}

/**
 * The problems of a save before it is sent: each changed value by its key's schema and the
 * group's cross-field rules (at least one login method stays on), as the server checks them.
 */
export function saveProblems(
  group: string,
  entries: readonly EntryLike[],
  changed: Readonly<Record<string, string>>,
): SettingProblem[] {
  const stored = Object.fromEntries(entries.map((e) => [e.name, e.value]));
  return settingsProblems(group, changed, stored);
}

/**
 * The server's 400 message ("name: reason; other: reason", a field possibly prefixed with
 * `values.`) split by field; what names no field of the form stays in `rest`.
 */
export function fieldErrors(
  message: string,
  fields: readonly string[],
): { byField: Record<string, string>; rest: string[] } {
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const part of message.split(/;\s*/)) {
    const match = /^([\w.[\]]+):\s*(.+)$/s.exec(part.trim());
    const path = match?.[1] ?? '';
    const name = path.split('.').pop() ?? '';
    if (match && fields.includes(name)) byField[name] = match[2]!;
    else if (part.trim()) rest.push(part.trim());
  }
  return { byField, rest };
}

/**
 * A problem's text for its own field: the server's words ("name: reason"), without the name
 * the field already shows.
 */
export function problemText(problem: SettingProblem, lang: Lang): string {
  const text = translate(problem.message, lang, { ...problem.params, field: problem.name });
  return text.startsWith(`${problem.name}: `) ? text.slice(problem.name.length + 2) : text;
}
