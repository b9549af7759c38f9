import { expect } from 'vitest';
import { post } from '../support/api';
import type { TestApp } from '../support/test-app';

/** Helpers of the role suites: the roles as the admin lists them, ids, audit rows, snapshots. */

export interface Role {
  id: number;
  name: string;
  title: string;
  rules: string[];
  userCount: number;
  builtin: boolean;
}

export const outcome = (r: { status: number; code: number; msg: string }) => [
  r.status,
  r.code,
  r.msg,
];

export function roleKit(t: TestApp, admin: string) {
  const opts = () => ({ token: admin, lang: 'en' as const });

  async function roles(): Promise<Role[]> {
    const reply = await post<{ list: Role[]; total: number }>(
      t,
      '/api/auth/get',
      { pageSize: 1000 },
      opts(),
    );
    expect(reply.code).toBe(200);
    return reply.data.list;
  }
  const roleId = async (name: string) => {
    const role = (await roles()).find((r) => r.name === name);
    if (!role) throw new Error(`no role ${name}`);
    return role.id;
  };
  const userId = async (username: string) =>
    (
      await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  async function lastAudit(action: string) {
    const row = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_name', 'target_type', 'target_id', 'target_name', 'detail'])
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? { ...row, detail: row.detail as unknown } : null;
  }
  async function membership(): Promise<string[]> {
    const rows = await t.ctx.db
      .selectFrom('user_groups as ug')
      .innerJoin('users as u', 'u.id', 'ug.user_id')
      .innerJoin('auth_groups as g', 'g.id', 'ug.group_id')
      .select(['u.username', 'g.name'])
      .execute();
    return rows.map((r) => `${r.username}:${r.name}`).sort();
  }
  /** Roles, memberships and audit rows: "nothing was written" is "none of them changed". */
  async function snapshot() {
    const [groups, members, audits] = await Promise.all([
      t.ctx.db.selectFrom('auth_groups').selectAll().orderBy('id').execute(),
      membership(),
      t.ctx.db.selectFrom('audit_log').select('id').execute(),
    ]);
    return { groups: JSON.stringify(groups), members, audits: audits.length };
  }
  return { opts, roles, roleId, userId, lastAudit, membership, snapshot };
}
