import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_GROUPS, SETTING_META, settingProblem } from '@hotline/contract';
import { seedBase } from '../../src/seed/base';
import { JSJB_DEFAULTS, SECURITY_DEFAULTS, SYSTEM_DEFAULTS } from '../../src/seed/config-defaults';
import { post, type ConfigListData, type Lang } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { configAudits, snapshot, type Group, type SaveData } from './config-state';

/**
 * Settings (系统配置) in typed forms: /admin/settings/get and /admin/settings/save. Every change
 * audited, a refused save writes nothing. The generic /config/save and /config/add:
 * settings-config.test.ts.
 */

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

const outcome = (r: { status: number; code: number; msg: string }) => [r.status, r.code, r.msg];
const getSettings = (token = admin) =>
  post<{ groups: Group[] }>(t, '/api/admin/settings/get', {}, { token });
const save = (group: string, values: Record<string, unknown>, lang: Lang = 'en') =>
  post<SaveData>(t, '/api/admin/settings/save', { group, values }, { token: admin, lang });

async function values(group: string): Promise<Record<string, string>> {
  const rows = await t.ctx.db
    .selectFrom('config')
    .select(['name', 'value'])
    .where('group_name', '=', group)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

describe('seed', () => {
  it('groups jsjb, system and security; the new switches; the policy not public', async () => {
    const reply = await getSettings();
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect(reply.data.groups.map((g) => [g.name, g.title])).toEqual([
      ['jsjb', '接诉即办'],
      ['system', '系统'],
      ['security', '安全'],
    ]);
    const security = reply.data.groups[2]!.entries;
    expect(security.map((e) => [e.name, e.value, e.type, e.isPublic])).toEqual([
      ['password_min_length', '8', 'number', false],
      ['password_classes', '2', 'number', false],
    ]);
    const jsjb = new Map(reply.data.groups[0]!.entries.map((e) => [e.name, e]));
    expect(
      ['is_voice_push', 'is_watermark', 'is_error_log'].map((n) => {
        const e = jsjb.get(n)!;
        return [n, e.title, e.value, e.type, e.isPublic];
      }),
    ).toEqual([
      ['is_voice_push', '语音播报', '1', 'switch', true],
      ['is_watermark', '页面水印', '0', 'switch', true],
      ['is_error_log', '前端错误日志', '1', 'switch', true],
    ]);
    const web = await post<ConfigListData>(t, '/api/getWebConfig', { group: 'security' });
    expect(web.data.total).toBe(0);
  });

  it('every seeded key of the three groups has a schema, and its default passes it', () => {
    const seeded = { jsjb: JSJB_DEFAULTS, system: SYSTEM_DEFAULTS, security: SECURITY_DEFAULTS };
    for (const group of SETTING_GROUPS) {
      const names = seeded[group].map((d) => d.name).sort();
      expect(names, group).toEqual(Object.keys(SETTING_META[group]).sort());
      for (const d of seeded[group]) {
        expect(settingProblem(group, d.name, d.value), `${group}.${d.name}`).toBeNull();
      }
    }
  });

  it('seeding again adds what is missing (an older database) and overwrites nothing', async () => {
    await t.ctx.db
      .updateTable('config')
      .set({ value: '本地名称' })
      .where('name', '=', 'website_name')
      .execute();
    await t.ctx.db
      .deleteFrom('config')
      .where((eb) =>
        eb.or([eb('group_name', '=', 'security'), eb('name', 'in', ['is_voice_push'])]),
      )
      .execute();
    await t.ctx.db.deleteFrom('config_groups').where('name', '=', 'security').execute();
    const before = await t.ctx.db.selectFrom('config').select('id').execute();
    await seedBase(t.ctx.db);
    await seedBase(t.ctx.db);
    const after = await values('jsjb');
    expect(after.website_name).toBe('本地名称');
    expect(after.is_voice_push).toBe('1');
    expect(await values('security')).toEqual({ password_min_length: '8', password_classes: '2' });
    const rows = await t.ctx.db.selectFrom('config').select('id').execute();
    expect(rows.length).toBe(before.length + 3);
    await t.ctx.db
      .updateTable('config')
      .set({ value: '12345接诉即办工单系统' })
      .where('name', '=', 'website_name')
      .execute();
  });
});

const ENDPOINTS: [string, unknown][] = [
  ['/api/admin/settings/get', {}],
  ['/api/admin/settings/save', { group: 'jsjb', values: { website_name: 'x' } }],
];

describe('access', () => {
  it.each(ENDPOINTS)('%s → 403 for the dispatcher, 401 without a token', async (url, body) => {
    const before = await snapshot(t);
    const asDispatcher = await post(t, url, body, { token: dispatcher, lang: 'en' });
    expect(outcome(asDispatcher)).toEqual([403, 403, 'only an administrator may do this']);
    const anonymous = await post(t, url, body, { lang: 'en' });
    expect([anonymous.status, anonymous.code]).toEqual([401, 401]);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('saveSettings', () => {
  it('saves the changed values, answers the group and the changed names, audits each', async () => {
    const auditBefore = (await configAudits(t)).length;
    const reply = await save('jsjb', {
      website_name: '  望湖区 12345  ',
      limit_general_hours: '072',
      is_watermark: '1',
      login_sms: '1', // unchanged: not saved, not audited
    });
    expect([reply.status, reply.code, reply.msg]).toEqual([200, 200, 'success']);
    expect(reply.data.changed).toEqual(['website_name', 'limit_general_hours', 'is_watermark']);
    expect(reply.data.group.name).toBe('jsjb');
    const answered = new Map(reply.data.group.entries.map((e) => [e.name, e.value]));
    expect([
      answered.get('website_name'),
      answered.get('limit_general_hours'),
      answered.get('is_watermark'),
    ]).toEqual(['望湖区 12345', '72', '1']);
    const stored = await values('jsjb');
    expect([stored.website_name, stored.limit_general_hours, stored.is_watermark]).toEqual([
      '望湖区 12345',
      '72',
      '1',
    ]);
    // the public web config shows it at once
    const web = await post<ConfigListData>(t, '/api/getWebConfig', { group: 'jsjb' });
    expect(web.data.lists.find((e) => e.name === 'website_name')?.value).toBe('望湖区 12345');

    const audits = (await configAudits(t)).slice(auditBefore);
    expect(
      audits.map((a) => [a.actor_name, a.target_type, a.target_id, a.target_name, a.detail]),
    ).toEqual([
      [
        'admin',
        'config',
        'jsjb.website_name',
        '网站名称',
        { group: 'jsjb', name: 'website_name', old: '12345接诉即办工单系统', new: '望湖区 12345' },
      ],
      [
        'admin',
        'config',
        'jsjb.limit_general_hours',
        '一般件办理时限（小时）',
        { group: 'jsjb', name: 'limit_general_hours', old: '168', new: '72' },
      ],
      [
        'admin',
        'config',
        'jsjb.is_watermark',
        '页面水印',
        { group: 'jsjb', name: 'is_watermark', old: '0', new: '1' },
      ],
    ]);
    expect(audits.every((a) => a.ip !== '' && a.actor_id !== null)).toBe(true);

    const security = await save('security', { password_min_length: '12', password_classes: '3' });
    expect(security.data.changed).toEqual(['password_min_length', 'password_classes']);
    expect(await values('security')).toEqual({ password_min_length: '12', password_classes: '3' });
    const system = await save('system', { sms_provider: 'simulator' });
    expect([system.code, system.data.changed]).toEqual([200, []]);
    expect((await configAudits(t)).length).toBe(auditBefore + 5);
  });

  const BAD: [string, string, Record<string, unknown>, string][] = [
    [
      'website_name empty',
      'jsjb',
      { website_name: '   ' },
      'website_name: must have 1 to 64 characters',
    ],
    [
      'website_name of 65',
      'jsjb',
      { website_name: 'x'.repeat(65) },
      'website_name: must have 1 to 64 characters',
    ],
    ['a switch of 2', 'jsjb', { is_waihu: '2' }, 'is_waihu: must be 0 (off) or 1 (on)'],
    ['a switch "on"', 'jsjb', { is_voice_push: 'on' }, 'is_voice_push: must be 0 (off) or 1 (on)'],
    [
      'hours 0',
      'jsjb',
      { limit_general_hours: '0' },
      'limit_general_hours: must be a whole number from 1 to 8760',
    ],
    [
      'hours -1',
      'jsjb',
      { refuse_sign_hours: '-1' },
      'refuse_sign_hours: must be a whole number from 1 to 8760',
    ],
    [
      'hours 8761',
      'jsjb',
      { limit_complex_hours: '8761' },
      'limit_complex_hours: must be a whole number from 1 to 8760',
    ],
    [
      'hours 1.5',
      'jsjb',
      { limit_emergency_hours: '1.5' },
      'limit_emergency_hours: must be a whole number from 1 to 8760',
    ],
    [
      'hours text',
      'jsjb',
      { limit_utility_hours: 'abc' },
      'limit_utility_hours: must be a whole number from 1 to 8760',
    ],
    [
      'overdue mode',
      'jsjb',
      { overdue_warning_mode: 'tomorrow' },
      'overdue_warning_mode: must be one of: yesterday, 2days, 8hours',
    ],
    [
      'period day 29',
      'jsjb',
      { assessment_period_day: '29' },
      'assessment_period_day: must be a whole number from 1 to 28',
    ],
    [
      'period day 0',
      'jsjb',
      { assessment_period_day: '0' },
      'assessment_period_day: must be a whole number from 1 to 28',
    ],
    [
      'upload 201 MB',
      'jsjb',
      { upload_max_mb: '201' },
      'upload_max_mb: must be a whole number from 1 to 200',
    ],
    [
      'json array',
      'jsjb',
      { is_has_ws_json: '[1]' },
      'is_has_ws_json: must be a JSON object (in curly braces)',
    ],
    [
      'json broken',
      'jsjb',
      { is_has_ws_json: '{bad' },
      'is_has_ws_json: must be a JSON object (in curly braces)',
    ],
    [
      'login path without /',
      'jsjb',
      { login_path: 'login' },
      'login_path: must start with /, without spaces, at most 100 characters',
    ],
    [
      'login path with a space',
      'jsjb',
      { login_path: '/log in' },
      'login_path: must start with /, without spaces, at most 100 characters',
    ],
    [
      'password length 5',
      'security',
      { password_min_length: '5' },
      'password_min_length: must be a whole number from 6 to 32',
    ],
    [
      'password length 33',
      'security',
      { password_min_length: '33' },
      'password_min_length: must be a whole number from 6 to 32',
    ],
    [
      'password classes 0',
      'security',
      { password_classes: '0' },
      'password_classes: must be a whole number from 1 to 4',
    ],
    [
      'password classes 5',
      'security',
      { password_classes: '5' },
      'password_classes: must be a whole number from 1 to 4',
    ],
    [
      'sms provider empty',
      'system',
      { sms_provider: '' },
      'sms_provider: must have 1 to 32 characters',
    ],
    ['an unknown key', 'jsjb', { website_name: 'ok', no_such: '1' }, 'no_such: no such setting'],
    ['a key of another group', 'security', { website_name: 'x' }, 'website_name: no such setting'],
    [
      'a good value beside a bad one',
      'jsjb',
      { website_name: '新名字', is_waihu: '2' },
      'is_waihu: must be 0 (off) or 1 (on)',
    ],
  ];

  it.each(BAD)('%s → 400 naming the key; nothing written', async (_label, group, vals, msg) => {
    const before = await snapshot(t);
    expect(outcome(await save(group, vals))).toEqual([400, 400, msg]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('bad bodies → 400 naming the field', async () => {
    const before = await snapshot(t);
    const cases: [unknown, string][] = [
      [{ group: 'other', values: {} }, 'group'],
      [{ group: 'jsjb' }, 'values'],
      [{ group: 'jsjb', values: 'website_name=x' }, 'values'],
      [{ group: 'jsjb', values: { website_name: 5 } }, 'values.website_name'],
      [{ group: 'jsjb', values: { website_name: 'x'.repeat(20001) } }, 'values.website_name'],
      [null, 'body'],
    ];
    for (const [body, field] of cases) {
      const reply = await post(t, '/api/admin/settings/save', body, { token: admin, lang: 'en' });
      expect([reply.status, reply.code], JSON.stringify(body)).toEqual([400, 400]);
      expect(reply.msg.startsWith(`${field}: `), reply.msg).toBe(true);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("the message is in the caller's language", async () => {
    expect((await save('jsjb', { is_waihu: '2' }, 'zh')).msg).toBe(
      'is_waihu: 只能是 0（关）或 1（开）',
    );
    expect((await save('jsjb', { nope: '1' }, 'zh')).msg).toBe('nope: 没有这个配置项');
  });

  it('at least one of password, SMS and SSO login stays on (checked on the group as saved)', async () => {
    const before = await snapshot(t);
    const all = await save('jsjb', { login_password: '0', login_sms: '0', login_sso: '0' });
    expect(outcome(all)).toEqual([
      400,
      400,
      'login_password: at least one of password, SMS code or single sign-on login must stay on',
    ]);
    expect(await snapshot(t)).toEqual(before);

    expect((await save('jsjb', { login_sms: '0', login_sso: '0' })).code).toBe(200);
    const mid = await snapshot(t);
    const last = await save('jsjb', { login_password: '0', login_scan: '1' }, 'zh');
    expect(outcome(last)).toEqual([
      400,
      400,
      'login_password: 账号密码、短信验证码、单点登录三种登录方式至少保留一种',
    ]);
    expect(await snapshot(t)).toEqual(mid);
    // switching another method on in the same save is fine
    expect((await save('jsjb', { login_password: '0', login_sso: '1' })).code).toBe(200);
    expect((await save('jsjb', { login_password: '1', login_sms: '1' })).code).toBe(200);
  });
});
