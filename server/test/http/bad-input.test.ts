import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { BAD_INPUT, type Caller } from '../support/bad-bodies';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Table-driven: every bad body of every POST endpoint answers HTTP 400, code 400, a message
 * that names the field, and leaves the database exactly as it was.
 */

const WATCHED = [
  'config',
  'config_groups',
  'auth_groups',
  'user_groups',
  'sessions',
  'session_tokens',
  'users',
  'sms_codes',
  'sso_used_tokens',
  'error_logs',
] as const;

let t: TestApp;
const tokens: Record<Caller, string | undefined> = {
  public: undefined,
  user: undefined,
  admin: undefined,
};

beforeAll(async () => {
  t = await createTestApp({
    settings: { sso: { sharedSecret: 's'.repeat(40), audience: 'hotline-12345' } },
  });
  tokens.user = await t.login('dispatcher');
  tokens.admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

/** Row count and a digest of every row, per watched table. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of WATCHED) {
    const { rows } = await sql<{ n: number; h: string | null }>`
      SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h
        FROM ${sql.table(table)} AS x`.execute(t.ctx.db);
    out[table] = `${rows[0]?.n ?? '?'} rows, ${rows[0]?.h ?? '-'}`;
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(BAD_INPUT)('$url ($caller)', ({ url, caller, bad }) => {
  it.each(bad)('$label → 400 naming $field, database unchanged', async ({ body, field }) => {
    const before = await snapshot();
    const reply = await post(t, url, body, { token: tokens[caller], lang: 'en' });
    expect({ status: reply.status, code: reply.code }, reply.msg).toEqual({
      status: 400,
      code: 400,
    });
    expect(reply.msg).toMatch(new RegExp(`(^|; )${escape(field)}: \\S`));
    expect(reply.data).toBeNull();
    expect(await snapshot()).toEqual(before);
  });

  it('the same bodies in Chinese name the field too', async () => {
    for (const { body, field } of bad.slice(0, 3)) {
      const reply = await post(t, url, body, { token: tokens[caller], lang: 'zh' });
      expect([reply.status, reply.code], JSON.stringify(body).slice(0, 60)).toEqual([400, 400]);
      expect(reply.msg).toMatch(new RegExp(`(^|; )${escape(field)}: \\S`));
    }
  });
});

describe('the table matches the routes', () => {
  it('every URL in the table is a POST route with a request body', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const withBody = new Set(
      Object.entries(doc.paths)
        .filter(([, ops]) => ops.post?.requestBody !== undefined)
        .map(([path]) => path.toLowerCase()),
    );
    expect(BAD_INPUT.map((e) => e.url.toLowerCase()).filter((url) => !withBody.has(url))).toEqual(
      [],
    );
    // Every other POST endpoint gets field-by-field cases derived from its schema
    // (bad-input-derived.test.ts); this table keeps hand-picked ones.
  });
});
