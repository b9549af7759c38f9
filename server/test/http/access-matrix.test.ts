import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type EndpointShape } from '@hotline/contract';
import { ACCEPT_LANGUAGE } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The access matrix (issue 19), built from the contract so a new endpoint is covered without a
 * new test: every declared path × anonymous and every demo role, and the outcome its declared
 * access requires — `user` and `admin` endpoints refuse the anonymous caller with 401 "please
 * log in", `admin` ones refuse every other role with 403, `key` ones refuse a session without
 * its key, `public` and `optional` ones never ask for a session. Nothing answers 5xx (but 501
 * for what this deployment does not serve), and every answer is the envelope.
 */

const ROLES = [
  'admin',
  'dispatcher',
  'reviewer',
  'visitor',
  'leader',
  'agent',
  'street1',
  'town1',
  'dept1',
] as const;
type Caller = (typeof ROLES)[number] | 'anonymous';

/** These end or replace the caller's own token: they have tests of their own. */
const SKIPPED = new Set([
  'GET /login/logout',
  'POST /login/logout',
  'GET /expireToken',
  'POST /expireToken',
  'GET /refreshToken',
]);

let t: TestApp;
const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  t = await createTestApp({ orders: 20 });
  for (const role of ROLES) tokens[role] = await t.login(role);
});
afterAll(async () => {
  await t?.close();
});

function expected(ep: EndpointShape, caller: Caller): 'login' | 'adminOnly' | 'notAuth' {
  const anonymous = caller === 'anonymous';
  switch (ep.access) {
    case 'user':
      return anonymous ? 'login' : 'notAuth';
    case 'admin':
      if (anonymous) return 'login';
      return caller === 'admin' ? 'notAuth' : 'adminOnly';
    default:
      return 'notAuth';
  }
}

const targets = allEndpoints().flatMap((ep) =>
  ep.paths
    .filter((p) => !SKIPPED.has(`${ep.method} ${p}`))
    .map((p) => ({ ep, path: `/api${p.replace(/:[A-Za-z]+/g, '999999')}` })),
);

describe('access matrix', () => {
  it('covers every declared path', () => {
    expect(targets.length).toBeGreaterThan(150);
  });

  for (const caller of ['anonymous', ...ROLES] as const) {
    it(`${caller}: every endpoint answers as its declared access says`, async () => {
      const wrong: string[] = [];
      for (const { ep, path } of targets) {
        const token = caller === 'anonymous' ? undefined : tokens[caller];
        const res = await t.app.inject({
          method: ep.method,
          url: path,
          headers: {
            'accept-language': ACCEPT_LANGUAGE.en,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(ep.method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(ep.method === 'POST' ? { payload: '{}' } : {}),
        });
        const json = String(res.headers['content-type'] ?? '').includes('application/json');
        const body = json ? (res.json() as { code?: unknown; msg?: unknown }) : null;
        const reply = { status: res.statusCode, msg: String(body?.msg ?? ''), code: body?.code };
        const what = `${ep.method} ${path} → ${reply.status} ${reply.msg}`;
        // Files and pages (no envelope declared) may answer as such; everything else is JSON.
        if (!json && !(ep.response === null && reply.status === 200)) {
          wrong.push(`${what}: not the envelope`);
          continue;
        }
        if (json && (typeof body?.msg !== 'string' || typeof body?.code !== 'number')) {
          wrong.push(`${what}: not the envelope`);
          continue;
        }
        if (reply.status >= 500 && !(reply.status === 501 && ep.notEnabled)) {
          wrong.push(`${what}: a server error`);
          continue;
        }
        const want = expected(ep, caller);
        if (want === 'login' && !(reply.status === 401 && reply.msg === 'please log in'))
          wrong.push(`${what}: expected 401 please log in`);
        if (want === 'adminOnly' && reply.status !== 403)
          wrong.push(`${what}: expected 403 for a non-administrator`);
        if (
          want === 'notAuth' &&
          (reply.msg === 'please log in' || reply.msg.startsWith('only an administrator'))
        )
          wrong.push(`${what}: refused a caller its declared access admits`);
        if (ep.access === 'key' && reply.status !== 401)
          wrong.push(`${what}: a ${caller} without an integration key got through`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
