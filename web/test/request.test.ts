import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRequest, RequestError } from '../src/lib/request';
import { clearAllStorage, getToken, setToken, TOKEN_KEY } from '../src/lib/storage';

/** What the test server saw of the last request. */
interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  acceptLanguage: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
let lastSeen: Seen | null = null;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      lastSeen = {
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        acceptLanguage: req.headers['accept-language'],
        contentType: req.headers['content-type'],
        body,
      };
      const path = (req.url ?? '').split('?')[0];
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(payload));
      };
      const en = (req.headers['accept-language'] ?? '').startsWith('en');
      switch (path) {
        case '/api/ok':
          return json(200, { code: 200, msg: 'ok', data: { hello: '世界' } });
        case '/api/zero':
          return json(200, { code: '0', msg: '', data: [1, 2] });
        case '/api/wrong-password':
          return json(401, {
            code: 401,
            msg: en ? 'wrong user name or password' : '用户名或密码错误',
            data: {},
          });
        case '/api/business-error':
          // HTTP 200 with a failing body code: the body code decides.
          return json(200, { code: 423, msg: '账号已锁定', data: { minutes: 15 } });
        case '/api/no-msg':
          return json(403, { code: 403, msg: '', data: null });
        case '/api/html':
          res.writeHead(502, { 'Content-Type': 'text/html' });
          return res.end('<html>bad gateway</html>');
        default:
          return json(404, { code: 404, msg: 'no such endpoint', data: {} });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  clearAllStorage();
  lastSeen = null;
});

function client(language = 'zh-CN') {
  return createRequest({ baseUrl, getToken, getLanguage: () => language });
}

describe('request', () => {
  it('unwraps the envelope and sends token and language', async () => {
    setToken('tok-123');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-123');

    const data = await client('en-US')<{ hello: string }>('/ok', {
      query: { ismenu: 1, x: 'a b' },
    });

    expect(data).toEqual({ hello: '世界' });
    expect(lastSeen).toMatchObject({
      method: 'GET',
      url: '/api/ok?ismenu=1&x=a+b',
      authorization: 'Bearer tok-123',
      acceptLanguage: 'en-US',
      body: '',
    });
  });

  it('sends no Authorization header without a token', async () => {
    await client()('/ok');
    expect(lastSeen?.authorization).toBeUndefined();
  });

  it('posts JSON bodies', async () => {
    await client()('/ok', { method: 'POST', body: { username: 'admin', password: 'Demo@12345' } });
    expect(lastSeen?.method).toBe('POST');
    expect(lastSeen?.contentType).toBe('application/json');
    expect(JSON.parse(lastSeen?.body ?? '')).toEqual({ username: 'admin', password: 'Demo@12345' });
  });

  it('accepts the other success codes of the spec', async () => {
    await expect(client()('/zero')).resolves.toEqual([1, 2]);
  });

  it('throws the server message on failure', async () => {
    const error = await client()('/wrong-password', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ message: '用户名或密码错误', code: 401, status: 401 });

    await expect(client('en-US')('/wrong-password', { body: {} })).rejects.toThrow(
      'wrong user name or password',
    );
  });

  it('lets the body code decide even on HTTP 200', async () => {
    await expect(client()('/business-error')).rejects.toMatchObject({
      message: '账号已锁定',
      code: 423,
      status: 200,
      data: { minutes: 15 },
    });
  });

  it('falls back to the code table when msg is empty or the reply is not JSON', async () => {
    await expect(client()('/no-msg')).rejects.toMatchObject({ message: '禁止访问', code: 403 });
    await expect(client('en-US')('/html')).rejects.toMatchObject({
      message: 'gateway error',
      code: 502,
      status: 502,
    });
  });

  it('reports an unreachable server as code 0', async () => {
    const dead = createRequest({
      baseUrl: 'http://127.0.0.1:1/api',
      getToken,
      getLanguage: () => 'zh-CN',
    });
    await expect(dead('/ok')).rejects.toMatchObject({ code: 0, status: 0 });
  });
});
