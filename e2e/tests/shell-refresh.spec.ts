import { expect, test, type Page } from '../support/test';
import { PASSWORD, TOKEN_KEY } from '../support/console';
import { startServer, type ExtraServer } from '../support/server';

/**
 * Token refresh against a real server whose access tokens live 5 s: three concurrent
 * requests meet 402 → one refresh → all retried; a refresh that fails rejects every queued
 * request and sends the user to login. Finally the server goes away.
 */

test.describe.configure({ mode: 'serial' });

const TTL_SECONDS = 5;
let server: ExtraServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // One above the suite's own server (runs side by side use ports 100 apart).
  server = await startServer(Number(process.env.E2E_PORT ?? 8181) + 1, {
    ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS),
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test.beforeEach(async ({ page }) => {
  // lets the test call the console's own request layer (window.__hotline.request)
  await page.addInitScript(() => {
    window.__HOTLINE_E2E__ = true;
  });
});

async function login(page: Page, username: string): Promise<string> {
  await page.goto(`${server.baseURL}/#/login`);
  await page.locator('input#login_username').fill(username);
  await page.locator('input#login_password').fill(PASSWORD);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page.locator('[data-layout]')).toBeVisible();
  return (await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)) as string;
}

/** Three requests at once through the console's request layer; their outcomes. */
function threeAtOnce(page: Page) {
  return page.evaluate(async () => {
    const request = window.__hotline?.request;
    if (!request) throw new Error('test hooks missing');
    const calls = [
      request('/user/userInfo'),
      request('/rule/menu', { query: { ismenu: 1 } }),
      request('/search/getList', { query: { keyword: '' } }),
    ];
    const timeout = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000));
    const settled = await Promise.race([Promise.allSettled(calls), timeout]);
    return settled === 'hung' ? 'hung' : settled.map((s) => s.status);
  });
}

test('402: three concurrent requests, exactly one refresh, all three retried', async ({ page }) => {
  test.setTimeout(60_000);
  const token = await login(page, 'dispatcher');
  const refreshes: string[] = [];
  const expired: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/refreshToken')) refreshes.push(r.url());
  });
  page.on('response', (r) => {
    if (r.status() === 402) expired.push(r.url());
  });
  await page.waitForTimeout((TTL_SECONDS + 1) * 1000);

  expect(await threeAtOnce(page)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  // Each of the three met the expiry; a request of the console's own that went out in the same
  // moment (the badge counts, on a slow machine) may meet it too, and waits for the same refresh.
  const expiredPaths = expired.map((url) => new URL(url).pathname);
  for (const path of ['/api/user/userInfo', '/api/rule/menu', '/api/search/getList']) {
    expect(expiredPaths).toContain(path);
  }
  expect(refreshes).toHaveLength(1);
  const fresh = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(fresh).toBeTruthy();
  expect(fresh).not.toBe(token);

  // and the console itself carries on after the next expiry
  await page.waitForTimeout((TTL_SECONDS + 1) * 1000);
  await page.getByRole('button', { name: '刷新' }).click();
  await page.locator('.hl-column-item', { hasText: '区级工单' }).click();
  await expect(page).toHaveURL(/#\/jsjb\/district\//);
  expect(refreshes.length).toBeGreaterThanOrEqual(2);
});

test('a failed refresh rejects every queued request (none hangs) and goes to login', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await login(page, 'reviewer');
  await page.waitForTimeout((TTL_SECONDS + 1) * 1000);
  // Someone else refreshes with this token; 10 s later it may not refresh again (rotation),
  // while the session stays alive (so requests with it, expired, still meet 402, not 401).
  const other = await request.get(`${server.baseURL}/api/refreshToken`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await other.json()) as { code: number }).code).toBe(200);
  await page.waitForTimeout(12_000);

  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/refreshToken')) refreshes.push(r.status());
  });
  expect(await threeAtOnce(page)).toEqual(['rejected', 'rejected', 'rejected']);
  expect(refreshes).toEqual([401]);
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.locator('.ant-message')).toContainText('登录已过期，请重新登录');
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
});

test('server down: the console says so in the user language', async ({ page }) => {
  await page.goto(`${server.baseURL}/#/login`);
  await expect(page.locator('form#login')).toBeVisible();
  // the English texts are a chunk the server serves: fetched while it is up (switching there and
  // back), so that the switch below works with the server down
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByPlaceholder('User name')).toBeVisible();
  await page.getByText('简体中文', { exact: true }).click();
  await expect(page.getByPlaceholder('用户名')).toBeVisible();
  await server.stop();
  await page.locator('input#login_username').fill('admin');
  await page.locator('input#login_password').fill(PASSWORD);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page.locator('.ant-message')).toContainText('无法连接服务器，请检查网络');
  await page.getByText('English', { exact: true }).click();
  await page.locator('form#login button[type="submit"]').click();
  await expect(page.locator('.ant-message')).toContainText(
    'cannot reach the server, check the network',
  );
  await expect(page.locator('form#login')).toBeVisible();
});
