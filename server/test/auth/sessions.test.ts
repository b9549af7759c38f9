import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND, get, passwordLogin, userInfo, type TokenData } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ settings: { accessTokenTtlSeconds: 60, sessionMaxAgeSeconds: 3600 } });
});
afterAll(async () => {
  await t?.close();
});

const refresh = (token: string | undefined, lang: 'zh' | 'en' = 'en') =>
  get<TokenData>(t, '/api/refreshToken', { token, lang });
const outcome = (r: { status: number; code: number; msg: string }) => [r.status, r.code, r.msg];

const EXPIRED = [402, 402, 'token expired'];
const INVALID = [401, 401, 'the login is no longer valid, please log in again'];
const MISSING = [401, 401, 'please log in'];

describe('access tokens and sessions', () => {
  it('an access token expires after its TTL: userInfo → 402 (HTTP 402 too)', async () => {
    const token = await t.login('dispatcher');
    t.advance(59 * SECOND);
    expect((await userInfo(t, token)).code).toBe(200);
    t.advance(2 * SECOND);
    const expired = await userInfo(t, token);
    expect(outcome(expired)).toEqual(EXPIRED);
    expect(expired.data).toBeNull();
    const zh = await userInfo(t, token, 'zh');
    expect(outcome(zh)).toEqual([402, 402, '令牌已过期']);
  });

  it('refresh gives a new token that works; the old one is still expired', async () => {
    const token = await t.login('dispatcher');
    t.advance(61 * SECOND);
    const fresh = await refresh(token);
    expect([fresh.status, fresh.code]).toEqual([200, 200]);
    expect(fresh.data.token).not.toBe(token);
    expect(new Date(fresh.data.expiresAt).getTime()).toBeGreaterThan(t.ctx.now().getTime());
    const me = await userInfo(t, fresh.data.token);
    expect([me.code, me.data.username]).toEqual([200, 'dispatcher']);
    expect(outcome(await userInfo(t, token))).toEqual(EXPIRED);
  });

  it('the old token may refresh again within 10 s of its first refresh (two tabs), not after', async () => {
    const token = await t.login('street1');
    t.advance(61 * SECOND);
    const tab1 = await refresh(token);
    expect(tab1.code).toBe(200);
    t.advance(5 * SECOND);
    const tab2 = await refresh(token);
    expect(tab2.code).toBe(200);
    expect(tab2.data.token).not.toBe(tab1.data.token);
    expect((await userInfo(t, tab2.data.token)).data.username).toBe('street1');
    t.advance(6 * SECOND);
    expect(outcome(await refresh(token))).toEqual(INVALID);
  });

  it('refresh rotates: a token refreshed before its expiry dies 10 s later, the new one lives', async () => {
    const token = await t.login('reviewer');
    const fresh = await refresh(token);
    expect(fresh.code).toBe(200);
    // Requests already on their way with the old token still pass for a moment…
    expect((await userInfo(t, token)).code).toBe(200);
    t.advance(11 * SECOND);
    // …then it is refused, though its own 60 s life has not ended.
    expect(outcome(await userInfo(t, token))).toEqual(INVALID);
    expect(outcome(await refresh(token))).toEqual(INVALID);
    expect((await userInfo(t, fresh.data.token)).data.username).toBe('reviewer');
  });

  it('a refreshed token can itself be refreshed once it expires (a long working day)', async () => {
    let token = await t.login('dept1');
    for (let i = 0; i < 5; i += 1) {
      t.advance(61 * SECOND);
      expect(outcome(await userInfo(t, token))).toEqual(EXPIRED);
      const next = await refresh(token);
      expect(next.code, `refresh ${i}`).toBe(200);
      token = next.data.token;
    }
    expect((await userInfo(t, token)).data.username).toBe('dept1');
  });

  it('logout ends the session: userInfo and refresh → 401', async () => {
    const token = await t.login('agent');
    const out = await get(t, '/api/login/logout', { token, lang: 'en' });
    expect([out.status, out.code, out.msg]).toEqual([200, 200, 'logged out']);
    expect(outcome(await userInfo(t, token))).toEqual(INVALID);
    expect(outcome(await refresh(token))).toEqual(INVALID);
  });

  it('logout also ends tokens issued by refresh in the same session', async () => {
    const first = await t.login('agent');
    t.advance(61 * SECOND);
    const second = (await refresh(first)).data.token;
    expect((await get(t, '/api/login/logout', { token: second })).code).toBe(200);
    expect(outcome(await userInfo(t, second))).toEqual(INVALID);
    expect(outcome(await refresh(first))).toEqual(INVALID);
  });

  it('logout ends only that session: another login of the same user still works', async () => {
    const a = await t.login('leader');
    const b = await t.login('leader');
    expect((await get(t, '/api/login/logout', { token: a })).code).toBe(200);
    expect(outcome(await userInfo(t, a))).toEqual(INVALID);
    expect((await userInfo(t, b)).code).toBe(200);
  });

  it('expireToken ends the session too', async () => {
    const token = await t.login('reviewer');
    const out = await get(t, '/api/expireToken', { token, lang: 'zh' });
    expect([out.status, out.code, out.msg]).toEqual([200, 200, '已退出登录']);
    expect(outcome(await userInfo(t, token))).toEqual(INVALID);
    expect(outcome(await refresh(token))).toEqual(INVALID);
  });

  it('logout without a token or with a dead one still answers 200', async () => {
    expect((await get(t, '/api/login/logout')).code).toBe(200);
    expect((await get(t, '/api/login/logout', { token: 'garbage' })).code).toBe(200);
  });

  it('after the session max age (1 h) → 401, even with refresh', async () => {
    let token = await t.login('town1');
    // Keep refreshing every 50 s: the session still ends at one hour.
    for (let elapsed = 0; elapsed < 3500; elapsed += 50) {
      t.advance(50 * SECOND);
      const next = await refresh(token);
      expect(next.code, `at ${elapsed + 50} s`).toBe(200);
      token = next.data.token;
    }
    expect((await userInfo(t, token)).code).toBe(200);
    t.advance(101 * SECOND); // 3601 s after login
    expect(outcome(await userInfo(t, token))).toEqual(INVALID);
    expect(outcome(await refresh(token))).toEqual(INVALID);
  });

  it('a fresh login after a session ended works', async () => {
    const token = await t.login('town1');
    expect((await userInfo(t, token)).data.username).toBe('town1');
  });

  it('no token → 401 please log in; garbage tokens → 401', async () => {
    expect(outcome(await userInfo(t, undefined as unknown as string))).toEqual(MISSING);
    expect(outcome(await refresh(undefined))).toEqual(MISSING);
    expect(outcome(await userInfo(t, 'garbage'))).toEqual(INVALID);
    expect(outcome(await refresh('garbage'))).toEqual(INVALID);
    expect(outcome(await userInfo(t, 'x'.repeat(5000)))).toEqual(INVALID);
    const zh = await get(t, '/api/user/userInfo', { lang: 'zh' });
    expect(outcome(zh)).toEqual([401, 401, '请先登录']);
  });

  it('malformed Authorization headers → 401', async () => {
    const token = await t.login('dispatcher');
    for (const authorization of [
      token,
      `Basic ${token}`,
      'Bearer',
      'Bearer    ',
      `Token ${token}`,
    ]) {
      const reply = await get(t, '/api/user/userInfo', { headers: { authorization } });
      expect([reply.status, reply.code], authorization.slice(0, 12)).toEqual([401, 401]);
    }
    const lower = await get(t, '/api/user/userInfo', {
      headers: { authorization: `bearer ${token}` },
    });
    expect(lower.code).toBe(200);
  });

  it('a disabled account loses its live sessions; the 401 says why', async () => {
    const token = await t.login('dept2');
    await t.ctx.db
      .updateTable('users')
      .set({ disabled: true })
      .where('username', '=', 'dept2')
      .execute();
    try {
      const DISABLED = [401, 401, 'the account is disabled'];
      expect(outcome(await userInfo(t, token))).toEqual(DISABLED);
      expect(outcome(await userInfo(t, token, 'zh'))).toEqual([401, 401, '账号已停用']);
      expect(outcome(await refresh(token))).toEqual(DISABLED);
      const login = await passwordLogin(t, 'dept2', 'Demo@12345', 'en');
      expect(outcome(login)).toEqual([403, 403, 'the account is disabled']);
    } finally {
      await t.ctx.db
        .updateTable('users')
        .set({ disabled: false })
        .where('username', '=', 'dept2')
        .execute();
    }
  });
});
