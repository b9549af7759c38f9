import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MINUTE,
  MOBILE,
  SECOND,
  configEntry,
  post,
  userInfo,
  type TokenData,
} from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const send = (mobile: unknown, lang: 'zh' | 'en' = 'en') =>
  post(t, '/api/index/sendsms', { mobile }, { lang });
const check = (mobile: string, code: string | undefined, lang: 'zh' | 'en' = 'en') =>
  post<TokenData>(t, '/api/index/checkCode', { mobile, code }, { lang });
const outboxFor = (mobile: string) => t.sms.outbox.filter((m) => m.mobile === mobile);

/** A six-digit code that is not `code`. */
const other = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('SMS login', () => {
  it('sends a six-digit code to the dispatcher and logs in with it', async () => {
    const sent = await send(MOBILE.dispatcher, 'zh');
    expect([sent.status, sent.code, sent.msg]).toEqual([200, 200, '验证码已发送']);
    const code = t.sms.lastCodeFor(MOBILE.dispatcher);
    expect(code).toMatch(/^\d{6}$/);
    expect(outboxFor(MOBILE.dispatcher)).toHaveLength(1);
    expect(outboxFor(MOBILE.dispatcher)[0]?.text).toContain(code);

    const login = await check(MOBILE.dispatcher, code ?? '');
    expect([login.status, login.code]).toEqual([200, 200]);
    const me = await userInfo(t, login.data.token);
    expect([me.code, me.data.username]).toEqual([200, 'dispatcher']);
    const session = await t.ctx.db
      .selectFrom('sessions')
      .select('method')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(session.method).toBe('sms');
  });

  it('a used code cannot be used again', async () => {
    t.advance(61 * SECOND);
    expect((await send(MOBILE.street1)).code).toBe(200);
    const code = t.sms.lastCodeFor(MOBILE.street1) ?? '';
    expect((await check(MOBILE.street1, code)).code).toBe(200);
    const again = await check(MOBILE.street1, code, 'en');
    expect([again.status, again.code, again.msg]).toEqual([
      400,
      400,
      'the verification code has expired, request a new one',
    ]);
  });

  it('a resend within 60 s → 429 with the seconds left; after 61 s it works', async () => {
    t.advance(61 * SECOND);
    expect((await send(MOBILE.admin)).code).toBe(200);
    const first = t.sms.lastCodeFor(MOBILE.admin);
    t.advance(20 * SECOND);
    const soon = await send(MOBILE.admin, 'en');
    expect([soon.status, soon.code, soon.msg]).toEqual([
      429,
      429,
      'sent too recently, try again in 40 s',
    ]);
    const zh = await send(MOBILE.admin, 'zh');
    expect([zh.status, zh.code, zh.msg]).toEqual([429, 429, '发送过于频繁，请 40 秒后再试']);
    expect(outboxFor(MOBILE.admin)).toHaveLength(1);

    t.advance(41 * SECOND);
    const later = await send(MOBILE.admin);
    expect([later.status, later.code]).toEqual([200, 200]);
    expect(outboxFor(MOBILE.admin)).toHaveLength(2);
    const second = t.sms.lastCodeFor(MOBILE.admin) ?? '';
    // Only the newest code counts.
    if (first !== second) expect((await check(MOBILE.admin, first ?? '')).code).toBe(400);
    expect((await check(MOBILE.admin, second)).code).toBe(200);
  });

  it('a code expires after 5 minutes', async () => {
    t.advance(61 * SECOND);
    expect((await send(MOBILE.reviewer)).code).toBe(200);
    const code = t.sms.lastCodeFor(MOBILE.reviewer) ?? '';
    t.advance(5 * MINUTE + SECOND);
    const zh = await check(MOBILE.reviewer, code, 'zh');
    expect([zh.status, zh.code, zh.msg]).toEqual([400, 400, '验证码已失效，请重新获取']);
  });

  it('a code still works just before 5 minutes', async () => {
    t.advance(61 * SECOND);
    expect((await send(MOBILE.reviewer)).code).toBe(200);
    const code = t.sms.lastCodeFor(MOBILE.reviewer) ?? '';
    t.advance(5 * MINUTE - 5 * SECOND);
    expect((await check(MOBILE.reviewer, code)).code).toBe(200);
  });

  it('five wrong codes burn it; then even the right code is refused', async () => {
    t.advance(61 * SECOND);
    expect((await send(MOBILE.visitor)).code).toBe(200);
    const code = t.sms.lastCodeFor(MOBILE.visitor) ?? '';
    for (let i = 1; i <= 4; i += 1) {
      const wrong = await check(MOBILE.visitor, other(code, i), 'en');
      expect([wrong.status, wrong.code, wrong.msg], `try ${i}`).toEqual([
        400,
        400,
        'wrong verification code',
      ]);
    }
    const fifth = await check(MOBILE.visitor, other(code, 5), 'en');
    expect([fifth.status, fifth.code, fifth.msg]).toEqual([
      400,
      400,
      'too many wrong tries: the code is void, request a new one',
    ]);
    const right = await check(MOBILE.visitor, code, 'zh');
    expect([right.status, right.code, right.msg]).toEqual([
      400,
      400,
      '验证码错误次数过多，已作废，请重新获取',
    ]);
  });

  it('concurrent wrong guesses cannot exceed five tries', async () => {
    t.advance(61 * SECOND);
    expect((await send(MOBILE.visitor)).code).toBe(200);
    const code = t.sms.lastCodeFor(MOBILE.visitor) ?? '';
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => check(MOBILE.visitor, other(code, i + 1))),
    );
    expect(replies.filter((r) => r.msg === 'wrong verification code')).toHaveLength(4);
    expect((await check(MOBILE.visitor, code)).code).toBe(400);
  });

  it('concurrent sends for one number: one code, one message', async () => {
    t.advance(61 * SECOND);
    const before = outboxFor(MOBILE.dispatcher).length;
    const replies = await Promise.all(Array.from({ length: 6 }, () => send(MOBILE.dispatcher)));
    expect(replies.map((r) => r.code).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(outboxFor(MOBILE.dispatcher).length).toBe(before + 1);
  });

  it('a bad mobile number → 400 请输入正确的手机号, nothing sent', async () => {
    const before = t.sms.outbox.length;
    for (const mobile of ['12345', '12800000000', '1380000000a', '', '138000000011']) {
      const reply = await send(mobile, 'zh');
      expect([reply.status, reply.code, reply.msg], mobile).toEqual([
        400,
        400,
        'mobile: 请输入正确的手机号',
      ]);
    }
    expect(t.sms.outbox.length).toBe(before);
    const checkBad = await check('123', '123456', 'zh');
    expect([checkBad.status, checkBad.code, checkBad.msg]).toEqual([
      400,
      400,
      'mobile: 请输入正确的手机号',
    ]);
  });

  it('an empty code → 400 请输入手机验证码', async () => {
    const reply = await check(MOBILE.dispatcher, '', 'zh');
    expect([reply.status, reply.code, reply.msg]).toEqual([400, 400, 'code: 请输入手机验证码']);
  });

  it('an unknown (valid-pattern) mobile gets 200 but no SMS, and cannot log in', async () => {
    const before = t.sms.outbox.length;
    const reply = await send('13912345678', 'zh');
    expect([reply.status, reply.code, reply.msg]).toEqual([200, 200, '验证码已发送']);
    expect(t.sms.outbox.length).toBe(before);
    expect(t.sms.lastCodeFor('13912345678')).toBeUndefined();
    // Same resend rule, so the answer does not reveal whether the number has an account.
    expect((await send('13912345678')).code).toBe(429);
    expect((await check('13912345678', '123456')).code).toBe(400);
  });

  it('with login_sms switched off → 403 for sending and for checking', async () => {
    const admin = await t.login('admin');
    const entry = await configEntry(t, admin, 'jsjb', 'login_sms');
    expect(
      (await post(t, '/api/config/save', { id: entry.id, value: '0' }, { token: admin })).code,
    ).toBe(200);
    try {
      t.advance(61 * SECOND);
      const sent = await send(MOBILE.street1, 'en');
      expect([sent.status, sent.code, sent.msg]).toEqual([
        403,
        403,
        'this login method is not enabled',
      ]);
      const checked = await check(MOBILE.street1, '123456', 'en');
      expect([checked.status, checked.code, checked.msg]).toEqual([
        403,
        403,
        'this login method is not enabled',
      ]);
    } finally {
      expect(
        (await post(t, '/api/config/save', { id: entry.id, value: '1' }, { token: admin })).code,
      ).toBe(200);
    }
    expect((await send(MOBILE.street1)).code).toBe(200);
  });

  it('ten codes a day per number, known or unknown; the 24 hours roll', async () => {
    t.advance(25 * 3600 * SECOND);
    for (const mobile of [MOBILE.reviewer, '13911112222']) {
      for (let i = 1; i <= 10; i += 1) {
        expect((await send(mobile)).code, `${mobile} code ${i}`).toBe(200);
        t.advance(61 * SECOND);
      }
      const capped = await send(mobile, 'zh');
      expect([capped.status, capped.msg]).toEqual([
        429,
        '该号码今日获取验证码次数已达上限（10 次），请明天再试或使用密码登录',
      ]);
    }
    // Another number is not affected; a day after the first code the number gets one again.
    expect((await send(MOBILE.admin)).code).toBe(200);
    t.advance(24 * 3600 * SECOND - 10 * 61 * SECOND + SECOND);
    expect((await send(MOBILE.reviewer)).code).toBe(200);
  });
});
