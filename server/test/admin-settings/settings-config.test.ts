import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type ConfigEntryData, type Lang } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { configAudits, snapshot, type SaveData } from './config-state';

/**
 * Settings (系统配置): the generic /config/save and /config/add check the same schemas as the
 * typed forms (settings.test.ts). Every change audited, a refused save writes nothing.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const outcome = (r: { status: number; code: number; msg: string }) => [r.status, r.code, r.msg];
const save = (group: string, values: Record<string, unknown>, lang: Lang = 'en') =>
  post<SaveData>(t, '/api/admin/settings/save', { group, values }, { token: admin, lang });

describe('/config/save and /config/add check the same schemas and are audited', () => {
  async function entry(group: string, name: string) {
    return t.ctx.db
      .selectFrom('config')
      .selectAll()
      .where('group_name', '=', group)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  }
  const opts = () => ({ token: admin, lang: 'en' as const });

  it('a bad value of a known key → 400 naming value; nothing written', async () => {
    const cases: [string, string, string, string][] = [
      ['jsjb', 'website_name', '', 'value: must have 1 to 64 characters'],
      ['jsjb', 'limit_general_hours', '0', 'value: must be a whole number from 1 to 8760'],
      ['jsjb', 'assessment_period_day', '31', 'value: must be a whole number from 1 to 28'],
      ['security', 'password_classes', '9', 'value: must be a whole number from 1 to 4'],
    ];
    for (const [group, name, value, msg] of cases) {
      const { id } = await entry(group, name);
      const before = await snapshot(t);
      const reply = await post(t, '/api/config/save', { id, value }, opts());
      expect(outcome(reply), name).toEqual([400, 400, msg]);
      expect(await snapshot(t)).toEqual(before);
    }
    // the cross-field rule holds here too
    await save('jsjb', { login_sms: '0', login_sso: '0' });
    const pw = await entry('jsjb', 'login_password');
    const before = await snapshot(t);
    const off = await post(t, '/api/config/save', { id: pw.id, value: '0' }, opts());
    expect(outcome(off)).toEqual([
      400,
      400,
      'value: at least one of password, SMS code or single sign-on login must stay on',
    ]);
    expect(await snapshot(t)).toEqual(before);
    await save('jsjb', { login_sms: '1', login_sso: '1' });
  });

  it('a good value is stored as its schema outputs it, with a config.change row', async () => {
    const { id } = await entry('jsjb', 'upload_max_mb');
    const reply = await post<ConfigEntryData>(
      t,
      '/api/config/save',
      { id, value: ' 050 ', remark: '附件上限' },
      opts(),
    );
    expect([reply.code, reply.data.value]).toEqual([200, '50']);
    const [row] = (await configAudits(t)).slice(-1);
    expect(row).toMatchObject({ actor_name: 'admin', target_id: 'jsjb.upload_max_mb' });
    expect(row!.detail).toEqual({
      group: 'jsjb',
      name: 'upload_max_mb',
      old: '20',
      new: '50',
      changes: { remark: ['', '附件上限'] },
    });
    // nothing changed: no row
    const count = (await configAudits(t)).length;
    expect((await post(t, '/api/config/save', { id, value: '50' }, opts())).code).toBe(200);
    expect((await configAudits(t)).length).toBe(count);
  });

  it('delete and add back a known key: add checks its schema; both audited', async () => {
    const { id } = await entry('jsjb', 'is_watermark');
    expect((await post(t, '/api/config/delete', { id }, opts())).code).toBe(200);
    const [deleted] = (await configAudits(t)).slice(-1);
    expect(deleted!.detail).toMatchObject({ name: 'is_watermark', new: null });
    const body = {
      group: 'jsjb',
      name: 'is_watermark',
      title: '页面水印',
      type: 'switch',
      isPublic: 1,
    };
    const before = await snapshot(t);
    const bad = await post(t, '/api/config/add', { ...body, value: 'yes' }, opts());
    expect(outcome(bad)).toEqual([400, 400, 'value: must be 0 (off) or 1 (on)']);
    expect(await snapshot(t)).toEqual(before);
    const good = await post<ConfigEntryData>(t, '/api/config/add', { ...body, value: '0' }, opts());
    expect([good.code, good.data.value]).toEqual([200, '0']);
    const [added] = (await configAudits(t)).slice(-1);
    expect(added!.detail).toEqual({ group: 'jsjb', name: 'is_watermark', old: null, new: '0' });
  });

  it('keys without a schema keep the type checks (and are audited)', async () => {
    const added = await post<ConfigEntryData>(
      t,
      '/api/config/add',
      { group: 'jsjb', name: 'qa_free', title: '自定义', value: 'anything' },
      opts(),
    );
    expect(added.code).toBe(200);
    // saveSettings may change such a key too, by its type
    const saved = await save('jsjb', { qa_free: 'other' });
    expect([saved.code, saved.data.changed]).toEqual([200, ['qa_free']]);
    const [row] = (await configAudits(t)).slice(-1);
    expect(row!.detail).toEqual({ group: 'jsjb', name: 'qa_free', old: 'anything', new: 'other' });
    expect((await post(t, '/api/config/delete', { id: added.data.id }, opts())).code).toBe(200);
  });
});
