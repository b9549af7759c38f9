import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { call, post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Text PostgreSQL cannot store — a NUL, an unpaired surrogate — is a 400 naming the field on
 * every way in (validation.ts `registerTextGuard`), where it used to reach the database and
 * answer 500: the JSON body with or without a session, a key nested in an object, the query
 * string, a form-encoded Open311 request (in Open311's own error format). Each is refused
 * before anything is written. bad-input-derived.test.ts sends both to every top-level text
 * field of every POST endpoint.
 */

let t: TestApp;
let token: string;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 5 });
  token = await t.login('dispatcher');
  key = (await createIntegrationKey(t.ctx.db, 'unstorable-text')).key;
});
afterAll(async () => {
  await t?.close();
});

const EN = 'holds a character that cannot be stored (a NUL or an unpaired surrogate)';
const ZH = '含有无法保存的字符（空字符 NUL 或不成对的代理字符）';
const BAD = ['a\u0000b', 'a\ud800b', 'a\udc00b'];

describe('text the database cannot store', () => {
  it('in a login body, before any session: 400 naming the field, no attempt counted', async () => {
    const before = await t.ctx.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const username of BAD) {
      const reply = await post(t, '/api/login/password', { username, password: 'Demo@12345' });
      expect([reply.status, reply.code, reply.msg, reply.data]).toEqual([
        400,
        400,
        `username: ${EN}`,
        null,
      ]);
    }
    const zh = await post(
      t,
      '/api/login/password',
      { username: 'admin', password: 'Demo@\u000012345' },
      { lang: 'zh' },
    );
    expect([zh.status, zh.msg]).toEqual([400, `password: ${ZH}`]);
    const after = await t.ctx.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('nested in a list filter and in an object key: the path is named', async () => {
    const keyword = await post(
      t,
      '/api/addons/jsjb/lists/search',
      { pageNo: 1, pageSize: 10, keyword: 'x\u0000' },
      { token },
    );
    expect([keyword.status, keyword.msg]).toEqual([400, `keyword: ${EN}`]);
    const nested = await post(
      t,
      '/api/addons/jsjb/export/initCsv',
      { columns: ['title'], filter: { keyword: 'ok', ['k\u0000']: 1 } },
      { token },
    );
    expect([nested.status, nested.msg]).toEqual([400, `filter.k\u0000: ${EN}`]);
    const inList = await post(
      t,
      '/api/addons/jsjb/export/initCsv',
      { columns: ['title', 'a\ud800'] },
      { token },
    );
    expect([inList.status, inList.msg]).toEqual([400, `columns.1: ${EN}`]);
    const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM export_records`.execute(
      t.ctx.db,
    );
    expect(jobs.rows[0]?.n).toBe(0);
  });

  it('in the query string', async () => {
    const reply = await call(
      t,
      'GET',
      `/api/search/getList?keyword=${encodeURIComponent('a\u0000b')}`,
      {
        token,
      },
    );
    expect([reply.status, reply.code, reply.msg]).toEqual([400, 400, `keyword: ${EN}`]);
  });

  it("in an Open311 form: a 400 in Open311's own error format, no request kept", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/open311/v2/requests.json',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: new URLSearchParams({ api_key: key, description: 'a\u0000b' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ code: 400, description: `description: ${EN}` }]);
    const kept = await t.ctx.db
      .selectFrom('open311_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(0);
  });

  it('ordinary text passes: an astral character (a pair of surrogates)', async () => {
    const reply = await post(
      t,
      '/api/addons/jsjb/lists/search',
      { pageNo: 1, pageSize: 10, keyword: '𠮷路灯' },
      { token },
    );
    expect(reply.status).toBe(200);
  });
});
