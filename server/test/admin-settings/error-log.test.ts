import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/** Setting `is_error_log` 0: the client error reports are accepted (ok) and dropped. */

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

const report = (msg: string) => ({ town: '望湖街道', html_url: '#/x', code: 500, msg });
const stored = async (msg: string) =>
  (await t.ctx.db.selectFrom('error_logs').select('id').where('msg', '=', msg).execute()).length;
const setErrorLog = async (value: '0' | '1') => {
  const r = await post(
    t,
    '/api/admin/settings/save',
    { group: 'jsjb', values: { is_error_log: value } },
    { token: admin },
  );
  expect(r.code).toBe(200);
};

describe('is_error_log', () => {
  it('on (the default): reports are stored', async () => {
    const r = await post(t, '/api/addons/jsjb/view/index', report('kept'), {
      token: dispatcher,
      lang: 'en',
    });
    expect([r.status, r.code, r.msg]).toEqual([200, 200, 'success']);
    expect(await stored('kept')).toBe(1);
  });

  it('off: the endpoint answers ok and stores nothing, signed in or not', async () => {
    await setErrorLog('0');
    const before = await t.ctx.db.selectFrom('error_logs').select('id').execute();
    for (const token of [dispatcher, undefined]) {
      const r = await post(t, '/api/addons/jsjb/view/index', report('dropped'), {
        token,
        lang: 'en',
      });
      expect([r.status, r.code, r.msg]).toEqual([200, 200, 'success']);
    }
    expect(await stored('dropped')).toBe(0);
    expect((await t.ctx.db.selectFrom('error_logs').select('id').execute()).length).toBe(
      before.length,
    );
    // a bad body is still refused (the switch drops reports, it does not skip validation)
    const bad = await post(t, '/api/addons/jsjb/view/index', { msg: 5 }, { lang: 'en' });
    expect([bad.status, bad.code]).toEqual([400, 400]);
    await setErrorLog('1');
    await post(t, '/api/addons/jsjb/view/index', report('again'), { lang: 'en' });
    expect(await stored('again')).toBe(1);
  });
});
