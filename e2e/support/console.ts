import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Helpers for the shell specs: log in through the UI, ask the real API, change web config. */

export const PASSWORD = 'Demo@12345';
export const TOKEN_KEY = 'jsjb';
/** `E2E_ARTIFACTS` (relative to e2e/, as the config reads it), else e2e/artifacts: where the
 * server log, screenshots and results of this run go (runs side by side have their own). */
export const ARTIFACTS = `${resolve(
  fileURLToPath(new URL('..', import.meta.url)),
  process.env.E2E_ARTIFACTS ?? 'artifacts',
)}/`;
export const SERVER_LOG = `${ARTIFACTS}server.log`;
/** Same secret as scripts/e2e-server.mjs gives the server. */
export const SSO_SECRET = 'e2e-sso-shared-secret-0123456789abcdef';

export interface MenuNode {
  id: number;
  path: string;
  component: string;
  meta: {
    title: string;
    titleEn: string;
    hidden: boolean;
    menuId: string | null;
    badge: number | null;
  };
  children: MenuNode[];
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Calls the API (as the page would) and unwraps the envelope; fails on a non-success code. */
export async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  data?: unknown,
): Promise<T> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const response =
    method === 'GET'
      ? await request.get(path, { headers })
      : await request.post(path, { headers, data: data ?? {} });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

export async function apiLogin(request: APIRequestContext, username: string): Promise<string> {
  const data = await api<{ token: string }>(request, 'POST', '/api/login/password', undefined, {
    username,
    password: PASSWORD,
  });
  return data.token;
}

/** Sets a web-config entry (group jsjb) as admin; returns the previous value. */
export async function setConfig(
  request: APIRequestContext,
  name: string,
  value: string,
  adminToken?: string,
): Promise<string> {
  // pass a token when the change affects logging in itself (login_rsa)
  const token = adminToken ?? (await apiLogin(request, 'admin'));
  const config = await api<{ lists: { id: number; name: string; value: string }[] }>(
    request,
    'POST',
    '/api/getConfig',
    token,
    { group: 'jsjb', pageSize: 1000 },
  );
  const entry = config.lists.find((e) => e.name === name);
  expect(entry, `config ${name}`).toBeTruthy();
  await api(request, 'POST', '/api/config/save', token, { id: entry?.id, value });
  return entry?.value ?? '';
}

export async function openLogin(page: Page): Promise<void> {
  await page.goto('/#/login');
  await expect(page.locator('form#login')).toBeVisible();
}

export async function submitLogin(page: Page, username: string, password = PASSWORD) {
  const form = page.locator('form#login');
  await form.locator('input#login_username').fill(username);
  await form.locator('input#login_password').fill(password);
  await form.locator('button[type="submit"]').click();
}

/** Logs in through the login page and waits for the shell; returns the stored token. */
export async function loginAs(page: Page, username: string): Promise<string> {
  await openLogin(page);
  await submitLogin(page, username);
  await expect(page.locator('[data-layout]')).toBeVisible();
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(token, 'token stored under localStorage key jsjb').toBeTruthy();
  return token as string;
}

/** Writes theme settings before the page reads them (applied on the next load). */
export async function presetTheme(page: Page, patch: Record<string, unknown>): Promise<void> {
  await page.evaluate((p) => {
    const current = JSON.parse(localStorage.getItem('theme') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('theme', JSON.stringify({ ...current, ...p }));
  }, patch);
}

/** Fonts loaded, toasts gone, motion settled: ready for a screenshot. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.mouse.move(1, 1); // no hover tooltip in the picture
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 6_000 });
  await expect(page.locator('.ant-tooltip:not(.ant-tooltip-hidden)')).toHaveCount(0);
  await page.waitForTimeout(400);
}

/** The newest SMS login code the simulator wrote to the server log for this mobile number. */
export function smsCodeFromLog(mobile: string): string | null {
  // The log masks the number (138****5678).
  const masked = `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
  const lines = readFileSync(SERVER_LOG, 'utf8').split('\n').reverse();
  for (const line of lines) {
    if (!line.includes('[SMS simulator]') || !line.includes(masked)) continue;
    const entry = JSON.parse(line) as { mobile?: string; text?: string };
    const match = entry.mobile === masked ? /\b(\d{6})\b/.exec(entry.text ?? '') : null;
    if (match) return match[1] ?? null;
  }
  return null;
}

/** Visible first-level menu titles of a menu tree. */
export function topTitles(list: MenuNode[], english = false): string[] {
  return list.filter((n) => !n.meta.hidden).map((n) => (english && n.meta.titleEn) || n.meta.title);
}

/**
 * Switches the console's language from the header's language menu. A click that lands while
 * the drop-down is still moving in can be lost, so the menu is opened and the item clicked
 * again until the page says it has switched.
 */
export async function switchLanguage(page: Page, to: 'en' | 'zh'): Promise<void> {
  const [button, item, lang] =
    to === 'en' ? ['语言', 'English', 'en-US'] : ['Language', '简体中文', 'zh-CN'];
  await expect(async () => {
    const entry = page.getByRole('menuitem', { name: item });
    if (!(await entry.isVisible())) await page.getByRole('button', { name: button }).click();
    await entry.click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Opens a drop-down or a select's option list and waits until it has finished moving in, as a
 * person would; returns it. An item clicked while it still moves is clicked only after
 * Playwright's retries have scrolled the page, and a drop-down (placed on the body, under the
 * fixed header) follows a scroll a frame late: the press and the release then land on different
 * elements and the click is lost (the logout test failed so on a busy CI machine; seen in a probe
 * as the menu at y = -77 on press, 52 on release). A list still fading out takes no clicks
 * either, so none may be open before.
 */
async function openPopup(
  page: Page,
  trigger: Locator,
  popup: string,
  button: 'left' | 'right' = 'left',
): Promise<Locator> {
  const list = page.locator(`${popup}:visible`);
  await expect(list).toHaveCount(0);
  await trigger.click({ button });
  await expect(list).toHaveCount(1);
  await expect(list).not.toHaveClass(/ant-slide-(up|down)-(enter|appear|leave)/);
  return list;
}

/** A drop-down menu, opened by a click (or a right click for a context menu). */
export function openDropdown(
  page: Page,
  trigger: Locator,
  button: 'left' | 'right' = 'left',
): Promise<Locator> {
  return openPopup(page, trigger, '.ant-dropdown', button);
}

/** A select's option list. */
export function openSelect(page: Page, select: Locator): Promise<Locator> {
  return openPopup(page, select, '.ant-select-dropdown');
}

/** Opens the header's user menu and returns it (see openDropdown). */
export function openUserMenu(page: Page): Promise<Locator> {
  return openDropdown(page, page.getByRole('button', { name: /用户菜单|User menu/ }));
}

export const switchToEnglish = (page: Page) => switchLanguage(page, 'en');
