import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '@hotline/domain';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/** POST /api/report/gentoken and the report service's templates. */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
  token = await t.login('leader');
});
afterAll(async () => {
  await t?.close();
});

const template = (name: string, reportToken: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/report/template/${name}?token=${encodeURIComponent(reportToken)}`,
  });

interface TokenData {
  token: string;
  expiresAt: string;
  templates: string[];
}

describe('report service', () => {
  it('serves the print and export templates to a fresh token, without a bearer token', async () => {
    const res = await post<TokenData>(t, '/api/report/gentoken', {}, { token });
    expect(res.code).toBe(200);
    expect(res.data.templates).toEqual(['order-print', 'order-export', 'kanban']);
    const print = await template('order-print', res.data.token);
    expect(print.statusCode).toBe(200);
    expect(print.headers['content-type']).toContain('text/html');
    expect(print.body).toContain('@page { size: A4');
    expect(print.body).toContain('{{orderNum}}');
    const exp = await template('order-export', res.data.token);
    expect(exp.json<{ columns: unknown[] }>().columns).toHaveLength(EXPORT_COLUMNS.length);
  });

  it('refuses tampered, expired and foreign-template tokens', async () => {
    const { data } = await post<TokenData>(
      t,
      '/api/report/gentoken',
      { template: 'kanban' },
      { token },
    );
    expect((await template('kanban', data.token)).statusCode).toBe(200);
    expect((await template('order-print', data.token)).statusCode).toBe(404);
    const [payload, sig] = data.token.split('.');
    const forged = `${Buffer.from(JSON.stringify([1, null, Date.now() + 60_000])).toString('base64url')}.${sig}`;
    expect((await template('kanban', forged)).statusCode).toBe(401);
    // Change the signature's first character (to one it is not: 1 in 64 signatures start with x).
    const other = sig!.startsWith('x') ? 'y' : 'x';
    expect((await template('kanban', `${payload}.${other}${sig!.slice(1)}`)).statusCode).toBe(401);
    expect((await template('kanban', 'garbage')).statusCode).toBe(401);
    t.advance(6 * 60_000);
    expect((await template('kanban', data.token)).statusCode).toBe(401);
  });

  it('answers 400 for an unknown template and 401 without a session', async () => {
    const bad = await post(t, '/api/report/gentoken', { template: 'nope' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('nope');
    expect((await post(t, '/api/report/gentoken', {})).status).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/report/template/kanban' })).statusCode,
    ).toBe(400);
  });
});
