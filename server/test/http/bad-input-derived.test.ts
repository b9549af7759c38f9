import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allEndpoints, type Access } from '@hotline/contract';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Bad input derived from the contract, so an endpoint added later is covered without a table:
 * for every declared POST endpoint with an object body, each top-level field gets one or two
 * values its zod type refuses under any reasonable coercion (a nested object for a scalar or a
 * list, a word for a number, a flag or an enum, a number past its declared bounds, text past
 * its maximum length, a list holding a bad element, a word for an object), the values no
 * field may take because the database cannot (text with a NUL or an unpaired surrogate, an
 * integer past 2^31 - 1) and, when required, the body without it. Fields that accept anything (unknown, any, a `.catch`) get no case.
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

interface SchemaDef {
  type: string;
  coerce?: boolean;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { def: SchemaDef }).def;

const WRAPPERS = new Set([
  'optional',
  'default',
  'prefault',
  'nullable',
  'readonly',
  'nonoptional',
]);

/** The schema that judges a value: through wrappers, preprocessing and lazy references. */
function core(s: z.ZodType): z.ZodType {
  for (;;) {
    const d = defOf(s);
    if (WRAPPERS.has(d.type) && d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in && d.out)
      s = defOf(d.in).type === 'transform' ? d.out : d.in;
    else if (d.type === 'lazy' && d.getter) s = d.getter();
    else return s;
  }
}

/** Whether a field may be left out: an optional or defaulted field, at any wrapping depth. */
function mayBeAbsent(s: z.ZodType): boolean {
  const d = defOf(s);
  if (['optional', 'default', 'prefault', 'catch'].includes(d.type)) return true;
  if (d.innerType && WRAPPERS.has(d.type)) return mayBeAbsent(d.innerType);
  if (d.type === 'pipe' && d.in && d.out)
    return mayBeAbsent(defOf(d.in).type === 'transform' ? d.out : d.in);
  if (d.type === 'union') return (d.options ?? []).some(mayBeAbsent);
  return ['unknown', 'any', 'undefined', 'void'].includes(d.type);
}

/** The top-level fields of a body schema (an object, or an intersection of objects). */
function fieldsOf(body: z.ZodType): Record<string, z.ZodType> {
  const s = core(body);
  const d = defOf(s);
  if (d.type === 'object') return d.shape ?? {};
  if (d.type === 'intersection' && d.left && d.right)
    return { ...fieldsOf(d.left), ...fieldsOf(d.right) };
  return {};
}

/** Values no coercion turns into the types below; each refuses the kinds it lists. */
const NESTED = { bad: { x: 1 } };
const WORD = 'no-such-value';
type Kind = 'nested' | 'word' | 'number';
const SAMPLE: Record<Kind, unknown> = { nested: NESTED, word: WORD, number: 42 };

function refusedKinds(field: z.ZodType): Set<Kind> {
  const d = defOf(core(field));
  switch (d.type) {
    case 'string':
    case 'array':
      // A list may arrive as a comma-separated string: only the nested object is surely wrong.
      return new Set(d.coerce ? [] : ['nested']);
    case 'number':
    case 'int':
    case 'bigint':
      return new Set(['nested', 'word']);
    case 'boolean':
      return new Set(d.coerce ? [] : ['nested', 'word']);
    case 'enum':
      return new Set(Object.values(d.entries ?? {}).includes(WORD) ? [] : ['nested', 'word']);
    case 'literal':
      return new Set((d.values ?? []).includes(WORD) ? [] : ['nested', 'word']);
    case 'object':
    case 'record':
      return new Set(['word', 'number']);
    case 'union': {
      // Refused by the union only when every option refuses it.
      const sets = (d.options ?? []).map(refusedKinds);
      return new Set(
        (['nested', 'word', 'number'] as const).filter((k) => sets.every((s) => s.has(k))),
      );
    }
    case 'intersection':
      return new Set([...refusedKinds(d.left!), ...refusedKinds(d.right!)]);
    default:
      // unknown, any, custom, catch …: nothing is surely refused.
      return new Set();
  }
}

interface BadValue {
  label: string;
  value: unknown;
}

/** A number past the schema's own bounds, when it declares any. */
function outOfRange(s: z.ZodType): BadValue[] {
  const { minValue, maxValue } = s as unknown as {
    minValue: number | null;
    maxValue: number | null;
  };
  if (typeof maxValue === 'number' && Number.isFinite(maxValue))
    return [{ label: `${maxValue + 1} (past the maximum)`, value: maxValue + 1 }];
  if (typeof minValue === 'number' && Number.isFinite(minValue))
    return [{ label: `${minValue - 1} (below the minimum)`, value: minValue - 1 }];
  return [];
}

/**
 * One or two values the field's type refuses: a value of a refused kind, then one specific to
 * the type (text past its maximum length, a number past its bounds, a list with a bad element).
 */
function badValues(field: z.ZodType): BadValue[] {
  const s = core(field);
  const d = defOf(s);
  const kinds: BadValue[] = [...refusedKinds(field)].map((k) => ({
    label: k === 'nested' ? 'a nested object' : k === 'word' ? `'${WORD}'` : 'the number 42',
    value: SAMPLE[k],
  }));
  const specific: BadValue[] = [];
  const max = (s as { maxLength?: number | null }).maxLength;
  if (d.type === 'string' && !d.coerce && typeof max === 'number' && max < 50_000)
    specific.push({ label: `${max + 1} characters`, value: 'x'.repeat(max + 1) });
  if (d.type === 'number' && !d.coerce) specific.push(...outOfRange(s));
  if (d.type === 'array' && d.element) {
    const [element] = badValues(d.element);
    if (element)
      specific.push({ label: `a list holding ${element.label}`, value: [element.value] });
  }
  // Numbers: the word (not the nested object) exercises the digits-to-number preprocessing.
  const first = d.type === 'number' ? kinds.filter((k) => k.value === WORD) : kinds;
  const ordered = [...first.slice(0, 1), ...specific, ...kinds];
  return ordered.filter((v, i) => ordered.findIndex((w) => w.label === v.label) === i).slice(0, 2);
}

/** The first integer PostgreSQL's `integer` cannot hold. */
const PAST_INT4 = 2 ** 31;

/**
 * Values every field of a kind must refuse whatever its declared bounds, because the database
 * cannot take them: text with a NUL or an unpaired surrogate (in a list of text too), and an
 * integer past `integer`'s range (every integer the API takes is stored or compared as one).
 */
function unstorableValues(field: z.ZodType): BadValue[] {
  const d = defOf(core(field));
  if (d.type === 'string')
    return [
      { label: 'text with a NUL', value: 'pro\u0000be' },
      { label: 'text with an unpaired surrogate', value: 'pro\ud800be' },
    ];
  if (d.type === 'number' || d.type === 'int')
    return [{ label: '2^31 (past a database integer)', value: PAST_INT4 }];
  if (d.type === 'array' && d.element)
    return unstorableValues(d.element).map((v) => ({
      label: `a list holding ${v.label}`,
      value: [v.value],
    }));
  return [];
}

/** Candidate valid values of a type, tried in order against the field's own schema. */
const TEXTS = [
  'probe',
  'title', // also an export column
  '13800000001',
  '0000',
  '2026-03-02T08:30:00+08:00',
  '2026-03-02',
  '00000000-0000-4000-8000-000000000000',
  'Probe_user1',
];
function candidates(field: z.ZodType): unknown[] {
  const d = defOf(core(field));
  switch (d.type) {
    case 'string':
      return TEXTS;
    case 'number':
    case 'int':
      // An id no record has first: a case the schema wrongly let through changes nothing.
      return [999_999, 1, 2026, 10];
    case 'boolean':
      return [true, false];
    case 'enum':
      return Object.values(d.entries ?? {});
    case 'literal':
      return d.values ?? [];
    case 'array':
      return [[], ...candidates(d.element!).map((v) => [v])];
    case 'object':
    case 'intersection': {
      const base = validBase(core(field));
      return base === undefined ? [] : [base];
    }
    case 'record':
      return [{}];
    case 'union':
      return (d.options ?? []).flatMap(candidates);
    default:
      return ['probe'];
  }
}

/**
 * A valid body: the required fields filled with the first candidate their schema accepts, or,
 * when the body's own rules want more (one of two fields, a field another one requires), every
 * field filled.
 */
function validBase(body: z.ZodType): Record<string, unknown> | undefined {
  for (const all of [false, true]) {
    const base: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fieldsOf(body))) {
      if (!all && mayBeAbsent(field)) continue;
      const value = candidates(field).find((v) => field.safeParse(v).success);
      if (value !== undefined) base[name] = value;
    }
    if (body.safeParse(base).success) return base;
  }
  return undefined;
}

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
