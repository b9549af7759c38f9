import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, configEntry, post, userInfo, type TokenData } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

const SECRET_TEXT = 'x'.repeat(40);
const SECRET = new TextEncoder().encode(SECRET_TEXT);
const AUDIENCE = 'hotline-12345';

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await createTestApp({ settings: { sso: { sharedSecret: SECRET_TEXT, audience: AUDIENCE } } });
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
});

/** Seconds since the epoch on the server's (movable) clock. */
const serverNow = () => Math.floor(t.ctx.now().getTime() / 1000);

/**
 * A signed-JWT builder. Times are absolute and taken from the server clock (jose's relative
 * forms like '2m' read the real clock, which the tests move away from). `lifetime` is seconds
 * from `iat`.
 */
function token(
  overrides: {
    sub?: string;
    aud?: string;
    lifetime?: number;
    jti?: string | null;
    iat?: number;
  } = {},
) {
  const iat = overrides.iat ?? serverNow();
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(overrides.sub ?? 'leader')
    .setAudience(overrides.aud ?? AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (overrides.lifetime ?? 120));
  if (overrides.jti !== null) jwt.setJti(overrides.jti ?? randomUUID());
  return jwt;
}

const exchange = (jwt: string, lang: 'zh' | 'en' = 'en', app: TestApp = t) =>
  post<TokenData>(app, '/api/index/authlogin', { token: jwt }, { lang });

const refused = async (jwt: string, msg: string) => {
  const reply = await exchange(jwt);
  expect([reply.status, reply.code, reply.msg]).toEqual([401, 401, msg]);
};

describe('single sign-on', () => {
  it('a valid token gives a session for the named user', async () => {
    const reply = await exchange(await token().sign(SECRET));
    expect([reply.status, reply.code]).toEqual([200, 200]);
    const me = await userInfo(t, reply.data.token);
    expect([me.code, me.data.username]).toEqual([200, 'leader']);
  });

  it('the subject is matched case-insensitively like a login name', async () => {
    const reply = await exchange(await token({ sub: 'Dispatcher' }).sign(SECRET));
    expect(reply.code).toBe(200);
    expect((await userInfo(t, reply.data.token)).data.username).toBe('dispatcher');
  });

  it('the same token again → 401 replayed', async () => {
    const jwt = await token().sign(SECRET);
    expect((await exchange(jwt)).code).toBe(200);
    await refused(jwt, 'the single sign-on token was already used');
    const zh = await exchange(jwt, 'zh');
    expect([zh.status, zh.code, zh.msg]).toEqual([401, 401, '单点登录令牌已被使用']);
  });

  it('concurrent use of one token: exactly one session', async () => {
    const jwt = await token().sign(SECRET);
    const replies = await Promise.all(Array.from({ length: 5 }, () => exchange(jwt)));
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 401)).toHaveLength(4);
  });

  it('an expired token → 401 expired', async () => {
    const jwt = await token().sign(SECRET);
    t.advance(3 * MINUTE);
    await refused(jwt, 'the single sign-on token has expired');
  });

  it('a wrong secret → 401 invalid', async () => {
    await refused(
      await token().sign(new TextEncoder().encode('y'.repeat(40))),
      'the single sign-on token is invalid',
    );
  });

  it('an unsigned token (alg none) → 401 invalid', async () => {
    const unsigned = new UnsecuredJWT({})
      .setSubject('leader')
      .setAudience(AUDIENCE)
      .setIssuedAt(serverNow())
      .setExpirationTime(serverNow() + 120)
      .setJti(randomUUID())
      .encode();
    await refused(unsigned, 'the single sign-on token is invalid');
    // A signed token whose signature was stripped.
    const signed = await token().sign(SECRET);
    await refused(
      signed.slice(0, signed.lastIndexOf('.') + 1),
      'the single sign-on token is invalid',
    );
  });

  it('a token that is not a JWT → 401 invalid', async () => {
    await refused('not-a-jwt', 'the single sign-on token is invalid');
    await refused('a.b.c', 'the single sign-on token is invalid');
  });

  it('a missing jti → 401 invalid', async () => {
    await refused(await token({ jti: null }).sign(SECRET), 'the single sign-on token is invalid');
  });

  it('a sub or jti that is not a string (an array, a number, an object) → 401 invalid', async () => {
    const iat = serverNow();
    for (const claims of [
      { sub: ['leader', 'admin'], jti: randomUUID() },
      { sub: 42, jti: randomUUID() },
      { sub: { name: 'leader' }, jti: randomUUID() },
      { sub: 'leader', jti: ['a', 'b'] },
    ]) {
      const jwt = await new SignJWT(claims as unknown as Record<string, unknown>)
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 60)
        .sign(SECRET);
      await refused(jwt, 'the single sign-on token is invalid');
    }
  });

  it('a lifetime over 5 minutes → 401 invalid; exactly 5 minutes is fine', async () => {
    await refused(
      await token({ lifetime: 600 }).sign(SECRET),
      'the single sign-on token is invalid',
    );
    await refused(
      await token({ lifetime: 301 }).sign(SECRET),
      'the single sign-on token is invalid',
    );
    expect((await exchange(await token({ lifetime: 300 }).sign(SECRET))).code).toBe(200);
  });

  it('a token issued in the future cannot outlive the 5-minute limit', async () => {
    // iat one hour ahead, exp two minutes after that: exp - iat is small, but the token is good for an hour.
    const iat = serverNow() + 3600;
    await refused(
      await token({ iat, lifetime: 120 }).sign(SECRET),
      'the single sign-on token is invalid',
    );
  });

  it('a wrong audience → 401 invalid', async () => {
    await refused(
      await token({ aud: 'another-system' }).sign(SECRET),
      'the single sign-on token is invalid',
    );
  });

  it('an unknown user → 401', async () => {
    await refused(
      await token({ sub: 'nobody_here' }).sign(SECRET),
      'the single sign-on account does not exist or is disabled',
    );
  });

  it('a malformed body → 400 naming token', async () => {
    for (const body of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(5000) }]) {
      const reply = await post(t, '/api/index/authlogin', body, { lang: 'en' });
      expect([reply.status, reply.code], JSON.stringify(body).slice(0, 40)).toEqual([400, 400]);
      expect(reply.msg).toMatch(/^token: /);
    }
  });

  it('login_sso switched off → 403', async () => {
    const admin = await t.login('admin');
    const entry = await configEntry(t, admin, 'jsjb', 'login_sso');
    expect(
      (await post(t, '/api/config/save', { id: entry.id, value: '0' }, { token: admin })).code,
    ).toBe(200);
    try {
      const reply = await exchange(await token().sign(SECRET));
      expect([reply.status, reply.code, reply.msg]).toEqual([
        403,
        403,
        'this login method is not enabled',
      ]);
    } finally {
      expect(
        (await post(t, '/api/config/save', { id: entry.id, value: '1' }, { token: admin })).code,
      ).toBe(200);
    }
  });
});

describe('single sign-on not configured', () => {
  it('an app without SSO settings → 501 not configured', async () => {
    bare = await createTestApp();
    const jwt = await token().sign(SECRET);
    const en = await exchange(jwt, 'en', bare);
    expect([en.status, en.code, en.msg]).toEqual([
      501,
      501,
      'single sign-on is not configured in this deployment',
    ]);
    const zh = await exchange(jwt, 'zh', bare);
    expect([zh.status, zh.code, zh.msg]).toEqual([501, 501, '本部署未配置单点登录']);
  });
});
