import { z } from 'zod';
import { envelope, intField, paging } from './common';
import { configEntry } from './config';
import { endpoint } from './endpoint';
import { SETTING_GROUPS, type SettingGroup } from './settings';

/**
 * Settings (系统配置) in typed forms, integration keys and the audit log (操作日志):
 * administrators only. Every settings change is validated with the key's schema (settings.ts
 * of this package, SETTING_SCHEMAS) and audited old → new; other nodes see it within
 * CONFIG_CACHE_MS.
 */

const id = intField((n) => n.positive());

/**
 * The audit log's action names, `<area>.<verb>`: the server writes only these, and the console
 * offers them in its filter and names them (i18n `adminSettings.audit.actions`, typed by this
 * list, so a new action without a name in both languages does not compile).
 */
export const AUDIT_ACTIONS = [
  'login.success',
  'login.failure',
  'password.change',
  'user.create',
  'user.update',
  'user.disable',
  'user.enable',
  'user.resetPassword',
  'user.unlock',
  'user.endSession',
  'user.import',
  'unit.create',
  'unit.update',
  'unit.move',
  'unit.disable',
  'unit.enable',
  'unit.delete',
  'category.create',
  'category.update',
  'category.move',
  'category.disable',
  'category.enable',
  'role.create',
  'role.update',
  'role.delete',
  'role.assign',
  'config.change',
  'calendar.change',
  'key.create',
  'key.revoke',
  'order.forceUnlock',
  'export.start',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const settingsGroup = z.object({
  name: z.string(),
  title: z.string(),
  entries: z.array(configEntry),
});
export const settingsResponse = envelope(z.object({ groups: z.array(settingsGroup) }));
export const settingsSaveBody = z.object({
  group: z.enum(SETTING_GROUPS as [SettingGroup, ...SettingGroup[]]),
  /** name → new value (as text, like every config value); only the changed keys. */
  values: z.record(z.string().max(64), z.string().max(20000)),
});
export const settingsSaveResponse = envelope(
  z.object({ group: settingsGroup, changed: z.array(z.string()) }),
);

export const integrationKey = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export const keyListResponse = envelope(z.object({ list: z.array(integrationKey) }));
/** Names of integration keys (the console and the `integration:key` command alike). */
export const INTEGRATION_KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const integrationKeyName = z
  .string()
  .trim()
  .regex(INTEGRATION_KEY_NAME, 'integrationKey.name');
export const keyCreateBody = z.object({ name: integrationKeyName });
/** The key itself is shown once; only its hash is stored. */
export const keyCreateResponse = envelope(z.object({ key: integrationKey, secret: z.string() }));
export const keyRevokeBody = z.object({ id });
export const keyResponse = envelope(integrationKey);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** A real calendar day (and time), as written: no 2026-02-30, no 24:00. */
function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p))) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    at.getUTCFullYear() === y &&
    at.getUTCMonth() === mo - 1 &&
    at.getUTCDate() === d &&
    at.getUTCHours() === h &&
    at.getUTCMinutes() === mi &&
    at.getUTCSeconds() === s
  );
}
/** China time (Asia/Shanghai): a day, or a day and a time. */
const isoDate = z.string().trim().refine(isDateTime, 'valid.dateOrMinute');
export const auditFilter = z.object({
  userId: id.optional(),
  action: z.string().trim().max(40).optional(),
  /** Matches the actor's name, the target's name or id, the address. */
  keyword: z.string().trim().max(50).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
/** An audit export holds at most this many rows (narrow the filters beyond). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
export const auditListBody = auditFilter.extend({ ...paging(100, 20) });
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  actorRealname: z.string(),
  ip: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetName: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export const auditListResponse = envelope(
  z.object({ list: z.array(auditEntry), total: z.number().int() }),
);

const settingsTags = ['settings admin'];
const keyTags = ['integration keys'];
const auditTags = ['audit log'];

export const adminSettingsEndpoints = {
  getSettings: endpoint({
    method: 'POST',
    paths: ['/admin/settings/get'],
    summary: 'Every settings group with its entries (typed)',
    tags: settingsTags,
    access: 'admin',
    response: settingsResponse,
  }),
  saveSettings: endpoint({
    method: 'POST',
    paths: ['/admin/settings/save'],
    summary: "Save changed values of one group: all validated with each key's schema, or none",
    tags: settingsTags,
    access: 'admin',
    body: settingsSaveBody,
    response: settingsSaveResponse,
  }),
  listKeys: endpoint({
    method: 'POST',
    paths: ['/admin/key/list'],
    summary: 'Integration keys (names and dates; never the keys)',
    tags: keyTags,
    access: 'admin',
    response: keyListResponse,
  }),
  createKey: endpoint({
    idempotent: 'secret',
    method: 'POST',
    paths: ['/admin/key/create'],
    summary: 'Create an integration key; the key is answered once',
    tags: keyTags,
    access: 'admin',
    body: keyCreateBody,
    response: keyCreateResponse,
  }),
  revokeKey: endpoint({
    method: 'POST',
    paths: ['/admin/key/revoke'],
    summary: 'Revoke an integration key (refused from then on)',
    tags: keyTags,
    access: 'admin',
    body: keyRevokeBody,
    response: keyResponse,
  }),
  listAudit: endpoint({
    method: 'POST',
    paths: ['/admin/audit/list'],
    summary: 'The audit log: logins, administrative changes, exports, force unlocks',
    tags: auditTags,
    access: 'admin',
    body: auditListBody,
    response: auditListResponse,
  }),
  exportAudit: endpoint({
    method: 'POST',
    paths: ['/admin/audit/export'],
    summary: 'The audit log as XLSX (the same filters, at most 100,000 rows)',
    tags: auditTags,
    access: 'admin',
    body: auditFilter,
    response: null,
  }),
};
