import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, SECOND, call, get, post, type UserInfoData } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let dispatcher: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 20 });
  dispatcher = await t.login('dispatcher');
});
afterAll(async () => {
  await t?.close();
});

const outcome = (r: { status: number; code: number; msg: string }) => [r.status, r.code, r.msg];

describe('search suggestions', () => {
  it('keyword 回访 lists entries whose title contains 回访', async () => {
    const reply = await get<{ list: { title: string; url: string }[] }>(
      t,
      `/api/search/getList?keyword=${encodeURIComponent('回访')}`,
      { token: dispatcher },
    );
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect(reply.data.list.length).toBeGreaterThan(0);
    expect(reply.data.list.every((l) => l.title.includes('回访'))).toBe(true);
    expect(reply.data.list).toContainEqual({ title: '待回访', url: '#/jsjb/callback/hf_dhf' });
  });

  it('matches keywords too, is case-insensitive, and treats % and _ literally', async () => {
    const kanban = await get<{ list: { title: string }[] }>(
      t,
      '/api/search/getList?keyword=KANBAN',
      { token: dispatcher },
    );
    expect(kanban.data.list.map((l) => l.title)).toEqual(['考核看板']);
    for (const keyword of ['%', '_', '\\']) {
      const reply = await get<{ list: unknown[] }>(
        t,
        `/api/search/getList?keyword=${encodeURIComponent(keyword)}`,
        {
          token: dispatcher,
        },
      );
      expect([reply.code, reply.data.list.length], keyword).toEqual([200, 0]);
    }
    const none = await get<{ list: unknown[] }>(t, '/api/search/getList', { token: dispatcher });
    expect(none.data.list.length).toBeGreaterThan(0);
  });

  it('an order or case number typed opens that order, for a caller who may read it only', async () => {
    const order = await t.ctx.db
      .selectFrom('work_orders')
      .select(['id', 'order_num', 'district_case_num', 'title', 'host_unit_id'])
      .where('host_unit_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const host = await t.ctx.db
      .selectFrom('units')
      .select('name')
      .where('id', '=', order.host_unit_id!)
      .executeTakeFirstOrThrow();
    const expected = {
      title: `工单 ${order.order_num}：${order.title}`,
      url: `#/jsjb/order/${order.id}`,
    };
    for (const typed of [order.order_num, order.order_num.toLowerCase(), order.district_case_num]) {
      if (!typed) continue;
      const reply = await get<{ list: { title: string; url: string }[] }>(
        t,
        `/api/search/getList?keyword=${encodeURIComponent(typed)}`,
        { token: dispatcher, lang: 'zh' },
      );
      expect(reply.data.list[0], typed).toEqual(expected);
    }
    const en = await get<{ list: { title: string }[] }>(
      t,
      `/api/search/getList?keyword=${order.order_num}`,
      { token: dispatcher, lang: 'en' },
    );
    expect(en.data.list[0]?.title).toBe(`Order ${order.order_num}: ${order.title}`);
    // a street that is not the host: the number answers nothing (as for a missing order)
    const other = host.name === '望湖街道' ? 'street2' : 'street1';
    const outsider = await t.login(other);
    const hidden = await get<{ list: { url: string }[] }>(
      t,
      `/api/search/getList?keyword=${order.order_num}`,
      { token: outsider },
    );
    expect(hidden.data.list.some((l) => l.url.startsWith('#/jsjb/order/'))).toBe(false);
  });

  it('a keyword over 50 characters → 400 naming keyword; no token → 401', async () => {
    const long = await get(t, `/api/search/getList?keyword=${'a'.repeat(51)}`, {
      token: dispatcher,
      lang: 'en',
    });
    expect([long.status, long.code]).toEqual([400, 400]);
    expect(long.msg).toMatch(/^keyword: /);
    expect(outcome(await get(t, '/api/search/getList?keyword=x', { lang: 'en' }))).toEqual([
      401,
      401,
      'please log in',
    ]);
  });
});

describe('client error reports', () => {
  const report = {
    town: '望湖街道',
    html_url: '#/jsjb/work/intake',
    java_url: '/api/x',
    code: 500,
    msg: 'boom',
  };

  it('stores a report with the session and user when logged in', async () => {
    const reply = await post(t, '/api/addons/jsjb/view/index', report, {
      token: dispatcher,
      lang: 'en',
    });
    expect(outcome(reply)).toEqual([200, 200, 'success']);
    const row = await t.ctx.db
      .selectFrom('error_logs')
      .selectAll()
      .where('msg', '=', 'boom')
      .executeTakeFirstOrThrow();
    const me = await get<UserInfoData>(t, '/api/user/userInfo', { token: dispatcher });
    expect(row).toMatchObject({
      town: '望湖街道',
      html_url: '#/jsjb/work/intake',
      java_url: '/api/x',
      code: '500',
      msg: 'boom',
      user_id: me.data.info.uid,
    });
    expect(row.session_id).not.toBeNull();
  });

  it('stores an anonymous report, and a report with a dead token as anonymous', async () => {
    expect((await post(t, '/api/addons/jsjb/view/index', { ...report, msg: 'anon' })).code).toBe(
      200,
    );
    expect(
      (
        await post(
          t,
          '/api/addons/jsjb/view/index',
          { ...report, msg: 'dead' },
          { token: 'garbage' },
        )
      ).code,
    ).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('error_logs')
      .selectAll()
      .where('msg', 'in', ['anon', 'dead'])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.session_id === null && r.user_id === null)).toBe(true);
  });

  it('the 21st report within a minute → 429; a minute later it is accepted again', async () => {
    t.advance(2 * MINUTE);
    const token = await t.login('street1');
    for (let i = 1; i <= 20; i += 1) {
      const reply = await post(
        t,
        '/api/addons/jsjb/view/index',
        { ...report, msg: `n${i}` },
        { token },
      );
      expect(reply.code, `report ${i}`).toBe(200);
    }
    const over = await post(
      t,
      '/api/addons/jsjb/view/index',
      { ...report, msg: 'n21' },
      { token, lang: 'en' },
    );
    expect(outcome(over)).toEqual([429, 429, 'too many error reports, slow down']);
    const zh = await post(
      t,
      '/api/addons/jsjb/view/index',
      { ...report, msg: 'n22' },
      { token, lang: 'zh' },
    );
    expect(outcome(zh)).toEqual([429, 429, '错误上报过于频繁']);
    const stored = await t.ctx.db
      .selectFrom('error_logs')
      .select('id')
      .where('msg', 'like', 'n%')
      .execute();
    expect(stored).toHaveLength(20);
    // Another session is not affected.
    expect((await post(t, '/api/addons/jsjb/view/index', report, { token: dispatcher })).code).toBe(
      200,
    );
    t.advance(MINUTE + SECOND);
    expect((await post(t, '/api/addons/jsjb/view/index', report, { token })).code).toBe(200);
  });

  it('anonymous reports are limited per address as well', async () => {
    t.advance(2 * MINUTE);
    const codes: number[] = [];
    for (let i = 1; i <= 21; i += 1)
      codes.push((await post(t, '/api/addons/jsjb/view/index', { msg: `a${i}` })).code);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('concurrent reports cannot get past the limit', async () => {
    t.advance(2 * MINUTE);
    const token = await t.login('dept1');
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(t, '/api/addons/jsjb/view/index', { msg: `c${i}` }, { token }),
      ),
    );
    const stored = await t.ctx.db
      .selectFrom('error_logs')
      .select('id')
      .where('msg', 'like', 'c%')
      .execute();
    expect(stored.length, `codes: ${replies.map((r) => r.code).join(',')}`).toBeLessThanOrEqual(20);
    expect(replies.filter((r) => r.code === 429).length).toBe(30 - stored.length);
  });

  it('anonymous reports cannot dodge the limit with a forged X-Forwarded-For', async () => {
    t.advance(2 * MINUTE);
    const codes: number[] = [];
    for (let i = 1; i <= 25; i += 1) {
      const headers = { 'x-forwarded-for': `203.0.113.${i}` };
      codes.push(
        (await post(t, '/api/addons/jsjb/view/index', { msg: `xff${i}` }, { headers })).code,
      );
    }
    expect(codes.filter((c) => c === 429).length).toBe(5);
  });
});

describe('paths, unknown routes and bad bodies', () => {
  it('paths are case-insensitive', async () => {
    const me = await get<UserInfoData>(t, '/api/USER/userinfo', { token: dispatcher });
    expect([me.status, me.code, me.data.username]).toEqual([200, 200, 'dispatcher']);
    const login = await post<{ token: string }>(t, '/api/Login/Password', {
      username: 'agent',
      password: 'Demo@12345',
    });
    expect([login.status, login.code]).toEqual([200, 200]);
    // Case does not get around the access rules either.
    expect((await get(t, '/api/USER/USERINFO')).code).toBe(401);
    expect((await post(t, '/api/CONFIG/ADD', {}, { token: dispatcher })).code).toBe(403);
  });

  it('a trailing slash is ignored', async () => {
    expect((await get(t, '/api/user/userInfo/', { token: dispatcher })).code).toBe(200);
  });

  it('an unknown path → 404 envelope naming the path', async () => {
    const en = await get(t, '/api/no/such/thing?x=1', { lang: 'en' });
    expect({ ...{ status: en.status, code: en.code, msg: en.msg }, data: en.data }).toEqual({
      status: 404,
      code: 404,
      msg: 'no such endpoint: /api/no/such/thing',
      data: null,
    });
    const zh = await post(t, '/api/nope', {}, { lang: 'zh' });
    expect(outcome(zh)).toEqual([404, 404, '接口不存在：/api/nope']);
    // A known path with the wrong method is unknown too.
    expect((await get(t, '/api/login/password', { lang: 'en' })).code).toBe(404);
  });

  it('an invalid JSON body → 400 "not valid JSON", never 500', async () => {
    for (const raw of ['{bad', '{"username":', "{'a':1}", '[1,2', '\u0000']) {
      const reply = await call(t, 'POST', '/api/login/password', { raw, lang: 'en' });
      expect(outcome(reply), JSON.stringify(raw)).toEqual([
        400,
        400,
        'the request body is not valid JSON',
      ]);
    }
    const zh = await call(t, 'POST', '/api/config/add', {
      raw: '{oops',
      token: await t.login('admin'),
      lang: 'zh',
    });
    expect(outcome(zh)).toEqual([400, 400, '请求内容不是合法的 JSON']);
  });

  it('an empty JSON body is a 400, never 500', async () => {
    const reply = await call(t, 'POST', '/api/login/password', { raw: '', lang: 'en' });
    expect([reply.status, reply.code]).toEqual([400, 400]);
  });

  it('an unsupported content type → 400', async () => {
    const reply = await call(t, 'POST', '/api/login/password', {
      raw: '<a/>',
      contentType: 'application/xml',
      lang: 'en',
    });
    expect(outcome(reply)).toEqual([400, 400, 'unsupported request content type']);
  });

  it('a body over 1 MB → 413', async () => {
    const raw = JSON.stringify({ username: 'a', password: 'b'.repeat(1024 * 1024) });
    const reply = await call(t, 'POST', '/api/login/password', { raw, lang: 'en' });
    expect(outcome(reply)).toEqual([413, 413, 'the request body is too large']);
  });
});

describe('third-party login paths', () => {
  it('answer 501 "not enabled in this deployment" in the envelope, in both languages', async () => {
    for (const url of ['/api/login/wxCode', '/api/socialLogin', '/api/scan']) {
      const en = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'accept-language': 'en' },
        payload: {},
      });
      expect(en.statusCode).toBe(501);
      expect(en.json()).toMatchObject({ code: 501, data: null });
      expect(en.json<{ msg: string }>().msg).toMatch(/^not enabled in this deployment: /);
      const zh = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(zh.json<{ msg: string }>().msg).toMatch(/^本部署未启用该功能：/);
    }
  });
});
