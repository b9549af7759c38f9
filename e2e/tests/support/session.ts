import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  api,
  apiLogin,
  loginAs as loginThroughPage,
  PASSWORD,
  TOKEN_KEY,
} from '../../support/console';
import { recordRequests } from './record-requests';

/**
 * Shared session helpers for the work-order specs (list, intake, detail).
 * `loginAs` logs in through the real login page and waits for the console shell.
 */

export { api, apiLogin, PASSWORD, TOKEN_KEY };

/** Logs in through the login page as a demo account; returns the stored access token. */
export async function loginAs(page: Page, username: string): Promise<string> {
  recordRequests(page, username); // E2E_RECORD only
  return loginThroughPage(page, username);
}

/** A fresh browser context (its own storage), logged in as `username`. */
export async function newSession(
  browser: Browser,
  username: string,
  options: { locale?: string; timezoneId?: string } = {},
): Promise<{ page: Page; token: string; close: () => Promise<void> }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'zh-CN',
    viewport: { width: 1280, height: 800 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  const token = await loginAs(page, username);
  return { page, token, close: () => context.close() };
}

/** Opens a console route (hash router) and waits for its view to be shown. */
export async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  await expect(page.locator(`.hl-view[data-view="${path.split('?')[0]}"]`)).toBeVisible();
}

/** The token of a logged-in page (localStorage `jsjb`). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(token, 'token stored under localStorage key jsjb').toBeTruthy();
  return token as string;
}

/** POST to the API with a token and unwrap the envelope (fails on a non-200 code). */
export function apiPost<T>(
  request: APIRequestContext,
  path: string,
  token: string,
  data?: unknown,
): Promise<T> {
  return api<T>(request, 'POST', path, token, data);
}

/**
 * Clocks `username` off duty for one clock type (1 call-back staff, 2 dispatcher) through the
 * API: the duty state is the server's, so a test that clocks in starts from off duty even when
 * an earlier try left the user on duty.
 */
export async function clockOff(
  request: APIRequestContext,
  username: string,
  clockType: 1 | 2,
): Promise<void> {
  const token = await apiLogin(request, username);
  const { info } = await api<{ info: { uid: number } }>(
    request,
    'GET',
    '/api/user/userInfo',
    token,
  );
  await api(request, 'POST', '/api/addons/jsjb/huifang/huifangClock', token, {
    uid: info.uid,
    userName: username,
    clockStatus: 0,
    clockType,
  });
}
