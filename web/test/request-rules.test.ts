import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRequest, RequestError, type RequestHooks } from '../src/lib/request';

/**
 * The request layer's rules (spec sections 7–9) against a tiny real HTTP server: 402 refresh
 * queue, session-expiry and no-permission codes, toasts, silent failures, error reports,
 * loading mask, form bodies, timeout and garbage replies.
 */

let server: Server;
let baseUrl: string;
/** The token the server currently accepts on /guarded. */
let validToken = 'fresh-1';
let refreshCalls = 0;
let refreshFails = false;
let guardedCalls = 0;
let reports: Record<string, unknown>[] = [];
let errorLogStatus = 200;
let lastForm: { contentType: string | undefined; body: string } | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const auth = req.headers.authorization ?? '';
      const json = (status: number, payload: unknown, delay = 0) =>
        setTimeout(() => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(payload));
        }, delay);
      switch (path) {
        case '/api/guarded':
          guardedCalls += 1;
          if (auth === `Bearer ${validToken}`) return json(200, { code: 200, data: { auth } });
          return json(402, { code: 402, msg: 'token expired', data: null }, 20);
        case '/api/refreshToken':
          refreshCalls += 1;
          if (refreshFails) return json(401, { code: 401, msg: 'session gone', data: null }, 80);
          validToken = `fresh-${refreshCalls + 1}`;
          return json(200, { code: 200, data: { token: validToken } }, 80);
        case '/api/expired':
          return json(200, { code: 206, msg: '', data: null });
        case '/api/ended':
        case '/api/login/password':
        case '/api/login/logout':
          return json(401, { code: 401, msg: '登录已失效，请重新登录', data: null });
        case '/api/trickle':
          // headers at once, the body a moment later: a cancel lands while it is read
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.write('{"code":200,');
          return setTimeout(() => res.end('"data":1}'), 150);
        case '/api/nomenu':
          return json(200, { code: 218, msg: 'no menu', data: null });
        case '/api/boom':
          return json(500, { code: 500, msg: 'server fault', data: null });
        case '/api/addons/jsjb/view/index':
          reports.push(JSON.parse(text || '{}') as Record<string, unknown>);
          return json(errorLogStatus, { code: errorLogStatus, msg: 'x', data: {} }, 30);
        case '/api/order/doEdit':
        case '/api/order/confirmSign':
          return json(200, { code: '20000', data: 'done' }, 20);
        case '/api/form':
          lastForm = { contentType: req.headers['content-type'], body: text };
          return json(200, { code: 0, data: null });
        case '/api/slow':
          return; // never answers
        case '/api/garbage':
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          return res.end('<<not json>>');
        default:
          return json(404, { code: 404, msg: 'no such endpoint', data: null });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Recorded {
  toasts: string[];
  expired: string[];
  noPermission: number;
  refreshFailed: string[];
  ended: string[];
  loadingShown: number;
  loadingHidden: number;
}

function setup(options: { language?: string; timeoutMs?: number; token?: string | null } = {}) {
  let token: string | null = options.token === undefined ? 'old-token' : options.token;
  const seen: Recorded = {
    toasts: [],
    expired: [],
    noPermission: 0,
    refreshFailed: [],
    ended: [],
    loadingShown: 0,
    loadingHidden: 0,
  };
  const hooks: RequestHooks = {
    toast: (m) => seen.toasts.push(m),
    loading: () => {
      seen.loadingShown += 1;
      return () => (seen.loadingHidden += 1);
    },
    sessionExpired: (m) => {
      token = null;
      seen.expired.push(m);
    },
    noPermission: () => {
      token = null;
      seen.noPermission += 1;
    },
    refreshFailed: (m) => {
      token = null;
      seen.refreshFailed.push(m);
    },
    sessionEnded: (m) => {
      token = null;
      seen.ended.push(m);
    },
    errorContext: () => ({ town: '清源区', html_url: 'http://console/#/index' }),
  };
  const request = createRequest({
    baseUrl,
    getToken: () => token,
    setToken: (t) => (token = t),
    getLanguage: () => options.language ?? 'zh-CN',
    timeoutMs: options.timeoutMs,
    hooks,
  });
  return { request, seen, token: () => token };
}

beforeEach(() => {
  validToken = 'fresh-1';
  refreshCalls = 0;
  refreshFails = false;
  guardedCalls = 0;
  reports = [];
  errorLogStatus = 200;
  lastForm = null;
});

const settled = (ms = 300) => new Promise((r) => setTimeout(r, ms));

describe('402: one refresh, the others wait', () => {
  it('three concurrent requests → exactly one refresh → all three retried and resolved', async () => {
    const { request, seen, token } = setup();
    const results = await Promise.all([
      request<{ auth: string }>('/guarded'),
      request<{ auth: string }>('/guarded'),
      request<{ auth: string }>('/guarded'),
    ]);
    expect(refreshCalls).toBe(1);
    expect(results).toEqual(Array(3).fill({ auth: 'Bearer fresh-2' }));
    expect(guardedCalls).toBe(6);
    expect(token()).toBe('fresh-2');
    expect(seen.toasts).toEqual([]);
  });

  it('a request that meets 402 after the refresh retries with the new token', async () => {
    const { request } = setup();
    await request('/guarded');
    expect(refreshCalls).toBe(1);
    validToken = 'fresh-2';
    await expect(request('/guarded')).resolves.toEqual({ auth: 'Bearer fresh-2' });
    expect(refreshCalls).toBe(1);
  });

  it('a failed refresh rejects all three (none hangs) and goes to login once', async () => {
    refreshFails = true;
    const { request, seen, token } = setup({ language: 'en-US' });
    const outcomes = await Promise.race([
      Promise.allSettled([request('/guarded'), request('/guarded'), request('/guarded')]),
      settled(5_000).then(() => 'hung' as const),
    ]);
    expect(outcomes).not.toBe('hung');
    const list = outcomes as PromiseSettledResult<unknown>[];
    expect(list.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const o of list) {
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(RequestError);
    }
    expect(refreshCalls).toBe(1);
    expect(seen.refreshFailed).toEqual(['login expired, please log in again']);
    expect(seen.toasts).toEqual([]);
    expect(token()).toBeNull();
  });
});

describe('error-code actions', () => {
  it('206 clears the session and says login expired, without a toast', async () => {
    const { request, seen, token } = setup();
    await expect(request('/expired')).rejects.toMatchObject({ code: 206, notified: true });
    expect(seen.expired).toEqual(['登录已过期，请重新登录']);
    expect(seen.toasts).toEqual([]);
    expect(token()).toBeNull();
  });

  it('401 for the session a request carried: to login with the message, no toast, no report', async () => {
    const { request, seen, token } = setup();
    await expect(request('/ended')).rejects.toMatchObject({ code: 401, notified: true });
    expect(seen.ended).toEqual(['登录已失效，请重新登录']);
    expect(seen.toasts).toEqual([]);
    expect(token()).toBeNull();
    await settled(100);
    expect(reports).toEqual([]);
  });

  it('401 without a session sent: a toast ("please log in"); from signing out: silent', async () => {
    const none = setup({ token: null });
    await expect(none.request('/ended')).rejects.toMatchObject({ code: 401, notified: true });
    expect([none.seen.toasts, none.seen.ended]).toEqual([['登录已失效，请重新登录'], []]);
    const out = setup();
    await expect(out.request('/login/logout')).rejects.toMatchObject({ code: 401 });
    expect([out.seen.toasts, out.seen.ended]).toEqual([[], []]);
    // a noError caller gets the 401 to decide itself (the push channel's session check)
    const own = setup();
    const e401 = await own.request('/ended', { noError: true }).catch((e: unknown) => e);
    expect(e401).toMatchObject({ code: 401, notified: false });
    expect([own.seen.toasts, own.seen.ended]).toEqual([[], []]);
    const signIn = setup({ token: null });
    await expect(signIn.request('/login/password', { body: {} })).rejects.toMatchObject({
      code: 401,
    });
    expect(signIn.seen.toasts).toEqual(['登录已失效，请重新登录']);
  });

  it('218 goes to /nopaml through the no-permission hook', async () => {
    const { request, seen } = setup();
    await expect(request('/nomenu')).rejects.toMatchObject({ code: 218 });
    expect(seen.noPermission).toBe(1);
    expect(seen.toasts).toEqual([]);
  });

  it('other errors toast the message and are reported to the error log', async () => {
    const { request, seen } = setup();
    await expect(request('/boom', { body: { a: 1 } })).rejects.toMatchObject({
      code: 500,
      message: 'server fault',
    });
    expect(seen.toasts).toEqual(['server fault']);
    await settled(100);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      town: '清源区',
      html_url: 'http://console/#/index',
      java_url: `${baseUrl}/boom`,
      code: '500',
      msg: 'server fault',
    });
  });

  it('reports one error at a time', async () => {
    const { request } = setup();
    await Promise.allSettled([request('/boom'), request('/boom'), request('/missing')]);
    await settled(150);
    expect(reports).toHaveLength(1);
    await request('/boom').catch(() => undefined);
    await settled(150);
    expect(reports).toHaveLength(2);
  });

  it('a noError option or body marker rejects without toast or report', async () => {
    const { request, seen } = setup();
    await expect(request('/boom', { noError: true })).rejects.toMatchObject({ code: 500 });
    await expect(request('/boom', { body: { noError: true, x: 1 } })).rejects.toMatchObject({
      code: 500,
    });
    await settled(100);
    expect(seen.toasts).toEqual([]);
    expect(reports).toEqual([]);
  });

  it('a 500 from the error-log URL is silent', async () => {
    errorLogStatus = 500;
    const { request, seen } = setup();
    await expect(request('/addons/jsjb/view/index', { body: { msg: 'x' } })).rejects.toMatchObject({
      code: 500,
    });
    expect(seen.toasts).toEqual([]);
    // and a failing report never shows a toast either
    await request('/boom').catch(() => undefined);
    await settled(100);
    expect(seen.toasts).toEqual(['server fault']);
  });
});

describe('cancelled requests', () => {
  it('a request cancelled while its body arrives rejects with the abort, not "bad reply"', async () => {
    const { request, seen } = setup();
    const controller = new AbortController();
    const pending = request('/trickle', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(RequestError);
    expect((error as Error).name).toBe('AbortError');
    expect(seen.toasts).toEqual([]);
  });
});

describe('request details', () => {
  it('shows the loading mask for doEdit and confirm URLs only', async () => {
    const { request, seen } = setup();
    await expect(request('/order/doEdit', { body: {} })).resolves.toBe('done');
    await expect(request('/order/confirmSign', { body: {} })).resolves.toBe('done');
    await request('/form', { body: {} });
    expect(seen.loadingShown).toBe(2);
    expect(seen.loadingHidden).toBe(2);
  });

  it('form-encodes the body when the content type is a form', async () => {
    const { request } = setup();
    await request('/form', {
      body: { ids: [1, 2, 3], name: '张三', skip: undefined },
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(lastForm?.contentType).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(lastForm?.body).get('ids')).toBe('1,2,3');
    expect(new URLSearchParams(lastForm?.body).get('name')).toBe('张三');
    expect(lastForm?.body).not.toContain('skip');
  });

  it('times out, in the user language', async () => {
    const { request, seen } = setup({ language: 'en-US', timeoutMs: 100 });
    await expect(request('/slow')).rejects.toMatchObject({
      code: 0,
      message: 'the request timed out, please try again',
    });
    expect(seen.toasts).toEqual(['the request timed out, please try again']);
  });

  it('says so when a success status carries garbage', async () => {
    const { request } = setup();
    await expect(request('/garbage')).rejects.toMatchObject({
      code: 500,
      message: '服务器返回的数据格式错误',
    });
  });

  it('a dead server is a network error in the user language', async () => {
    const dead = createRequest({
      baseUrl: 'http://127.0.0.1:1/api',
      getToken: () => null,
      getLanguage: () => 'en-US',
    });
    await expect(dead('/x')).rejects.toMatchObject({
      code: 0,
      message: 'cannot reach the server, check the network',
    });
  });
});
