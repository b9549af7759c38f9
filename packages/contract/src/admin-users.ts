import { z } from 'zod';
import { MOBILE_PATTERN, USER_EXTRA_RULES } from '@hotline/domain';
import { envelope, flag, intField, paging } from './common';
import { endpoint } from './endpoint';

/**
 * User administration (issue 17, 用户管理): administrators only. Users are never deleted
 * (orders and their history name them), so a user name is never reused for someone else;
 * disabling ends the user's sessions at once and closes their push sockets.
 */

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;
export const USER_STATUSES = ['active', 'disabled', 'locked'] as const;
/** Rows an import file may hold. */
export const USER_IMPORT_MAX_ROWS = 2000;

const id = intField((n) => n.positive());
export const usernameField = z.string().trim().regex(USERNAME_PATTERN, 'valid.username');
export const realnameField = z.string().trim().min(1).max(32);
/** A mainland mobile number; '' or null clears it. */
export const optionalMobileField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().regex(MOBILE_PATTERN, 'valid.mobile').nullable(),
);
const groupIds = z.array(id).max(20);
const extraRules = z.array(z.enum(USER_EXTRA_RULES)).max(USER_EXTRA_RULES.length);

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  mobile: z.string().nullable(),
  unitId: z.number().int(),
  unitName: z.string(),
  unitKind: z.string(),
  groupIds: z.array(z.number().int()),
  groupTitles: z.array(z.string()),
  isAdmin: z.boolean(),
  extraRules: z.array(z.string()),
  disabled: z.boolean(),
  /** Locked by failed logins until this time (null: not locked now). */
  lockedUntil: z.string().nullable(),
  mustChangePassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const userSession = z.object({
  id: z.string(),
  method: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The caller's own session. */
  current: z.boolean(),
});

export const userListBody = z.object({
  /** Matches user name, real name or mobile. */
  keyword: z.string().trim().max(50).optional(),
  unitId: id.optional(),
  groupId: id.optional(),
  status: z.enum(USER_STATUSES).optional(),
  ...paging(100, 20),
});
export const userListResponse = envelope(
  z.object({ list: z.array(adminUser), total: z.number().int() }),
);

export const userIdBody = z.object({ id });
export const userDetailResponse = envelope(adminUser.extend({ sessions: z.array(userSession) }));
export const adminUserResponse = envelope(adminUser);

export const userCreateBody = z.object({
  username: usernameField,
  realname: realnameField,
  mobile: optionalMobileField.optional(),
  unitId: id,
  groupIds: groupIds.default([]),
  isAdmin: flag().default(false),
  extraRules: extraRules.default([]),
});
/** The one-time password is shown once; the user must change it at the first login. */
export const userCreateResponse = envelope(
  z.object({ user: adminUser, oneTimePassword: z.string() }),
);

export const userUpdateBody = z.object({
  id,
  realname: realnameField.optional(),
  mobile: optionalMobileField.optional(),
  unitId: id.optional(),
  groupIds: groupIds.optional(),
  isAdmin: flag().optional(),
  extraRules: extraRules.optional(),
});

export const resetPasswordResponse = envelope(z.object({ oneTimePassword: z.string() }));

export const endSessionBody = z.object({ id, sessionId: z.string().uuid() });

/** One refused row of an import file (row numbers as the spreadsheet shows them). */
export const importRowError = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export const userImportResponse = envelope(
  z.object({
    created: z.array(
      z.object({ username: z.string(), realname: z.string(), oneTimePassword: z.string() }),
    ),
    /** Empty on success; when not empty nothing was written (the reply's code is 400). */
    errors: z.array(importRowError),
  }),
);

const tags = ['user admin'];

export const adminUserEndpoints = {
  listUsers: endpoint({
    method: 'POST',
    paths: ['/admin/user/list'],
    summary: 'Users: search by name, user name or mobile; filter by unit, role, status',
    tags,
    access: 'admin',
    body: userListBody,
    response: userListResponse,
  }),
  getUser: endpoint({
    method: 'POST',
    paths: ['/admin/user/get'],
    summary: 'One user with their active sessions',
    tags,
    access: 'admin',
    body: userIdBody,
    response: userDetailResponse,
  }),
  createUser: endpoint({
    idempotent: 'secret',
    method: 'POST',
    paths: ['/admin/user/create'],
    summary: 'Create a user; answers a one-time password, shown once',
    tags,
    access: 'admin',
    body: userCreateBody,
    response: userCreateResponse,
  }),
  updateUser: endpoint({
    method: 'POST',
    paths: ['/admin/user/update'],
    summary: 'Change a user: name, mobile, unit, roles, administrator, individual permissions',
    tags,
    access: 'admin',
    body: userUpdateBody,
    response: adminUserResponse,
  }),
  disableUser: endpoint({
    method: 'POST',
    paths: ['/admin/user/disable'],
    summary: 'Disable a user: their sessions end at once, their push sockets close',
    tags,
    access: 'admin',
    body: userIdBody,
    response: adminUserResponse,
  }),
  enableUser: endpoint({
    method: 'POST',
    paths: ['/admin/user/enable'],
    summary: 'Enable a disabled user',
    tags,
    access: 'admin',
    body: userIdBody,
    response: adminUserResponse,
  }),
  resetPassword: endpoint({
    method: 'POST',
    paths: ['/admin/user/resetPassword'],
    summary: 'Reset a password: a one-time password, shown once; a change is forced at login',
    tags,
    access: 'admin',
    body: userIdBody,
    response: resetPasswordResponse,
  }),
  unlockUser: endpoint({
    method: 'POST',
    paths: ['/admin/user/unlock'],
    summary: 'Unlock an account locked by failed logins',
    tags,
    access: 'admin',
    body: userIdBody,
    response: adminUserResponse,
  }),
  endSession: endpoint({
    method: 'POST',
    paths: ['/admin/user/endSession'],
    summary: "End one of a user's sessions",
    tags,
    access: 'admin',
    body: endSessionBody,
    response: userDetailResponse,
  }),
  importTemplate: endpoint({
    method: 'GET',
    paths: ['/admin/user/importTemplate'],
    summary: 'The XLSX template of the user import',
    tags,
    access: 'admin',
    response: null,
  }),
  importUsers: endpoint({
    method: 'POST',
    paths: ['/admin/user/import'],
    summary: 'Import users from an XLSX file: all rows or none',
    description:
      'Multipart, one file field. Every row is validated; with any bad row nothing is written and the reply (400) lists each row error.',
    tags,
    access: 'admin',
    bodyKind: 'multipart',
    response: userImportResponse,
  }),
};
