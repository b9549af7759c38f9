import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * What the router and Node's HTTP parser refuse before any route answers in the envelope too:
 * a malformed percent-escape in the path, a path parameter past its length, a request whose
 * Content-Length does not fit (an audit found Fastify's own bodies there).
 */

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

describe('errors before any route', () => {
  it('a malformed escape in the path: 400 in the envelope, in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/foo%zz',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      msg: 'the request address cannot be read: /api/foo%zz',
      data: null,
    });
    const zh = await t.app.inject({ method: 'GET', url: '/api/foo%zz' });
    expect(zh.json()).toMatchObject({ code: 400, msg: '请求地址无法识别：/api/foo%zz' });
  });

  it('a path parameter past its length: 414 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/file/download/${'9'.repeat(300)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ code: 414, data: null });
  });

  it('a Content-Length that does not fit: 400 in the envelope, the connection closed', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/login/password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Content-Length: abc\r\n\r\n{}',
        );
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('Content-Type: application/json; charset=utf-8');
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toEqual({ code: 400, msg: '请求格式错误，无法读取', data: null });
  });
});
