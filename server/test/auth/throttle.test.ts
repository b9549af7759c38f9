import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Throttles per client address (issue 19, docs/decisions/0008-login-lock-out.md): one count per
 * class for all its endpoints and paths, 429 `rateLimited` with Retry-After past the limit,
 * loopback exempt, and with REDIS_URL one count for every node.
 */

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WRONG = { username: 'dispatcher', password: 'Wrong@12345' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    settings: { rateLimits: { login: 3, sms: 2, integration: 4, lookup: 3 } },
  });
});
afterAll(async () => {
  await t?.close();
});

const from = (remoteAddress: string) => ({ remoteAddress });

describe('throttles per address', () => {
  it('the fourth login call of a minute from one address is refused with 429, on any login path', async () => {
    const address = '203.0.113.10';
    for (let i = 1; i <= 2; i += 1) {
      const r = await post(t, '/api/login/password', WRONG, from(address));
      expect(r.status, `call ${i}`).toBe(401);
    }
    // An SMS-code login counts on the same 'login' throttle (its alias path too).
    const third = await post(
      t,
      '/api/addons/sms/Sms/codeLogin',
      { mobile: '13800000000', code: '000000' },
      from(address),
    );
    expect(third.status).not.toBe(429);
    const fourth = await post(t, '/api/login/password', WRONG, from(address));
    expect([fourth.status, fourth.code]).toEqual([429, 429]);
    expect(fourth.msg).toMatch(/^too many requests, try again in \d+ s$/);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    const zh = await post(
      t,
      '/api/index/checkCode',
      { mobile: '13800000000', code: '1' },
      {
        ...from(address),
        lang: 'zh',
      },
    );
    expect([zh.status, zh.msg.startsWith('请求过于频繁')]).toEqual([429, true]);
    // Another address is counted on its own.
    expect((await post(t, '/api/login/password', WRONG, from('203.0.113.11'))).status).toBe(401);
  });

  it('30 user names sprayed from one address: only the first three are checked', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const r = await post(
        t,
        '/api/login/password',
        { username: `name${i}`, password: 'Wrong@12345' },
        from('203.0.113.12'),
      );
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
  });

  it('SMS codes have their own, smaller limit', async () => {
    const address = '203.0.113.13';
    const replies = [];
    for (const mobile of ['13800000001', '13800000002', '13800000003']) {
      replies.push(await post(t, '/api/index/sendsms', { mobile }, from(address)));
    }
    expect(replies.map((r) => r.status)).toEqual([200, 200, 429]);
  });

  it('integration calls (X-Api-Key) are throttled per address too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await post(
        t,
        '/api/open/city/orders',
        {},
        { ...from('203.0.113.14'), headers: { 'x-api-key': 'not-a-key' } },
      );
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 4).every((s) => s !== 429)).toBe(true);
    expect(statuses[4]).toBe(429);
  });

  it('a burst of parallel calls: exactly the limit passes', async () => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => post(t, '/api/login/password', WRONG, from('203.0.113.16'))),
    );
    const statuses = replies.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 429),
      statuses.join(','),
    ).toHaveLength(9);
  });

  it('loopback is exempt (health checks, the node itself)', async () => {
    for (let i = 0; i < 6; i += 1) {
      const r = await post(t, '/api/login/password', WRONG);
      expect(r.status).not.toBe(429);
    }
  });

  it('endpoints without a throttle are never counted', async () => {
    for (let i = 0; i < 6; i += 1) {
      const r = await call(t, 'GET', '/api/publicKey', from('203.0.113.15'));
      expect(r.status).toBe(200);
    }
  });
});

describe('with Redis the count is shared by every node', () => {
  const nameSpace = `hotline-test:${randomBytes(6).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const settings = {
      redisUrl: REDIS,
      pushChannel: nameSpace,
      rateLimits: { login: 3, sms: 2, integration: 4, lookup: 3 },
    };
    a = await createTestApp({ settings });
    b = await createTestApp({ settings });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('two calls on node A and one on node B use up the limit of both', async () => {
    const address = '203.0.113.20';
    expect((await post(a, '/api/login/password', WRONG, from(address))).status).toBe(401);
    expect((await post(a, '/api/login/password', WRONG, from(address))).status).toBe(401);
    expect((await post(b, '/api/login/password', WRONG, from(address))).status).toBe(401);
    expect((await post(b, '/api/login/password', WRONG, from(address))).status).toBe(429);
    expect((await post(a, '/api/login/password', WRONG, from(address))).status).toBe(429);
  });
});
