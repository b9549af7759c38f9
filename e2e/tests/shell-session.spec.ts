import { expect, test } from '../support/test';
import {
  api,
  apiLogin,
  loginAs,
  openLogin,
  openUserMenu,
  setConfig,
  submitLogin,
  switchLanguage,
  switchToEnglish,
  TOKEN_KEY,
  topTitles,
  type MenuNode,
} from '../support/console';

/** Route guard, server-driven menus per role, badges, 217, logout, titles, language. */

test.describe('route guard', () => {
  test('not logged in: the wanted route is recorded and opened after login', async ({ page }) => {
    await page.goto('/#/jsjb/district/qu_blz');
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fjsjb%2Fdistrict%2Fqu_blz$/);
    await submitLogin(page, 'dispatcher');
    await expect(page).toHaveURL(/#\/jsjb\/district\/qu_blz$/);
    await expect(page.locator('.hl-view[data-view="/jsjb/district/qu_blz"]')).toBeVisible();
  });

  test('logged in: /login goes to /, / to the home route; unknown paths go to /404', async ({
    page,
  }) => {
    await loginAs(page, 'reviewer');
    await expect(page).toHaveURL(/#\/index$/);
    await page.goto('/#/login');
    await expect(page).toHaveURL(/#\/index$/);
    await page.goto('/#/no/such/page');
    await expect(page).toHaveURL(/#\/404$/);
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    // a route the server does not grant this user is unknown too
    await page.goto('/#/system/users');
    await expect(page).toHaveURL(/#\/404$/);
  });

  test('page title is the route title and the website name', async ({ page }) => {
    await loginAs(page, 'dispatcher');
    await page.goto('/#/jsjb/district/qu_dqs');
    await expect(page).toHaveTitle('待签收 - 12345接诉即办工单系统');
  });

  test('white-listed and test routes open without login; /auth is never "logged in"', async ({
    page,
  }) => {
    for (const path of [
      '/nopa',
      '/nopaml',
      '/403',
      '/404',
      '/test/order-event',
      '/test/order-modal',
      '/sms',
    ]) {
      await page.goto(`/#${path}`);
      await expect(page).toHaveURL(new RegExp(`#${path}$`));
    }
    await expect(page.locator('form#sms')).toBeVisible();
    await loginAs(page, 'admin');
    await page.goto('/#/auth');
    await expect(page).toHaveURL(/#\/auth$/);
    await expect(page.getByText('链接中缺少单点登录令牌（token）')).toBeVisible();
  });

  test('an invalid token resets the user and goes to login', async ({ page }) => {
    await page.goto('/#/login');
    await page.evaluate((key) => localStorage.setItem(key, 'not-a-token'), TOKEN_KEY);
    await page.goto('/#/jsjb/district/qu_dqs');
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });
});

test.describe('menus come from the server and differ by role', () => {
  for (const username of ['dispatcher', 'street1', 'dept1', 'visitor', 'leader']) {
    test(username, async ({ page, request }) => {
      const token = await loginAs(page, username);
      const menu = await api<{ list: MenuNode[] }>(
        request,
        'GET',
        '/api/rule/menu?ismenu=1',
        token,
      );
      const expected = topTitles(menu.list);
      const shown = await page.locator('.hl-column-item .hl-column-title').allTextContents();
      expect(shown).toEqual(expected);
    });
  }

  test('street and district users see different queue groups', async ({ page }) => {
    await loginAs(page, 'street1');
    await expect(page.locator('.hl-column-bar')).toContainText('街乡镇工单');
    await expect(page.locator('.hl-column-bar')).not.toContainText('区级工单');
    await page.evaluate(() => localStorage.clear());
    await loginAs(page, 'dispatcher');
    await expect(page.locator('.hl-column-bar')).toContainText('区级工单');
    await expect(page.locator('.hl-column-bar')).not.toContainText('街乡镇工单');
  });
});

test('badge counts come from the menu; the 99+ cap follows is_has_badge_99', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'dispatcher');
  const menu = await api<{ list: MenuNode[] }>(request, 'GET', '/api/rule/menu?ismenu=1', token);
  const district = menu.list.find((n) => n.path === '/jsjb/district');
  const completed = district?.children.find((c) => c.meta.menuId === 'qu_ybj');
  test.skip(typeof completed?.meta.badge !== 'number', 'the server sends no meta.badge yet');
  const count = completed?.meta.badge as number;
  expect(count, 'the completed queue holds more than 99 demo orders').toBeGreaterThan(99);

  await loginAs(page, 'dispatcher');
  await page.goto('/#/jsjb/district/qu_ybj');
  const badge = page.locator('.hl-side-menu [data-menu-id="qu_ybj"] .ant-badge');
  await expect(badge).toHaveText('99+');
  const before = await setConfig(request, 'is_has_badge_99', '0');
  try {
    await page.reload();
    await expect(badge).toHaveText(String(count));
  } finally {
    await setConfig(request, 'is_has_badge_99', before);
  }
  await page.reload();
  await expect(badge).toHaveText('99+');
});

test('an account without rule strings (217) lands on /nopaml', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin');
  // Built-in roles are read-only: the agent gets a custom role without rule strings instead.
  const agentToken = await apiLogin(request, 'agent');
  const uid = (
    await api<{ info: { uid: number } }>(request, 'GET', '/api/user/userInfo', agentToken)
  ).info.uid;
  const roles = await api<{ list: { id: number; name: string }[] }>(
    request,
    'POST',
    '/api/auth/get',
    admin,
    {},
  );
  const agentRole = roles.list.find((r) => r.name === 'agent');
  expect(agentRole).toBeTruthy();
  const empty = await api<{ id: number }>(request, 'POST', '/api/auth/set', admin, {
    name: 'e2e_no_rules',
    title: '无权限',
  });
  await api(request, 'POST', '/api/admin/batchupdategroup', admin, {
    userIds: [uid],
    groupIds: [empty.id],
  });
  try {
    await openLogin(page);
    await submitLogin(page, 'agent');
    await expect(page).toHaveURL(/#\/nopaml$/);
    await expect(page.getByText('当前账号未分配权限或菜单')).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  } finally {
    await api(request, 'POST', '/api/admin/batchupdategroup', admin, {
      userIds: [uid],
      groupIds: [agentRole?.id],
    });
    await api(request, 'POST', '/api/auth/delete', admin, { id: empty.id });
  }
});

test('logout clears all local storage and the server session', async ({ page, request }) => {
  const token = await loginAs(page, 'town1');
  await page.evaluate(() => localStorage.setItem('e2e-marker', '1'));
  await (await openUserMenu(page)).getByRole('menuitem', { name: /退出登录/ }).click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  const after = await request.get('/api/user/userInfo', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await after.json()) as { code: number }).code).toBe(401);
});

test('language switch translates the shell and the menu', async ({ page }) => {
  await loginAs(page, 'dispatcher');
  await switchToEnglish(page);
  await expect(page.locator('.hl-column-bar')).toContainText('District orders');
  await expect(page.getByRole('heading', { level: 3 })).toContainText(
    /^Good (morning|noon|afternoon|evening), /,
  );
  await expect(
    page.getByText('My queues').or(page.getByText('District orders')).first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await page.goto('/#/jsjb/district/qu_dqs');
  await expect(page).toHaveTitle('Pending sign - 12345接诉即办工单系统');
  await switchLanguage(page, 'zh');
  await expect(page.locator('.hl-column-bar')).toContainText('区级工单');
});
