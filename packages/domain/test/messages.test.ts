import { describe, expect, it } from 'vitest';
import { MESSAGES, translate, type MessageKey } from '../src/messages';

const keys = Object.keys(MESSAGES) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translate', () => {
  it('answers in Chinese and in English', () => {
    expect(translate('login.wrongCredentials', 'zh')).toBe('用户名或密码错误');
    expect(translate('login.wrongCredentials', 'en')).toBe('wrong user name or password');
    expect(translate('login.usernameEmpty', 'zh')).toBe('用户名不能为空');
    expect(translate('login.passwordShort', 'zh')).toBe('密码不能少于6位');
    expect(translate('login.mobileInvalid', 'zh')).toBe('请输入正确的手机号');
  });

  it('fills parameters, in both languages', () => {
    expect(translate('login.locked', 'zh', { minutes: 15 })).toBe(
      '密码错误次数过多，账号已锁定，请 15 分钟后再试',
    );
    expect(translate('login.locked', 'en', { minutes: 3 })).toBe(
      'too many failed logins: the account is locked, try again in 3 minutes',
    );
    expect(translate('sms.tooSoon', 'en', { seconds: 42 })).toBe(
      'sent too recently, try again in 42 s',
    );
    expect(translate('request.notFound', 'zh', { path: '/api/x' })).toBe('接口不存在：/api/x');
    expect(translate('config.valueInvalid', 'en', { reason: 'a switch is 0 or 1' })).toBe(
      'invalid config value: a switch is 0 or 1',
    );
  });

  it('keeps a placeholder whose parameter is missing, ignores extra parameters', () => {
    expect(translate('login.locked', 'en')).toContain('{minutes}');
    expect(translate('login.wrongCredentials', 'en', { minutes: 1 })).toBe(
      'wrong user name or password',
    );
  });

  it('does not treat replacement patterns in parameters specially', () => {
    expect(translate('request.notFound', 'en', { path: '/a$&b$1' })).toBe(
      'no such endpoint: /a$&b$1',
    );
    expect(translate('user.missing', 'en', { ids: '{ids}' })).toBe('no such user: {ids}');
  });
});

describe('the message table', () => {
  it.each(keys)('%s has non-empty zh and en texts with the same placeholders', (key) => {
    const { zh, en } = MESSAGES[key];
    expect(zh.trim()).not.toBe('');
    expect(en.trim()).not.toBe('');
    expect(zh).not.toBe(en);
    expect(placeholders(zh)).toEqual(placeholders(en));
    expect(/[\u4e00-\u9fa5]/.test(zh), `zh text of ${key} is Chinese`).toBe(true);
    expect(/[\u4e00-\u9fa5]/.test(en), `en text of ${key} has no Chinese`).toBe(false);
  });
});
