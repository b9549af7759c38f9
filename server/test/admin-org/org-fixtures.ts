import { sql } from 'kysely';
import type { AdminCategory, AdminUnit } from '@hotline/contract';
import { post, type Lang, type Reply } from '../support/api';
import type { TestApp } from '../support/test-app';

/** Helpers of the admin-org suites: calls as a given user, table snapshots, audit rows. */

export const API = '/api/admin';

export interface Tokens {
  admin: string;
  dispatcher: string;
}

export async function tokensOf(t: TestApp): Promise<Tokens> {
  return { admin: await t.login('admin'), dispatcher: await t.login('dispatcher') };
}

export const as =
  (t: TestApp, token: string, lang: Lang = 'en') =>
  <T = unknown>(path: string, body: unknown = {}): Promise<Reply<T>> =>
    post<T>(t, `${API}${path}`, body, { token, lang });

export const outcome = (r: { status: number; code: number; msg: string }) => [
  r.status,
  r.code,
  r.msg,
];

export async function unitId(t: TestApp, code: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('units')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function unitRow(t: TestApp, id: number) {
  return t.ctx.db.selectFrom('units').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function categoryId(t: TestApp, code: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('problem_categories')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Row count and digest of tables: "nothing was written" is "nothing changed". */
export async function snapshot(t: TestApp, tables: readonly string[] = ORG_TABLES) {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number; h: string | null }>`
      SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h
        FROM ${sql.table(table)} x`.execute(t.ctx.db);
    out[table] = `${rows[0]?.n}:${rows[0]?.h ?? ''}`;
  }
  return out;
}

export const ORG_TABLES = [
  'units',
  'problem_categories',
  'auth_groups',
  'user_groups',
  'audit_log',
];

export interface AuditRow {
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  target_name: string;
  detail: Record<string, unknown>;
}

/** The newest audit row of an action (null: none). */
export async function lastAudit(t: TestApp, action: string): Promise<AuditRow | null> {
  const row = await t.ctx.db
    .selectFrom('audit_log')
    .select(['actor_name', 'action', 'target_type', 'target_id', 'target_name', 'detail'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const detail = typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail;
  return { ...row, detail: detail as Record<string, unknown> };
}

export async function auditCount(t: TestApp): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let serial = 0;

/** An order straight into the table (status and references as given). */
export async function insertOrder(
  t: TestApp,
  values: {
    status?: number;
    hostUnitId?: number | null;
    coHostUnitIds?: number[];
    communityUnitId?: number | null;
    categoryId?: number | null;
    title?: string;
  } = {},
): Promise<number> {
  serial += 1;
  const now = t.ctx.now();
  const row = await t.ctx.db
    .insertInto('work_orders')
    .values({
      order_num: `ORG${now.getTime()}${String(serial).padStart(4, '0')}`,
      type_id: 1,
      title: values.title ?? `组织机构测试工单 ${serial}`,
      major_content: '测试内容',
      call_time: now,
      status: values.status ?? 0,
      main_org_status: values.hostUnitId ? 0 : -1,
      host_unit_id: values.hostUnitId ?? null,
      co_host_unit_ids: values.coHostUnitIds ?? [],
      community_unit_id: values.communityUnitId ?? null,
      category_id: values.categoryId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type { AdminCategory, AdminUnit };
