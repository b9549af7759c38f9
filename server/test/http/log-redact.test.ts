import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/log-redact';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The request log keeps no credential and no citizen's number from a query string (an audit
 * found an Open311 client's api_key and phone in "incoming request" lines).
 */

let t: TestApp;
const log: string[] = [];
let key: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 3, log, logLevel: 'info' });
  key = (await createIntegrationKey(t.ctx.db, 'log-redact')).key;
});
afterAll(async () => {
  await t?.close();
});

describe('the request log', () => {
  it('redacts api_key, token, phone and their kin in the address, keeping the rest', () => {
    expect(redactUrl('/open311/v2/requests.json?api_key=hk_1&phone=13911112222&status=open')).toBe(
      '/open311/v2/requests.json?api_key=[redacted]&phone=[redacted]&status=open',
    );
    expect(redactUrl('/api/report/template/kanban?token=abc')).toBe(
      '/api/report/template/kanban?token=[redacted]',
    );
    expect(redactUrl('/x?API%5FKEY=1&Token=2&code=3&a=b&flag')).toBe(
      '/x?API%5FKEY=[redacted]&Token=[redacted]&code=[redacted]&a=b&flag',
    );
    expect(redactUrl('/api/health/live')).toBe('/api/health/live');
  });

  it('an Open311 request with its fields in the address leaves neither key nor number in the log', async () => {
    const phone = '13911112222';
    const query = new URLSearchParams({
      api_key: key,
      phone,
      service_code: 'C010101',
      description: '路灯不亮',
      address_string: '望湖路 1 号',
    });
    for (const method of ['GET', 'POST'] as const) {
      await t.app.inject({ method, url: `/open311/v2/requests.json?${query.toString()}` });
    }
    const incoming = log.filter((line) => line.includes('incoming request'));
    expect(incoming.length).toBeGreaterThanOrEqual(2);
    const all = log.join('\n');
    expect(all).not.toContain(key);
    expect(all).not.toContain(phone);
    expect(all).toContain('api_key=[redacted]');
  });

  it('health probes are not logged (they come every second or two)', async () => {
    const before = log.length;
    for (const path of ['live', 'ready']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/health/${path}` });
      expect(res.statusCode).toBe(200);
    }
    expect(log.slice(before).filter((line) => line.includes('/api/health/'))).toEqual([]);
    // while an ordinary request still is
    await t.app.inject({ method: 'GET', url: '/api/publicKey' });
    expect(log.slice(before).some((line) => line.includes('/api/publicKey'))).toBe(true);
  });
});
