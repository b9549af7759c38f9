import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, SECOND, passwordLogin } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Demo@12345';
const WRONG = 'Wrong@12345';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const statusOf = async (
  username: string,
  password: string,
  lang: 'zh' | 'en' = 'en',
  address?: string,
) => {
  const r = await passwordLogin(t, username, password, lang, address);
  return { status: r.status, code: r.code, msg: r.msg };
};

const wrong = { status: 401, code: 401, msg: 'wrong user name or password' };

describe('lock-out after five wrong passwords', () => {
  it('locks on the fifth failure within 15 minutes, then refuses even the right password, until 15 min pass', async () => {
    for (let i = 1; i <= 4; i += 1) {
      expect(await statusOf('reviewer', WRONG), `failure ${i}`).toEqual(wrong);
      t.advance(30 * SECOND);
    }
    const fifth = await statusOf('reviewer', WRONG);
    expect(fifth).toEqual({
      status: 423,
      code: 423,
      msg: 'too many failed logins: the account is locked, try again in 15 minutes',
    });

    t.advance(MINUTE);
    const zh = await statusOf('reviewer', PASSWORD, 'zh');
    expect(zh).toEqual({
      status: 423,
      code: 423,
      msg: '密码错误次数过多，账号已锁定，请 14 分钟后再试',
    });

    t.advance(10 * MINUTE);
    expect(await statusOf('reviewer', PASSWORD)).toEqual({
      status: 423,
      code: 423,
      msg: 'too many failed logins: the account is locked, try again in 4 minutes',
    });
    // A wrong password while locked is also 423 and does not extend the lock.
    expect((await statusOf('reviewer', WRONG)).code).toBe(423);

    t.advance(4 * MINUTE + 1 * SECOND);
    const after = await passwordLogin(t, 'reviewer', PASSWORD);
    expect([after.status, after.code]).toEqual([200, 200]);
    expect(after.data.token).toBeTruthy();
  });

  it('after the lock ends the count starts from zero', async () => {
    // 'reviewer' was unlocked by the previous test's successful login.
    for (let i = 1; i <= 4; i += 1)
      expect(await statusOf('reviewer', WRONG), `failure ${i}`).toEqual(wrong);
    expect((await statusOf('reviewer', WRONG)).code).toBe(423);
    t.advance(15 * MINUTE + SECOND);
    expect((await statusOf('reviewer', PASSWORD)).code).toBe(200);
  });

  it('failures spread over more than 15 minutes do not lock', async () => {
    for (let i = 1; i <= 4; i += 1)
      expect(await statusOf('visitor', WRONG), `failure ${i}`).toEqual(wrong);
    t.advance(16 * MINUTE);
    expect(await statusOf('visitor', WRONG)).toEqual(wrong);
    // The window restarted at the fifth failure: three more are still fine, the fifth of the new window locks.
    for (let i = 1; i <= 3; i += 1)
      expect(await statusOf('visitor', WRONG), `new window ${i}`).toEqual(wrong);
    expect((await statusOf('visitor', WRONG)).code).toBe(423);
  });

  it('a successful login resets the count', async () => {
    for (let i = 1; i <= 4; i += 1) expect(await statusOf('leader', WRONG)).toEqual(wrong);
    expect((await statusOf('leader', PASSWORD)).code).toBe(200);
    for (let i = 1; i <= 4; i += 1)
      expect(await statusOf('leader', WRONG), `after reset ${i}`).toEqual(wrong);
    expect((await statusOf('leader', WRONG)).code).toBe(423);
  });

  it('the lock is per account: another account still logs in', async () => {
    for (let i = 1; i <= 5; i += 1) await statusOf('dept2', WRONG);
    expect((await statusOf('dept2', PASSWORD)).code).toBe(423);
    expect((await statusOf('dept1', PASSWORD)).code).toBe(200);
  });

  it('the lock does not tell whether an account exists: unknown names lock the same way', async () => {
    for (let i = 1; i <= 4; i += 1) expect(await statusOf('ghost_user', WRONG)).toEqual(wrong);
    const fifth = await statusOf('ghost_user', WRONG);
    expect(fifth).toEqual({
      status: 423,
      code: 423,
      msg: 'too many failed logins: the account is locked, try again in 15 minutes',
    });
  });

  it('the lock is case-insensitive on the user name', async () => {
    for (const name of ['AGENT', 'Agent', 'agent', 'aGENT']) await statusOf(name, WRONG);
    expect((await statusOf('AgEnT', WRONG)).code).toBe(423);
    expect((await statusOf('agent', PASSWORD)).code).toBe(423);
  });
});

describe('lock-out under concurrency', () => {
  it('8 wrong passwords at once leave the account locked', async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => passwordLogin(t, 'street2', WRONG)),
    );
    const codes = replies.map((r) => r.code);
    const right = await statusOf('street2', PASSWORD);
    expect(right, `replies to the 8 guesses: ${codes.join(',')}`).toEqual({
      status: 423,
      code: 423,
      msg: 'too many failed logins: the account is locked, try again in 15 minutes',
    });
    const row = await t.ctx.db
      .selectFrom('login_attempts')
      .select(['locked_until'])
      .where('name_key', '=', 'street2')
      .where('address', '=', '127.0.0.1')
      .executeTakeFirstOrThrow();
    expect(row.locked_until).not.toBeNull();
    // Four plain failures, then the lock: every later guess is answered 423.
    expect(codes.filter((c) => c === 401)).toHaveLength(4);
    expect(codes.filter((c) => c === 423)).toHaveLength(4);
  });
});

describe('the lock holds one address out, not the user', () => {
  it('five wrong passwords from one address do not keep the user out from another', async () => {
    for (let i = 1; i <= 5; i += 1) await statusOf('dispatcher', WRONG, 'en', '203.0.113.7');
    expect((await statusOf('dispatcher', PASSWORD, 'en', '203.0.113.7')).code).toBe(423);
    expect((await statusOf('dispatcher', PASSWORD, 'en', '198.51.100.20')).code).toBe(200);
  });

  it('39 wrong passwords and the right one at once: at most five reach the password check', async () => {
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 17 ? PASSWORD : WRONG));
    const replies = await Promise.all(
      guesses.map((p) => passwordLogin(t, 'town1', p, 'en', '203.0.113.9')),
    );
    const codes = replies.map((r) => r.code);
    const checked = codes.filter((c) => c === 401 || c === 200).length;
    const detail = `replies: ${codes.join(',')}`;
    // Slots 1–4 answer 401 or 200, slot 5 answers 423 (the lock) or 200, the rest 423 unchecked.
    expect(checked, detail).toBeLessThanOrEqual(5);
    // The rest are refused: 423 (locked) or 429 (the address's login throttle, 20 a minute).
    expect(codes.filter((c) => c === 423 || c === 429).length, detail).toBeGreaterThanOrEqual(35);
    const rows = await t.ctx.db
      .selectFrom('audit_log')
      .select(['detail'])
      .where('action', 'in', ['login.failure', 'login.success'])
      .where('ip', '=', '203.0.113.9')
      .execute();
    const reasons = rows.map((r) => (r.detail as { reason?: string }).reason ?? 'success');
    expect(reasons.filter((r) => r !== 'locked').length, detail).toBeLessThanOrEqual(5);
  });

  it("twenty failures from new addresses lock every new address, the user's own still signs in", async () => {
    const own = '192.0.2.50';
    expect((await statusOf('street1', PASSWORD, 'en', own)).code).toBe(200);
    for (let a = 1; a <= 5; a += 1) {
      for (let i = 1; i <= 4; i += 1) {
        const r = await statusOf('street1', WRONG, 'en', `198.51.100.${a}`);
        expect(r.code, `address ${a}, failure ${i}`).toBe(a === 5 && i === 4 ? 423 : 401);
      }
    }
    // A sixth new address is refused at once; the user's own address is not.
    expect((await statusOf('street1', PASSWORD, 'en', '198.51.100.6')).code).toBe(423);
    expect((await statusOf('street1', PASSWORD, 'en', own)).code).toBe(200);
    // An unknown name is answered the same way after the same twenty.
    for (let a = 1; a <= 5; a += 1)
      for (let i = 1; i <= 4; i += 1) await statusOf('ghost_two', WRONG, 'en', `198.51.100.${a}`);
    expect((await statusOf('ghost_two', PASSWORD, 'en', '198.51.100.6')).code).toBe(423);
    t.advance(15 * MINUTE + SECOND);
    expect((await statusOf('street1', PASSWORD, 'en', '198.51.100.6')).code).toBe(200);
  });
});
