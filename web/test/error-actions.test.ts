import { describe, expect, it } from 'vitest';
import {
  errorAction,
  guardErrorAction,
  isSilentFailure,
  showsLoadingMask,
  unauthorizedAction,
} from '../src/lib/error-actions';

describe('error-code actions (spec section 8)', () => {
  it.each([205, 206, 208, 211, 212, 213])('%i → session expired', (code) => {
    expect(errorAction(code)).toBe('sessionExpired');
  });
  it.each([217, 218])('%i → /nopaml', (code) => expect(errorAction(code)).toBe('noPermission'));
  it('402 → refresh', () => expect(errorAction(402)).toBe('refresh'));
  it.each([0, 400, 401, 403, 404, 423, 429, 500, 502, 203, 210])('%i → toast', (code) => {
    expect(errorAction(code)).toBe('toast');
  });

  it('route guard: 203/205/206/210–213 go to /, 217/218 to /nopaml, others to login', () => {
    for (const code of [203, 205, 206, 210, 211, 212, 213])
      expect(guardErrorAction(code)).toBe('root');
    expect(guardErrorAction(217)).toBe('nopaml');
    for (const code of [undefined, 0, 401, 402, 500, 208])
      expect(guardErrorAction(code)).toBe('login');
  });

  it('a 401: a sign-in or no session toasts it, a sent session has ended, signing out is silent', () => {
    for (const path of [
      '/login/password',
      '/index/checkCode?x=1',
      '/index/authlogin',
      '/publicKey',
    ])
      expect(unauthorizedAction(path, true)).toBe('toast');
    expect(unauthorizedAction('/addons/jsjb/lists/search', true)).toBe('sessionEnded');
    expect(unauthorizedAction('/user/userInfo', true)).toBe('sessionEnded');
    expect(unauthorizedAction('/user/userInfo', false)).toBe('toast');
    expect(unauthorizedAction('/login/logout', true)).toBe('silent');
  });

  it('silent failures: a noError request, a 500 from the error log', () => {
    expect(isSilentFailure(400, '/x', true)).toBe(true);
    expect(isSilentFailure(500, '/addons/jsjb/view/index', false)).toBe(true);
    expect(isSilentFailure(429, '/addons/jsjb/view/index', false)).toBe(false);
    expect(isSilentFailure(500, '/x', false)).toBe(false);
  });

  it('loading mask for doEdit and confirm URLs', () => {
    expect(showsLoadingMask('/addons/jsjb/order/doEdit')).toBe(true);
    expect(showsLoadingMask('/addons/jsjb/town/confirmSign')).toBe(true);
    expect(showsLoadingMask('/addons/jsjb/lists/search')).toBe(false);
  });
});
