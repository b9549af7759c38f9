import { z } from 'zod';
import { OVERDUE_MODES, PASSWORD_MIN_LENGTH_RANGE, type MessageKey } from '@hotline/domain';

/**
 * The settings the console edits in typed forms (系统配置): for every key of the groups `jsjb`,
 * `system` and `security`, what kind of value it holds (SETTING_META) and the zod schema of its
 * text value (SETTING_SCHEMAS, derived from the metadata, so form and server agree). The
 * server validates every save with these (`/admin/settings/save`, `/config/save`, `/config/add`);
 * the console builds its forms from the metadata and checks them with `settingsProblems`.
 *
 * Light on purpose: zod and a few domain constants, no endpoint declarations.
 */

/** How a value is edited and checked. */
export type SettingKind = 'text' | 'switch' | 'integer' | 'select' | 'json' | 'path';

/** Where a key sits in the form (the console titles the sections). */
export type SettingSection =
  | 'site'
  | 'login'
  | 'workflow'
  | 'limits'
  | 'features'
  | 'push'
  | 'calls'
  | 'files'
  | 'providers'
  | 'password'
  | 'citizens';

export interface SettingMeta {
  readonly kind: SettingKind;
  readonly section: SettingSection;
  /** integer: the smallest value; text: the fewest characters. */
  readonly min?: number;
  /** integer: the largest value; text, path, json: the most characters. */
  readonly max?: number;
  /** select: the values allowed. */
  readonly options?: readonly string[];
  /** text: a shape the text must have besides its length. */
  readonly format?: 'hoursList';
  /** integer: what the number counts (the form shows it next to the input). */
  readonly unit?:
    'hours' | 'days' | 'workdays' | 'mb' | 'characters' | 'classes' | 'orders' | 'messages';
}

const sw = (section: SettingSection) => ({ kind: 'switch', section }) as const;
const hours = (section: SettingSection) =>
  ({ kind: 'integer', section, min: 1, max: MAX_HOURS, unit: 'hours' }) as const;

const workdays = {
  kind: 'integer',
  section: 'limits',
  min: 0,
  max: 250,
  unit: 'workdays',
} as const;

/**
 * Hours before a limit, comma-separated ('24,4'; '' = none): each above 0 and at most a year,
 * at most six. The reminder planner (domain `parseOffsets`) reads the same text; a value it
 * would silently drop is refused here instead.
 */
const hoursList = {
  kind: 'text',
  section: 'limits',
  min: 0,
  max: 40,
  format: 'hoursList',
} as const;
export const HOURS_LIST_MAX = 6;

export function isHoursList(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  const parts = trimmed.split(/\s*[,，]\s*|\s+/);
  return (
    parts.length <= HOURS_LIST_MAX &&
    parts.every((p) => /^\d{1,4}(\.\d{1,3})?$/.test(p) && Number(p) > 0 && Number(p) <= MAX_HOURS)
  );
}

/** A text-message template: placeholders {orderNum} {category} {reply} {trackUrl} {date}. */
const smsTemplate = { kind: 'text', section: 'citizens', min: 1, max: 300 } as const;

/** A time limit of at most a year: 0, negatives and beyond are refused. */
export const MAX_HOURS = 8760;

/** The login switches of which at least one must stay on (the cross-field rule). */
export const LOGIN_METHOD_SWITCHES = ['login_password', 'login_sms', 'login_sso'] as const;

export const SETTING_META = {
  jsjb: {
    website_name: { kind: 'text', section: 'site', min: 1, max: 64 },
    is_has_ws: sw('push'),
    is_has_ws_json: { kind: 'json', section: 'push', max: 4000 },
    is_waihu: sw('calls'),
    is_heyi_waihu: sw('calls'),
    is_has_badge_99: sw('features'),
    is_lingdao_zisu: sw('features'),
    is_has_zisuanjian: sw('features'),
    is_voice_push: sw('features'),
    is_watermark: sw('features'),
    is_error_log: sw('features'),
    login_password: sw('login'),
    login_sms: sw('login'),
    login_sso: sw('login'),
    login_scan: sw('login'),
    login_callback: sw('login'),
    login_rsa: sw('login'),
    login_path: { kind: 'path', section: 'login', max: 100 },
    overdue_warning_mode: { kind: 'select', section: 'workflow', options: OVERDUE_MODES },
    huifang_state_mode: sw('workflow'),
    refuse_sign_hours: hours('limits'),
    limit_emergency_hours: hours('limits'),
    limit_utility_hours: hours('limits'),
    limit_general_hours: hours('limits'),
    limit_complex_hours: hours('limits'),
    // Working days on the calendar instead of the hours above (issue 21); 0 = use the hours.
    limit_general_workdays: workdays,
    limit_complex_workdays: workdays,
    // Reminders and escalation (issue 21): hours before a limit, comma-separated ('' = none).
    remind_sign_hours: hoursList,
    remind_handling_hours: hoursList,
    escalate_second_hours: hours('limits'),
    assessment_period_day: {
      kind: 'integer',
      section: 'workflow',
      min: 1,
      max: 28,
      unit: 'days',
    },
    upload_max_mb: { kind: 'integer', section: 'files', min: 1, max: 200, unit: 'mb' },
    // The citizen's side (issue 22): repeat callers and text messages.
    repeat_caller_threshold: {
      kind: 'integer',
      section: 'citizens',
      min: 1,
      max: 100,
      unit: 'orders',
    },
    sms_citizen_enabled: sw('citizens'),
    sms_daily_cap: { kind: 'integer', section: 'citizens', min: 1, max: 50, unit: 'messages' },
    sms_track_url: { kind: 'text', section: 'citizens', min: 0, max: 200 },
    sms_tpl_accepted: smsTemplate,
    sms_tpl_dispatched: smsTemplate,
    sms_tpl_answered: smsTemplate,
    sms_tpl_closed: smsTemplate,
    sms_tpl_visit: smsTemplate,
  },
  system: {
    sms_provider: { kind: 'text', section: 'providers', min: 1, max: 32 },
    telephony_provider: { kind: 'text', section: 'providers', min: 1, max: 32 },
  },
  security: {
    password_min_length: {
      kind: 'integer',
      section: 'password',
      min: PASSWORD_MIN_LENGTH_RANGE[0],
      max: PASSWORD_MIN_LENGTH_RANGE[1],
      unit: 'characters',
    },
    password_classes: { kind: 'integer', section: 'password', min: 1, max: 4, unit: 'classes' },
  },
} as const satisfies Record<string, Record<string, SettingMeta>>;

export type SettingGroup = keyof typeof SETTING_META;
export type SettingName<G extends SettingGroup = SettingGroup> = keyof (typeof SETTING_META)[G] &
  string;

/** The groups the settings page edits, in page order. */
export const SETTING_GROUPS = Object.keys(SETTING_META) as SettingGroup[];

export const isSettingGroup = (group: string): group is SettingGroup =>
  Object.prototype.hasOwnProperty.call(SETTING_META, group);

/** The metadata of one key, or undefined for a key the settings do not know. */
export function settingMeta(group: string, name: string): SettingMeta | undefined {
  if (!isSettingGroup(group)) return undefined;
  const metas: Readonly<Record<string, SettingMeta>> = SETTING_META[group];
  return Object.prototype.hasOwnProperty.call(metas, name) ? metas[name] : undefined;
}

/** Message keys of the value problems (zh + en in the domain's ADMIN_SETTINGS_MESSAGES). */
export type SettingMessage = Extract<
  MessageKey,
  | 'settings.switch'
  | 'settings.integer'
  | 'settings.option'
  | 'settings.length'
  | 'settings.path'
  | 'settings.jsonObject'
  | 'settings.hoursList'
  | 'settings.loginMethodRequired'
>;

const MESSAGE_OF: Record<SettingKind, SettingMessage> = {
  switch: 'settings.switch',
  integer: 'settings.integer',
  select: 'settings.option',
  text: 'settings.length',
  path: 'settings.path',
  json: 'settings.jsonObject',
};

function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** A text value: in → the text as stored (trimmed; integers without leading zeros). */
export type SettingSchema = z.ZodType<string, string>;

const messageOf = (meta: SettingMeta): SettingMessage =>
  meta.format === 'hoursList' ? 'settings.hoursList' : MESSAGE_OF[meta.kind];

function schemaOf(meta: SettingMeta): SettingSchema {
  const message = messageOf(meta);
  switch (meta.kind) {
    case 'switch':
      return z.string().refine((v) => v === '0' || v === '1', message);
    case 'integer': {
      const min = meta.min ?? 0;
      const max = meta.max ?? Number.MAX_SAFE_INTEGER;
      return z
        .string()
        .trim()
        .refine((v) => /^\d{1,15}$/.test(v) && Number(v) >= min && Number(v) <= max, message)
        .transform((v) => String(Number(v)));
    }
    case 'select': {
      const options: readonly string[] = meta.options ?? [];
      return z.string().refine((v) => options.includes(v), message);
    }
    case 'text': {
      const text = z
        .string()
        .trim()
        .min(meta.min ?? 0, message)
        .max(meta.max ?? 20000, message);
      return meta.format === 'hoursList' ? text.refine(isHoursList, message) : text;
    }
    case 'path':
      return z
        .string()
        .trim()
        .max(meta.max ?? 200, message)
        .regex(/^\/[^\s]*$/, message);
    case 'json':
      return z
        .string()
        .trim()
        .max(meta.max ?? 20000, message)
        .refine(isJsonObject, message);
  }
}

type Schemas = { readonly [G in SettingGroup]: { readonly [N in SettingName<G>]: SettingSchema } };

/** group → key → the zod schema of the key's text value (output: the text to store). */
export const SETTING_SCHEMAS = Object.fromEntries(
  Object.entries(SETTING_META).map(([group, metas]) => [
    group,
    Object.fromEntries(
      Object.entries(metas as Record<string, SettingMeta>).map(([name, meta]) => [
        name,
        schemaOf(meta),
      ]),
    ),
  ]),
) as Schemas;

/** The schema of one key, or undefined for a key the settings do not know. */
export function settingSchema(group: string, name: string): SettingSchema | undefined {
  if (!settingMeta(group, name)) return undefined;
  return (SETTING_SCHEMAS[group as SettingGroup] as Record<string, SettingSchema>)[name];
}

/**
 * One refused value: the key, a message key (its server texts start with `{field}: `), its
 * parameters (from the key's metadata).
 */
export interface SettingProblem {
  name: string;
  message: SettingMessage;
  params: Record<string, string | number>;
}

function paramsOf(meta: SettingMeta): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (meta.min !== undefined) params.min = meta.min;
  if (meta.max !== undefined) params.max = meta.max;
  if (meta.options) params.options = meta.options.join(', ');
  return params;
}

/** The problem of one value, or null when its schema takes it (unknown keys: null). */
export function settingProblem(group: string, name: string, value: string): SettingProblem | null {
  const meta = settingMeta(group, name);
  if (!meta) return null;
  const result = settingSchema(group, name)!.safeParse(value);
  return result.success ? null : { name, message: messageOf(meta), params: paramsOf(meta) };
}

/**
 * The problems of a group's values: every known key in `values` checked with its schema, then
 * the cross-field rules on the group as it would be (`current` overlaid with `values`), reported
 * only when `values` touches a key of the rule. The console passes the form's values; the
 * server the changed values and the stored ones. Keys the settings do not know are left to the
 * caller.
 */
export function settingsProblems(
  group: string,
  values: Readonly<Record<string, string | undefined>>,
  current: Readonly<Record<string, string | undefined>> = {},
): SettingProblem[] {
  const problems: SettingProblem[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const problem = settingProblem(group, name, value);
    if (problem) problems.push(problem);
  }
  if (group === 'jsjb') {
    const touched = LOGIN_METHOD_SWITCHES.filter((n) => values[n] !== undefined);
    const after = { ...current, ...values };
    // A missing switch counts as on, as the login service reads it.
    const anyOn = LOGIN_METHOD_SWITCHES.some((n) => (after[n] ?? '1') === '1');
    if (touched.length > 0 && !anyOn) {
      const name = touched.find((n) => values[n] === '0') ?? touched[0]!;
      problems.push({ name, message: 'settings.loginMethodRequired', params: {} });
    }
  }
  return problems;
}
