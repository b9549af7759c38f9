import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * A net under the per-endpoint bad-input tables: every route of the API (read from its own
 * OpenAPI description, so routes added later are included) gets bodies and queries no client
 * should send, as an administrator and as a street handler. None may answer 5xx — except 501
 * "not enabled here" — and every answer is the envelope with a message.
 */

const BODIES: readonly unknown[] = [
  {},
  { id: 'abc', ids: 'x,y', pageNo: -1, pageSize: 7 },
  { id: 1e20, menuId: 'nope', keyword: 'a', orderNum: 7 },
  { id: true, content: ['x'], reason: { a: 1 } },
  [],
  [1, 2],
  'text',
  null,
];
const QUERIES = ['', '?id=abc&pageNo=-1', '?id[]=1&id[]=2', '?orderNum=%00'];

let t: TestApp;
let routes: { method: 'GET' | 'POST'; path: string }[];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ orders: 40 });
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    (['get', 'post'] as const)
      .filter((m) => m in ops)
      // Path parameters get a value no record has.
      .map((m) => ({
        method: m.toUpperCase() as 'GET' | 'POST',
        path: `/api${path.replace(/^\/api/, '')}`.replace(/\{[^}]+\}/g, 'x9'),
      })),
  );
  for (const user of ['admin', 'street1']) tokens[user] = await t.login(user);
});
afterAll(async () => {
  await t?.close();
});

/** Logout-like routes end the session: log in again whenever the token stopped working. */
async function tokenFor(user: string): Promise<string> {
  const probe = await call(t, 'GET', '/api/user/userInfo', { token: tokens[user] });
  if (probe.code !== 200) tokens[user] = await t.login(user);
  return tokens[user] as string;
}

describe('no route answers 5xx to bad input', () => {
  it('the OpenAPI description lists the routes', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  for (const user of ['admin', 'street1']) {
    it(`as ${user}`, { timeout: 600_000 }, async () => {
      const failures: string[] = [];
      let refused = 0;
      for (const { method, path } of routes) {
        if (/logout|expireToken/i.test(path)) continue;
        const token = await tokenFor(user);
        const attempts =
          method === 'POST'
            ? BODIES.map((body) => ({ url: path, body }))
            : QUERIES.map((q) => ({ url: `${path}${q}`, body: undefined }));
        for (const { url, body } of attempts) {
          let status: number;
          let msg: unknown;
          try {
            const r = await call(t, method, url, {
              token,
              ...(body === undefined ? {} : { body }),
            });
            status = r.status;
            msg = r.msg;
          } catch (e) {
            // A non-JSON answer is fine only for downloads and pages that exist (200).
            if (String(e).includes('answered 200')) continue;
            failures.push(`${method} ${url} ${JSON.stringify(body)}: ${String(e).slice(0, 160)}`);
            continue;
          }
          if (status === 400) refused += 1;
          if ((status >= 500 && status !== 501) || typeof msg !== 'string' || msg === '') {
            failures.push(`${method} ${url} ${JSON.stringify(body)} → ${status} ${String(msg)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      // The bodies did reach the validators (not all stopped at authentication).
      expect(refused).toBeGreaterThan(200);
    });
  }
});
