import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSJB_DEFAULTS, SYSTEM_DEFAULTS } from '../../src/seed/config-defaults';
import { call, post, type ConfigEntryData, type ConfigListData } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: string;
let dispatcher: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  dispatcher = await t.login('dispatcher');
});
afterAll(async () => {
  await t?.close();
});

const list = (url: string, body: unknown, token?: string) =>
  post<ConfigListData>(t, url, body, { token, lang: 'en' });
const outcome = (r: { status: number; code: number; msg: string }) => [r.status, r.code, r.msg];

describe('web config and config lists', () => {
  it('getWebConfig needs no login and lists the public jsjb entries with website_name', async () => {
    const reply = await list('/api/getWebConfig', { group: 'jsjb' });
    expect([reply.status, reply.code]).toEqual([200, 200]);
    const names = reply.data.lists.map((e) => e.name);
    expect(names).toContain('website_name');
    expect(reply.data.lists.find((e) => e.name === 'website_name')?.value).toBe(
      '12345接诉即办工单系统',
    );
    expect(reply.data.lists.every((e) => e.isPublic && e.group === 'jsjb')).toBe(true);
    expect(names).not.toContain('sms_provider');
    expect(reply.data.total).toBe(JSJB_DEFAULTS.filter((d) => d.isPublic).length);
    expect(reply.data).toMatchObject({ pageNo: 1, pageSize: 1000 });
    const aliases = await list('/api/getWebConfigList', { group: 'jsjb' });
    expect(aliases.data.lists.map((e) => e.name)).toEqual(names);
  });

  it('a private entry added to jsjb stays out of getWebConfig and non-admin getConfig', async () => {
    const added = await post<ConfigEntryData>(
      t,
      '/api/config/add',
      { group: 'jsjb', name: 'secret_key_x', title: '内部', value: 's3cret', isPublic: false },
      { token: admin },
    );
    expect(added.code).toBe(200);
    const web = await list('/api/getWebConfig', { group: 'jsjb' });
    expect(web.data.lists.map((e) => e.name)).not.toContain('secret_key_x');
    const user = await list('/api/getConfig', { group: 'jsjb' }, dispatcher);
    expect(user.data.lists.map((e) => e.name)).not.toContain('secret_key_x');
    const full = await list('/api/getConfig', { group: 'jsjb' }, admin);
    expect(full.data.lists.map((e) => e.name)).toContain('secret_key_x');
    // every seeded private entry (the text-message templates, …) plus the one added here
    const seededPrivate = JSJB_DEFAULTS.filter((d) => !d.isPublic).length;
    expect(full.data.total).toBe(web.data.total + seededPrivate + 1);
    expect(
      (await post(t, '/api/config/delete', { id: added.data.id }, { token: admin })).code,
    ).toBe(200);
  });

  it('group system: nothing public; non-admin getConfig gets 0 entries, admin gets them all', async () => {
    expect((await list('/api/getWebConfig', { group: 'system' })).data).toMatchObject({
      lists: [],
      total: 0,
    });
    const user = await list('/api/getConfig', { group: 'system' }, dispatcher);
    expect([user.code, user.data.lists.length, user.data.total]).toEqual([200, 0, 0]);
    const full = await list('/api/getConfig', { group: 'system' }, admin);
    expect(full.data.lists.map((e) => e.name).sort()).toEqual(
      SYSTEM_DEFAULTS.map((d) => d.name).sort(),
    );
    expect(full.data.lists.find((e) => e.name === 'sms_provider')?.value).toBe('simulator');
  });

  it('getConfig needs a login', async () => {
    expect(outcome(await list('/api/getConfig', { group: 'jsjb' }))).toEqual([
      401,
      401,
      'please log in',
    ]);
  });

  it('paging: pageSize 5 pageNo 2 returns entries 6–10 and the total', async () => {
    const all = await list('/api/getWebConfig', { group: 'jsjb', pageSize: 1000 });
    const page = await list('/api/getWebConfig', { group: 'jsjb', pageNo: 2, pageSize: 5 });
    expect(page.data.lists.map((e) => e.id)).toEqual(all.data.lists.slice(5, 10).map((e) => e.id));
    expect(page.data).toMatchObject({ total: all.data.total, pageNo: 2, pageSize: 5 });
    const beyond = await list('/api/getWebConfig', { group: 'jsjb', pageNo: 100, pageSize: 5 });
    expect([beyond.code, beyond.data.lists.length, beyond.data.total]).toEqual([
      200,
      0,
      all.data.total,
    ]);
  });

  it('pageSize 1001 → 400 naming pageSize; pageNo 0 → 400 naming pageNo', async () => {
    const big = await list('/api/getWebConfig', { group: 'jsjb', pageSize: 1001 });
    expect([big.status, big.code]).toEqual([400, 400]);
    expect(big.msg).toMatch(/^pageSize: /);
    const zero = await list('/api/getWebConfig', { group: 'jsjb', pageNo: 0 });
    expect([zero.status, zero.code]).toEqual([400, 400]);
    expect(zero.msg).toMatch(/^pageNo: /);
  });

  it('a form-encoded body works', async () => {
    const reply = await call<ConfigListData>(t, 'POST', '/api/getWebConfig', {
      raw: 'group=jsjb&pageNo=1&pageSize=3',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect(reply.data.lists).toHaveLength(3);
    expect(reply.data).toMatchObject({ pageNo: 1, pageSize: 3 });
    const bad = await call(t, 'POST', '/api/getWebConfig', {
      raw: 'group=jsjb&pageSize=abc',
      contentType: 'application/x-www-form-urlencoded',
      lang: 'en',
    });
    expect([bad.status, bad.code]).toEqual([400, 400]);
    expect(bad.msg).toMatch(/^pageSize: /);
  });
});

const ADMIN_ONLY = [
  '/api/config/getgroup',
  '/api/config/addgroup',
  '/api/config/savegroup',
  '/api/config/deletegroup',
  '/api/config/add',
  '/api/config/save',
  '/api/config/delete',
  '/api/auth/get',
  '/api/auth/set',
  '/api/auth/update',
  '/api/auth/delete',
  '/api/admin/batchupdategroup',
];

describe('admin-only endpoints', () => {
  it.each(ADMIN_ONLY)('%s → 403 for the dispatcher, 401 without a token', async (url) => {
    const asDispatcher = await post(t, url, {}, { token: dispatcher, lang: 'en' });
    expect(outcome(asDispatcher)).toEqual([403, 403, 'only an administrator may do this']);
    const anonymous = await post(t, url, {}, { lang: 'zh' });
    expect(outcome(anonymous)).toEqual([401, 401, '请先登录']);
  });
});

describe('config admin CRUD', () => {
  const types: [string, Record<string, unknown>][] = [
    ['string', { value: 'hello' }],
    ['number', { value: '42' }],
    ['switch', { value: '1' }],
    ['text', { value: '多行\n文本' }],
    ['select', { value: 'b', options: ['a', 'b', 'c'] }],
    ['json', { value: '{"a":[1,2]}' }],
  ];

  it('add a group, entries of each type, save, refuse bad values, delete', async () => {
    const opts = { token: admin, lang: 'en' as const };
    expect(
      (
        await post(
          t,
          '/api/config/addgroup',
          { name: 'qa_group', title: '测试分组', sort: 9 },
          opts,
        )
      ).code,
    ).toBe(200);
    expect(
      outcome(await post(t, '/api/config/addgroup', { name: 'qa_group', title: 'again' }, opts)),
    ).toEqual([409, 409, 'the config group already exists']);
    expect(
      (await post(t, '/api/config/savegroup', { name: 'qa_group', title: '改名' }, opts)).code,
    ).toBe(200);
    expect(
      outcome(await post(t, '/api/config/savegroup', { name: 'no_such', title: 'x' }, opts)),
    ).toEqual([404, 404, 'the config group does not exist']);

    const ids: Record<string, number> = {};
    for (const [type, extra] of types) {
      const reply = await post<ConfigEntryData>(
        t,
        '/api/config/add',
        {
          group: 'qa_group',
          name: `qa_${type}`,
          title: `类型 ${type}`,
          type,
          isPublic: '1',
          ...extra,
        },
        opts,
      );
      expect([reply.code, reply.data.type, reply.data.value, reply.data.isPublic], type).toEqual([
        200,
        type,
        extra.value,
        true,
      ]);
      ids[type] = reply.data.id;
    }
    expect(
      outcome(
        await post(
          t,
          '/api/config/add',
          { group: 'qa_group', name: 'qa_string', title: 'dup' },
          opts,
        ),
      ),
    ).toEqual([409, 409, 'the config entry already exists']);
    expect(
      outcome(await post(t, '/api/config/add', { group: 'no_such', name: 'x', title: 'x' }, opts)),
    ).toEqual([404, 404, 'the config group does not exist']);

    const groups = await post<{
      list: { name: string; title: string; sort: number; entries: number }[];
    }>(t, '/api/config/getgroup', {}, opts);
    expect(groups.data.list.find((g) => g.name === 'qa_group')).toEqual({
      name: 'qa_group',
      title: '改名',
      sort: 9,
      entries: 6,
    });

    const saved = await post<ConfigEntryData>(
      t,
      '/api/config/save',
      { id: ids.switch, value: '0' },
      opts,
    );
    expect([saved.code, saved.data.value]).toEqual([200, '0']);
    const bad: [string, string, string][] = [
      ['switch', '2', 'a switch is 0 or 1'],
      ['number', 'abc', 'not a number'],
      ['select', 'z', 'one of a, b, c'],
      ['json', '{bad', 'not valid JSON'],
    ];
    for (const [type, value, reason] of bad) {
      const reply = await post(t, '/api/config/save', { id: ids[type], value }, opts);
      expect(outcome(reply), type).toEqual([400, 400, `invalid config value: ${reason}`]);
    }
    const zh = await post(
      t,
      '/api/config/save',
      { id: ids.switch, value: '2' },
      { token: admin, lang: 'zh' },
    );
    expect(outcome(zh)).toEqual([400, 400, '配置值不合法：a switch is 0 or 1']);
    expect(outcome(await post(t, '/api/config/save', { id: 999999, value: '1' }, opts))).toEqual([
      404,
      404,
      'the config entry does not exist',
    ]);

    expect(outcome(await post(t, '/api/config/deletegroup', { name: 'qa_group' }, opts))).toEqual([
      409,
      409,
      'the group still holds config entries and cannot be deleted',
    ]);
    for (const id of Object.values(ids))
      expect((await post(t, '/api/config/delete', { id }, opts)).code).toBe(200);
    expect(outcome(await post(t, '/api/config/delete', { id: ids.string }, opts))).toEqual([
      404,
      404,
      'the config entry does not exist',
    ]);
    expect((await post(t, '/api/config/deletegroup', { name: 'qa_group' }, opts)).code).toBe(200);
    expect(outcome(await post(t, '/api/config/deletegroup', { name: 'qa_group' }, opts))).toEqual([
      404,
      404,
      'the config group does not exist',
    ]);
  });

  it('add refuses a value that does not fit its type', async () => {
    const opts = { token: admin, lang: 'en' as const };
    const reply = await post(
      t,
      '/api/config/add',
      { group: 'jsjb', name: 'qa_sw', title: 'x', type: 'switch', value: 'on' },
      opts,
    );
    expect(outcome(reply)).toEqual([400, 400, 'invalid config value: a switch is 0 or 1']);
    const count = await t.ctx.db
      .selectFrom('config')
      .select('id')
      .where('name', '=', 'qa_sw')
      .execute();
    expect(count).toHaveLength(0);
  });
});
