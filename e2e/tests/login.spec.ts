import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { ARTIFACTS, openUserMenu, switchLanguage } from '../support/console';

const PASSWORD = 'Demo@12345';
const ACCOUNTS = [
  'admin',
  'dispatcher',
  'reviewer',
  'visitor',
  'agent',
  'leader',
  'street1',
  'street2',
  'town1',
  'dept1',
  'dept2',
] as const;
const TOKEN_KEY = 'jsjb';

/** The home page's names of the built-in roles (web/src/i18n/zh-CN.ts `roleNames`). */
const ROLE_NAMES: Record<string, string> = {
  admin: '系统管理员',
  dispatcher: '区派单员',
  reviewer: '区审核员',
  visitor: '回访员',
  agent: '话务员',
  street: '街乡镇承办人',
  department: '部门承办人',
  leader: '领导',
};

interface MenuNode {
  id: number;
  meta: { title: string; titleEn: string; hidden: boolean };
  children: MenuNode[];
}

interface UserInfo {
  username: string;
  realname: string;
  roles: string[];
  info: { officeName: string };
}

/** Calls the API directly (to learn what the page should show) and unwraps the envelope. */
async function apiGet<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

function visibleTopLevel(list: MenuNode[]): MenuNode[] {
  return list.filter((node) => !node.meta.hidden);
}

async function openLogin(page: Page): Promise<void> {
  await page.goto('/#/login');
  await expect(page.locator('form#login')).toBeVisible();
}

async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  const form = page.locator('form#login');
  await form.locator('input#login_username').fill(username);
  await form.locator('input#login_password').fill(password);
  await form.locator('button[type="submit"]').click();
}

async function loginAs(page: Page, username: string): Promise<string> {
  await openLogin(page);
  await submitLogin(page, username, PASSWORD);
  // the console opens its home route
  await expect(page).toHaveURL(/#\/index$/);
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(token, 'token stored under localStorage key jsjb').toBeTruthy();
  return token as string;
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  // messages last 3 s; let them and antd's motion finish before a screenshot
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 5_000 });
  await page.waitForTimeout(500);
}

// The console must not log errors or throw; failed API calls (401 …) are expected, and
// Chromium logs those as "Failed to load resource".
let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
});
test.afterEach(() => {
  expect(consoleErrors, 'console errors').toEqual([]);
});

test.describe('login as every demo account', () => {
  for (const username of ACCOUNTS) {
    test(`${username} sees the home with realname and menu`, async ({ page, request }) => {
      const token = await loginAs(page, username);

      const user = await apiGet<UserInfo>(request, '/api/user/userInfo', token);
      expect(user.username).toBe(username);
      await expect(page.getByRole('heading', { level: 3 })).toContainText(user.realname);
      await expect(page.getByRole('heading', { level: 3 })).toContainText(
        /早上好|上午好|中午好|下午好|晚上好/,
      );
      if (user.info.officeName) await expect(page.getByText(user.info.officeName)).toBeVisible();
      // Built-in roles show their names (a role made in 角色权限 shows its key).
      for (const role of user.roles) {
        const name = ROLE_NAMES[role] ?? role;
        await expect(page.locator('.ant-tag', { hasText: name }).first()).toBeVisible();
      }

      const menu = await apiGet<{ list: MenuNode[] }>(request, '/api/rule/menu?ismenu=1', token);
      const top = visibleTopLevel(menu.list);
      expect(top.length, `${username} has menu entries`).toBeGreaterThan(0);
      const nav = page.getByRole('navigation');
      for (const node of top) {
        await expect(nav.getByText(node.meta.title, { exact: true }).first()).toBeVisible();
      }
      // the console shell (issue 3) replaced the foundation's placeholder home
      await expect(page.locator('[data-layout]')).toBeVisible();
    });
  }
});

test.describe('login form', () => {
  test('shows the login page with the website name', async ({ page, request }) => {
    await openLogin(page);
    const config = await request.post('/api/getWebConfig', { data: { group: 'jsjb' } });
    const body = (await config.json()) as {
      code: number;
      data: { lists: { name: string; value: string }[] };
    };
    expect(body.code).toBe(200);
    const websiteName = body.data.lists.find((entry) => entry.name === 'website_name')?.value;
    expect(websiteName, 'website_name is configured').toBeTruthy();
    await expect(page.getByRole('heading', { name: websiteName })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(websiteName as string));
    await settle(page);
    await page.screenshot({ path: `${ARTIFACTS}login-zh.png` });
  });

  test('empty user name', async ({ page }) => {
    await openLogin(page);
    await submitLogin(page, '', PASSWORD);
    await expect(page.getByText('用户名不能为空')).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('short password', async ({ page }) => {
    await openLogin(page);
    await submitLogin(page, 'admin', '12345');
    await expect(page.getByText('密码不能少于6位')).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('wrong password shows the server message', async ({ page }) => {
    await openLogin(page);
    await submitLogin(page, 'leader', 'Wrong@12345');
    await expect(page.locator('.ant-message')).toContainText('用户名或密码错误');
    await expect(page).toHaveURL(/#\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });
});

test.describe('session', () => {
  test('not logged in: the home redirects to /login', async ({ page }) => {
    await page.goto('/#/');
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.locator('form#login')).toBeVisible();
  });

  test('token in localStorage, logout clears it and returns to /login', async ({
    page,
    request,
  }) => {
    const token = await loginAs(page, 'admin');
    // the stored token is the one the server accepts
    const user = await apiGet<UserInfo>(request, '/api/user/userInfo', token);
    expect(user.username).toBe('admin');
    await expect(page.getByRole('heading', { level: 3 })).toContainText(user.realname);
    await settle(page);
    await page.screenshot({ path: `${ARTIFACTS}home-zh.png` });

    await page.evaluate(() => localStorage.setItem('e2e-marker', '1'));
    await (await openUserMenu(page)).getByRole('menuitem', { name: /退出登录/ }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.locator('form#login')).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // the server ended the session too
    const after = await request.get('/api/user/userInfo', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await after.json()) as { code: number };
    expect(body.code).not.toBe(200);

    // and the home is closed again
    await page.goto('/#/');
    await expect(page).toHaveURL(/#\/login$/);
  });
});

test.describe('language', () => {
  test('switching to English translates the login page, messages and home', async ({
    page,
    request,
  }) => {
    await openLogin(page);
    await page.getByText('English', { exact: true }).click();
    await expect(page.locator('button[type="submit"]')).toHaveText(/Log in/);
    await expect(page.getByPlaceholder('User name')).toBeVisible();
    await expect(page.getByText('Sign in', { exact: true })).toBeVisible();

    await submitLogin(page, '', 'abc');
    await expect(page.getByText('user name cannot be empty')).toBeVisible();
    await expect(page.getByText('password cannot be less than 6 digits')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: `${ARTIFACTS}login-en.png` });

    // the server answers in the page language
    await submitLogin(page, 'reviewer', 'Wrong@12345');
    await expect(page.locator('.ant-message')).toContainText('wrong user name or password');

    await submitLogin(page, 'admin', PASSWORD);
    await expect(page).toHaveURL(/#\/index$/);
    await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toContainText(
      /^Good (morning|noon|afternoon|evening), /,
    );
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: /Log out/ })).toBeVisible();
    await page.keyboard.press('Escape');

    const token = (await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)) as string;
    const menu = await apiGet<{ list: MenuNode[] }>(request, '/api/rule/menu?ismenu=1', token);
    const nav = page.getByRole('navigation');
    for (const node of visibleTopLevel(menu.list)) {
      await expect(
        nav.getByText(node.meta.titleEn || node.meta.title, { exact: true }).first(),
      ).toBeVisible();
    }
    await settle(page);
    await page.screenshot({ path: `${ARTIFACTS}home-en.png` });

    // and back to Chinese (the shell's language menu)
    await switchLanguage(page, 'zh');
    await expect(page.getByRole('button', { name: '搜索' })).toBeVisible();
  });

  test('the English texts are fetched only for English; a failed fetch keeps Chinese and says so', async ({
    page,
  }) => {
    const ENGLISH_CHUNK = /\/assets\/en-US-[^/]*\.js$/;
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (ENGLISH_CHUNK.test(new URL(r.url()).pathname)) fetched.push(r.url());
    });
    await openLogin(page);
    await expect(page.getByPlaceholder('用户名')).toBeVisible();
    expect(fetched).toEqual([]);

    // the chunk cannot be fetched: the page stays Chinese, says why, and remembers nothing
    await page.route(ENGLISH_CHUNK, (route) => route.abort());
    await page.getByText('English', { exact: true }).click();
    await expect(page.locator('.ant-message')).toContainText('语言包未能下载');
    await expect(page.getByPlaceholder('用户名')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).not.toBe('en-US');

    // the network is back: the switch works
    await page.unroute(ENGLISH_CHUNK);
    await page.getByText('English', { exact: true }).click();
    await expect(page.getByPlaceholder('User name')).toBeVisible();
    expect(fetched.length).toBeGreaterThan(0);

    // a console stored in English starts in English (its first render waits for the texts)
    await page.reload();
    await expect(page.getByPlaceholder('User name')).toBeVisible();
    await expect(page.locator('button[type="submit"]')).toHaveText(/Log in/);
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });
});
