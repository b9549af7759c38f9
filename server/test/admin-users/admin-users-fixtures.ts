import { expect } from 'vitest';
import type { AdminUser } from '@hotline/contract';
import type { AuditLogRow } from '../../src/db/schema';
import { post, type Lang, type Reply } from '../support/api';
import type { TestApp } from '../support/test-app';

/** Helpers of the admin-users suites: calls as an administrator, rows, audit rows. */

export const PATH = {
  list: '/api/admin/user/list',
  get: '/api/admin/user/get',
  create: '/api/admin/user/create',
  update: '/api/admin/user/update',
  disable: '/api/admin/user/disable',
  enable: '/api/admin/user/enable',
  resetPassword: '/api/admin/user/resetPassword',
  unlock: '/api/admin/user/unlock',
  endSession: '/api/admin/user/endSession',
  importTemplate: '/api/admin/user/importTemplate',
  import: '/api/admin/user/import',
} as const;

export type SessionData = {
  id: string;
  method: string;
  ip: string;
  userAgent: string;
  createdAt: string;
  expiresAt: string;
  current: boolean;
};
export type UserDetail = AdminUser & { sessions: SessionData[] };
export type Created = { user: AdminUser; oneTimePassword: string };

export const as = (token: string, lang: Lang = 'en') => ({ token, lang });

export const outcome = (r: Reply<unknown>) => [r.status, r.code, r.msg];

export async function unitId(t: TestApp, code: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('units')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function groupId(t: TestApp, name: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('auth_groups')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userRow(t: TestApp, username: string) {
  return t.ctx.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

export async function userCount(t: TestApp): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function auditRows(t: TestApp, action: string): Promise<AuditLogRow[]> {
  return t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

export async function auditCount(t: TestApp): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Creates a user through the API (the street role in 望湖街道 unless told otherwise). */
export async function createUser(
  t: TestApp,
  adminToken: string,
  body: Record<string, unknown>,
): Promise<Created> {
  const reply = await post<Created>(
    t,
    PATH.create,
    { unitId: await unitId(t, 'S01'), groupIds: [await groupId(t, 'street')], ...body },
    as(adminToken),
  );
  expect(outcome(reply)).toEqual([200, 200, expect.any(String)]);
  return reply.data;
}

/** Every endpoint (but the two file ones) with a body that passes validation. */
export function validBodies(userId: number): [string, unknown][] {
  return [
    [PATH.list, {}],
    [PATH.get, { id: userId }],
    [PATH.create, { username: 'nobody1', realname: '无名', unitId: 1 }],
    [PATH.update, { id: userId, realname: '改名' }],
    [PATH.disable, { id: userId }],
    [PATH.enable, { id: userId }],
    [PATH.resetPassword, { id: userId }],
    [PATH.unlock, { id: userId }],
    [PATH.endSession, { id: userId, sessionId: '00000000-0000-4000-8000-000000000000' }],
  ];
}
