import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, readXlsx } from '../exports/exports-fixtures';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The audit log view (/admin/audit/list) and its XLSX export (/admin/audit/export): filters by
 * user, action (exact or prefix), keyword, China-time dates; newest first; paging; the export
 * in the caller's language with its own `export.start` row.
 */

interface Entry {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string;
  actorRealname: string;
  ip: string;
  action: string;
  targetType: string;
  targetId: string;
  targetName: string;
  detail: Record<string, unknown>;
}

let t: TestApp;
let admin: string;
let dispatcher: string;
const ids: Record<string, number> = {};
const users: Record<string, { id: number; realname: string }> = {};

/** 2020, so the rows the tests' own logins write never fall inside. */
const YEAR = { from: '2020-01-01', to: '2020-12-31' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  dispatcher = await t.login('dispatcher');
  for (const name of ['admin', 'dispatcher']) {
    const u = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'realname'])
      .where('username', '=', name)
      .executeTakeFirstOrThrow();
    users[name] = u;
  }
  const rows: [string, string, number | null, string, string, string, Record<string, string>][] = [
    // key, at (UTC), actor, name, ip, action, target
    [
      'lateNight',
      '2020-11-23T15:59:59.500Z', // 23:59:59.5 China time, 23 November
      users.admin!.id,
      'admin',
      '10.0.0.1',
      'user.create',
      { type: 'user', id: '501', name: '王小明' },
    ],
    [
      'midnight',
      '2020-11-23T16:00:00.000Z', // 00:00 China time, 24 November
      users.dispatcher!.id,
      'dispatcher',
      '10.0.0.2',
      'login.success',
      {},
    ],
    ['failure', '2020-11-24T01:30:00.000Z', null, 'ghost', '10.9.9.9', 'login.failure', {}],
    [
      'config',
      '2020-11-24T02:00:00.000Z',
      users.admin!.id,
      'admin',
      '10.0.0.1',
      'config.change',
      { type: 'config', id: 'jsjb.website_name', name: '网站名称' },
    ],
    [
      'key',
      '2020-11-24T02:00:00.000Z', // the same instant: the later id first
      users.admin!.id,
      'admin',
      '10.0.0.1',
      'key.create',
      { type: 'integrationKey', id: '7', name: 'city_x' },
    ],
  ];
  for (const [key, at, actorId, actorName, ip, action, target] of rows) {
    const row = await t.ctx.db
      .insertInto('audit_log')
      .values({
        at: new Date(at),
        actor_id: actorId,
        actor_name: actorName,
        ip,
        action,
        target_type: target.type ?? '',
        target_id: target.id ?? '',
        target_name: target.name ?? '',
        detail: JSON.stringify(action === 'login.failure' ? { reason: 'unknownUser' } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  }
});
afterAll(async () => {
  await t?.close();
});

const outcome = (r: { status: number; code: number; msg: string }) => [r.status, r.code, r.msg];
const list = (body: Record<string, unknown>, token = admin) =>
  post<{ list: Entry[]; total: number }>(t, '/api/admin/audit/list', body, { token, lang: 'en' });
async function found(filter: Record<string, unknown>): Promise<string[]> {
  const reply = await list({ ...YEAR, ...filter });
  expect([reply.status, reply.code], reply.msg).toEqual([200, 200]);
  const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return reply.data.list.map((e) => byId.get(e.id) ?? `other:${e.action}`);
}

describe('listAudit', () => {
  it("newest first (id breaks ties), with the actor's real name and the detail", async () => {
    const reply = await list(YEAR);
    expect(reply.data.total).toBe(5);
    expect(await found({})).toEqual(['key', 'config', 'failure', 'midnight', 'lateNight']);
    const [key, , failure] = reply.data.list;
    expect(key).toEqual({
      id: ids.key,
      at: '2020-11-24T02:00:00.000Z',
      actorId: users.admin!.id,
      actorName: 'admin',
      actorRealname: users.admin!.realname,
      ip: '10.0.0.1',
      action: 'key.create',
      targetType: 'integrationKey',
      targetId: '7',
      targetName: 'city_x',
      detail: {},
    });
    expect(failure).toMatchObject({
      actorId: null,
      actorName: 'ghost',
      actorRealname: '',
      detail: { reason: 'unknownUser' },
    });
  });

  it('filters: user, action exact or prefix, keyword', async () => {
    expect(await found({ userId: users.dispatcher!.id })).toEqual(['midnight']);
    expect(await found({ action: 'login.' })).toEqual(['failure', 'midnight']);
    expect(await found({ action: 'login.failure' })).toEqual(['failure']);
    expect(await found({ action: 'login' })).toEqual([]);
    expect(await found({ keyword: '王小明' })).toEqual(['lateNight']);
    expect(await found({ keyword: '10.9.9' })).toEqual(['failure']);
    expect(await found({ keyword: 'GHOST' })).toEqual(['failure']);
    expect(await found({ keyword: 'website_name' })).toEqual(['config']);
    expect(await found({ keyword: users.admin!.realname })).toEqual(['key', 'config', 'lateNight']);
    expect(await found({ keyword: '%' })).toEqual([]);
    expect(await found({ keyword: 'city_' })).toEqual(['key']);
    expect(await found({ userId: users.admin!.id, action: 'config.', keyword: '网站' })).toEqual([
      'config',
    ]);
  });

  it('dates are China time; a day alone is the whole day, a minute the whole minute', async () => {
    expect(await found({ from: '2020-11-24', to: '2020-11-24' })).toEqual([
      'key',
      'config',
      'failure',
      'midnight',
    ]);
    expect(await found({ from: '2020-11-23', to: '2020-11-23' })).toEqual(['lateNight']);
    expect(await found({ from: '2020-11-23', to: '2020-11-23 23:59' })).toEqual(['lateNight']);
    expect(await found({ from: '2020-11-24 09:30', to: '2020-11-24 09:30' })).toEqual(['failure']);
    expect(await found({ from: '2020-11-24 09:30:01', to: '2020-11-24 10:00:00' })).toEqual([
      'key',
      'config',
    ]);
  });

  it('paging', async () => {
    const page = await list({ ...YEAR, pageNo: 2, pageSize: 2 });
    expect(page.data.total).toBe(5);
    expect(page.data.list.map((e) => e.id)).toEqual([ids.failure, ids.midnight]);
    const beyond = await list({ ...YEAR, pageNo: 9, pageSize: 2 });
    expect([beyond.data.list.length, beyond.data.total]).toEqual([0, 5]);
  });

  it('bad input → 400 naming the field', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ from: '2020-02-30' }, 'from'],
      [{ from: '2020-11-24 24:00' }, 'from'],
      [{ to: '24/11/2020' }, 'to'],
      [{ from: '2020-11-24', to: '2020-11-23' }, 'to'],
      [{ userId: 0 }, 'userId'],
      [{ userId: 'admin' }, 'userId'],
      [{ action: 'x'.repeat(41) }, 'action'],
      [{ keyword: 'x'.repeat(51) }, 'keyword'],
    ];
    for (const [body, field] of bad) {
      for (const url of ['/api/admin/audit/list', '/api/admin/audit/export']) {
        const reply = await post(t, url, body, { token: admin, lang: 'en' });
        expect([reply.status, reply.code], `${url} ${JSON.stringify(body)}`).toEqual([400, 400]);
        expect(reply.msg.startsWith(`${field}: `), reply.msg).toBe(true);
      }
    }
    // paging is the list's (the export has none)
    for (const [body, field] of [
      [{ pageSize: 101 }, 'pageSize'],
      [{ pageNo: 0 }, 'pageNo'],
    ] as const) {
      const reply = await list(body);
      expect([reply.status, reply.msg.startsWith(`${field}: `)]).toEqual([400, true]);
    }
    const order = await list({ from: '2020-11-24', to: '2020-11-23' });
    expect(order.msg).toBe('to: the end must not be before the start');
  });

  it.each(['/api/admin/audit/list', '/api/admin/audit/export'])(
    '%s → 403 for the dispatcher, 401 without a token',
    async (url) => {
      const asDispatcher = await post(t, url, YEAR, { token: dispatcher, lang: 'en' });
      expect(outcome(asDispatcher)).toEqual([403, 403, 'only an administrator may do this']);
      const anonymous = await post(t, url, YEAR, { lang: 'en' });
      expect([anonymous.status, anonymous.code]).toEqual([401, 401]);
    },
  );
});

const exportStarts = () =>
  t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'export.start')
    .orderBy('id')
    .execute();

describe('exportAudit', () => {
  it("XLSX in the caller's language, with the filters; its own export.start row", async () => {
    const before = (await exportStarts()).length;
    const zh = await download(t, 'POST', '/api/admin/audit/export', admin, YEAR, 'zh');
    expect(zh.status).toBe(200);
    expect(zh.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const disposition = String(zh.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename="____-\d{8}-\d{6}\.xlsx"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(
      /^操作日志-\d{8}-\d{6}\.xlsx$/,
    );
    expect(zh.headers['x-export-rows']).toBe('5');
    const sheet = await readXlsx(zh.body);
    expect(sheet[0]).toEqual([
      '时间',
      '账号',
      '姓名',
      'IP 地址',
      '操作',
      '操作代码',
      '对象类型',
      '对象编号',
      '对象名称',
      '详情',
    ]);
    expect(sheet.slice(1).map((r) => r[4])).toEqual([
      '新建接入密钥',
      '修改配置',
      '登录失败',
      '登录成功',
      '新建用户',
    ]);
    const failure = sheet[3]!;
    // empty cells are left out
    expect(failure.slice(1, 8)).toEqual([
      'ghost',
      undefined,
      '10.9.9.9',
      '登录失败',
      'login.failure',
      undefined,
      undefined,
    ]);
    expect(failure[9]).toBe('{"reason":"unknownUser"}');
    // the time is the China time of the row (a date cell)
    expect(sheet[5]![0]).toEqual(new Date('2020-11-23T23:59:59.500Z'));

    const en = await download(
      t,
      'POST',
      '/api/admin/audit/export',
      admin,
      { ...YEAR, action: 'login.' },
      'en',
    );
    expect(en.status).toBe(200);
    expect(String(en.headers['content-disposition'])).toMatch(
      /filename="audit-log-\d{8}-\d{6}\.xlsx"/,
    );
    const enSheet = await readXlsx(en.body);
    expect(enSheet[0]![4]).toBe('action');
    expect(enSheet.slice(1).map((r) => r[4])).toEqual(['sign-in failed', 'signed in']);

    const rows = (await exportStarts()).slice(before);
    expect(rows.map((r) => [r.actor_name, r.target_type, r.target_id, r.detail])).toEqual([
      ['admin', 'export', 'audit', { export: 'audit', format: 'xlsx', rows: 5, filter: YEAR }],
      [
        'admin',
        'export',
        'audit',
        {
          export: 'audit',
          format: 'xlsx',
          rows: 2,
          filter: { ...YEAR, action: 'login.' },
        },
      ],
    ]);
  });

  it('more than 100,000 rows → 400 (narrow the filters), and no export.start row; large ones on a worker', async () => {
    await sql`
      INSERT INTO audit_log (at, actor_name, action, target_id)
      SELECT timestamptz '2019-01-01 00:00:00+08' + n * interval '1 second', 'bulk', 'bulk.test',
             n::text
        FROM generate_series(1, 100001) AS n`.execute(t.ctx.db);
    const before = (await exportStarts()).length;
    const refused = await post(
      t,
      '/api/admin/audit/export',
      { action: 'bulk.test' },
      {
        token: admin,
        lang: 'en',
      },
    );
    expect(outcome(refused)).toEqual([
      400,
      400,
      '100001 entries match, more than the 100000 an export may hold: narrow the dates or add filters',
    ]);
    expect((await exportStarts()).length).toBe(before);

    // 6,000 rows (the first 6,000 seconds of 2019, China time): written on the worker thread
    const big = await download(
      t,
      'POST',
      '/api/admin/audit/export',
      admin,
      { action: 'bulk.test', from: '2019-01-01 00:00:01', to: '2019-01-01 01:39:59' },
      'en',
    );
    expect(big.status).toBe(200);
    const sheet = await readXlsx(big.body);
    expect(sheet.length).toBe(1 + 5999);
    expect(sheet[1]![7]).toBe('5999');
    expect(sheet.at(-1)![7]).toBe('1');
    await t.ctx.db.deleteFrom('audit_log').where('action', '=', 'bulk.test').execute();
  }, 120_000);
});
