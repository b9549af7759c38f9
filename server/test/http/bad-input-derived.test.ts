import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type Access } from '@hotline/contract';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { post } from '../support/api';
import {
  badValues,
  fieldsOf,
  mayBeAbsent,
  unstorableValues,
  validBase,
} from '../support/schema-cases';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Bad input derived from the contract, so an endpoint added later is covered without a table:
 * for every declared POST endpoint with an object body, each top-level field gets one or two
 * values its zod type refuses under any reasonable coercion (a nested object for a scalar or a
 * list, a word for a number, a flag or an enum, a number past its declared bounds, text past
 * its maximum length, a list holding a bad element, a word for an object), the values no
 * field may take because the database cannot (text with a NUL or an unpaired surrogate, an
 * integer past 2^31 - 1) and, when required, the body without it (schema-cases.ts). Fields
 * that accept anything (unknown, any, a `.catch`) get no case.
 * Each bad body starts from a valid body built from the same schema, so the field under test
 * is the only mistake; an endpoint without one is skipped and named in the output. Sent as the
 * endpoint's declared access admits, every case must answer HTTP 400, code 400, data null and
 * a message naming the field (bad-input.test.ts's rule; `field.sub` for a nested part), and
 * the tables the endpoints write must be unchanged after each endpoint's cases.
 */

/** These end or replace the caller's session (fuzz.test.ts skips them too). */
const SKIPPED = new Set(['/login/logout', '/expireToken', '/refreshToken', '/user/changePassword']);

/** What the endpoints write; digested before and after each endpoint's cases. */
const WATCHED = [
  'work_orders',
  'order_events',
  'order_assignments',
  'order_requests',
  'order_visits',
  'order_merges',
  'order_locks',
  'order_attachments',
  'order_number_counters',
  'open311_requests',
  'users',
  'user_groups',
  'auth_groups',
  'units',
  'problem_categories',
  'config',
  'config_groups',
  'user_prefs',
  'phrases',
  'integration_keys',
  'idempotency_keys',
  'export_records',
  'call_records',
  'call_seats',
  'telephony_calls',
  'duty_status',
  'duty_clock_events',
  'work_calendar_years',
  'work_calendar_days',
  'sms_codes',
  'sso_used_tokens',
  'sessions',
  'session_tokens',
  'login_attempts',
  'track_attempts',
  'error_logs',
  'audit_log',
] as const;

interface Case {
  label: string;
  field: string;
  body: Record<string, unknown>;
}
type Caller = 'anonymous' | 'user' | 'admin' | 'key';
interface Target {
  url: string;
  caller: Caller;
  cases: Case[];
}

/**
 * Who sends an endpoint's cases: nobody for public (and optional-session) routes, the admin for
 * admin routes, an integration key for key routes; user routes take any signed-in user (the
 * body is validated before a handler checks the caller's own rights), so the dispatcher.
 */
const CALLER: Record<Access, Caller> = {
  public: 'anonymous',
  optional: 'anonymous',
  user: 'user',
  admin: 'admin',
  key: 'key',
};

const skipped: string[] = [];
const targets: Target[] = [];
for (const ep of allEndpoints()) {
  if (ep.method !== 'POST' || !ep.body || SKIPPED.has(ep.paths[0])) continue;
  const fields = fieldsOf(ep.body);
  if (Object.keys(fields).length === 0) continue;
  const base = validBase(ep.body);
  if (base === undefined) {
    skipped.push(`${ep.paths[0]} (no valid body could be built from its schema)`);
    continue;
  }
  const cases: Case[] = [];
  for (const [field, schema] of Object.entries(fields)) {
    for (const bad of [...badValues(schema), ...unstorableValues(schema)])
      cases.push({
        label: `${field} = ${bad.label}`,
        field,
        body: { ...base, [field]: bad.value },
      });
    if (!mayBeAbsent(schema)) {
      const { [field]: _left, ...rest } = base;
      cases.push({ label: `${field} missing`, field, body: rest });
    }
  }
  if (cases.length > 0)
    targets.push({ url: `/api${ep.paths[0]}`, caller: CALLER[ep.access], cases });
}

let t: TestApp;
const tokens: Partial<Record<Caller, string>> = {};
let apiKey = '';

beforeAll(async () => {
  t = await createTestApp({ orders: 20 });
  tokens.user = await t.login('dispatcher');
  tokens.admin = await t.login('admin');
  apiKey = (await createIntegrationKey(t.ctx.db, 'bad-input-derived')).key;
  if (skipped.length > 0) console.warn(`derived bad input: skipped ${skipped.join(', ')}`);
});
afterAll(async () => {
  await t?.close();
});

/** Row count and a digest of every row, per watched table, in one statement. */
async function snapshot(): Promise<Record<string, string>> {
  const parts = WATCHED.map(
    (table) => sql`SELECT ${table}::text AS t, count(*)::int AS n,
      md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${sql.table(table)} AS x`,
  );
  const { rows } = await sql<{
    t: string;
    n: number;
    h: string;
  }>`${sql.join(parts, sql` UNION ALL `)}`.execute(t.ctx.db);
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n} rows, ${r.h}`]));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('bad input derived from each endpoint schema', () => {
  it('covers the POST endpoints with a body', () => {
    expect(targets.length).toBeGreaterThan(100);
  });

  it.each(targets)('$url ($caller)', async ({ url, caller, cases }) => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const { label, field, body } of cases) {
      const reply = await post(t, url, body, {
        lang: 'en',
        ...(caller === 'key' ? { headers: { 'x-api-key': apiKey } } : { token: tokens[caller] }),
      });
      const names = new RegExp(`(^|; )${escape(field)}(\\.[^:;]+)?: \\S`);
      if (
        reply.status !== 400 ||
        reply.code !== 400 ||
        reply.data !== null ||
        !names.test(reply.msg)
      )
        wrong.push(`${label} → HTTP ${reply.status}, code ${reply.code}, ${reply.msg}`);
    }
    expect.soft(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
