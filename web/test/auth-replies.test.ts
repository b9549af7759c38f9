import { describe, expect, it } from 'vitest';
import { isUserInfoShape, tokenOf } from '../src/features/auth/api';
import enUS from '../src/i18n/en-US';
import zhCN from '../src/i18n/zh-CN';

/**
 * The reply checks behind two spec messages (section 5). Our server never sends such replies,
 * so these rules are tested here rather than in Chromium.
 */
describe('login reply must carry the token', () => {
  it('accepts a non-empty string token only', () => {
    expect(tokenOf({ token: 'abc' } as never)).toBe('abc');
    for (const reply of [
      null,
      {},
      { token: '' },
      { token: 42 },
      { token: null },
      { tokens: 'x' },
    ]) {
      expect(tokenOf(reply as never), JSON.stringify(reply)).toBeNull();
    }
  });

  it('says so in both languages', () => {
    expect(zhCN.login.tokenMissing).toBe('登录接口异常，未正确返回token');
    expect(enUS.login.tokenMissing).toBe('login interface abnormal, token not returned');
  });
});

describe('user-info reply shape', () => {
  const good = { username: 'a', realname: 'b', avatar: '', roles: [], permissions: ['/x'] };

  it('accepts strings and arrays as the spec says', () => {
    expect(isUserInfoShape(good)).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'user'],
    ['username missing', { ...good, username: undefined }],
    ['realname a number', { ...good, realname: 1 }],
    ['avatar null', { ...good, avatar: null }],
    ['roles a string', { ...good, roles: 'admin' }],
    ['permissions an object', { ...good, permissions: {} }],
  ])('refuses %s', (_label, data) => {
    expect(isUserInfoShape(data)).toBe(false);
  });

  it('says so in both languages', () => {
    expect(zhCN.errors.userInfoInvalid).toContain('用户信息核心接口异常');
    expect(enUS.errors.userInfoInvalid).toContain('user-info core interface abnormal');
  });
});
