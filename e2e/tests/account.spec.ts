import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { api, apiLogin, openLogin, openUserMenu, settle, submitLogin } from '../support/console';
import { pagesDir } from './support/list-helpers';

/**
 * The signed-in user's own password and session (issue 17 items 1 and 7): a user created with a
 * one-time password is kept on /password until they change it; anyone changes theirs from the
 * user menu (desktop and phone width); an administrator disabling a user or ending their
 * session sends their open console to the login page within seconds (push close 4402).
 */

interface AdminUser {
  id: number;
  username: string;
  unitId: number;
  groupIds: number[];
}

const NEW_PASSWORD = 'Harbour#2026';
let serial = 0;

/** A new street handler in street1's unit and role (望湖街道), with a one-time password. */
async function createStreetUser(
  request: APIRequestContext,
  admin: string,
): Promise<{ user: AdminUser; oneTimePassword: string }> {
  const found = await api<{ list: AdminUser[] }>(request, 'POST', '/api/admin/user/list', admin, {
    keyword: 'street1',
  });
  const model = found.list.find((u) => u.username === 'street1');
  expect(model, 'street1 listed').toBeTruthy();
  serial += 1;
  const username = `pw${Date.now().toString(36)}${serial}`;
  return api(request, 'POST', '/api/admin/user/create', admin, {
    username,
    realname: `改密${serial}`,
    unitId: model?.unitId,
    groupIds: model?.groupIds,
  });
}

/** A created user who has already changed the one-time password (an ordinary account). */
async function createOrdinaryUser(request: APIRequestContext, admin: string) {
  const { user, oneTimePassword } = await createStreetUser(request, admin);
  const login = await api<{ token: string }>(request, 'POST', '/api/login/password', undefined, {
    username: user.username,
    password: oneTimePassword,
  });
  await api(request, 'POST', '/api/user/changePassword', login.token, {
    oldPassword: oneTimePassword,
    newPassword: NEW_PASSWORD,
  });
  return user;
}

const passwordForm = (page: Page) => page.locator('form#change-password');

async function fillPasswordForm(page: Page, old: string, next: string, confirm = next) {
  const form = passwordForm(page);
  await form.getByLabel('原密码').fill(old);
  await form.getByLabel('新密码', { exact: true }).fill(next);
  await form.getByLabel('确认新密码').fill(confirm);
  await form.getByRole('button', { name: /确\s*认\s*修\s*改/ }).click();
}

async function loginToShell(page: Page, username: string, password: string) {
  await openLogin(page);
  await submitLogin(page, username, password);
  await expect(page.locator('[data-layout]')).toBeVisible();
}

test('a one-time password: kept on /password, wrong old password refused, then home', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const { user, oneTimePassword } = await createStreetUser(request, admin);

  await openLogin(page);
  await submitLogin(page, user.username, oneTimePassword);
  await expect(page).toHaveURL(/#\/password$/);
  await expect(page.getByTestId('password-forced')).toBeVisible();
  await expect(page.getByText('长度 8–64 位')).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${pagesDir()}/account-forced-1280.png` });

  // nothing else opens
  for (const path of ['/index', '/', '/jsjb/street/jd_dqs', '/404', '/login']) {
    await page.goto(`/#${path}`);
    await expect(page).toHaveURL(/#\/password$/);
  }
  await expect(passwordForm(page)).toBeVisible();

  // the form's own checks follow the policy
  await fillPasswordForm(page, oneTimePassword, 'abcdefgh', 'abcdefgh');
  await expect(
    passwordForm(page).getByText('密码须包含大写字母、小写字母、数字、符号中的至少 2 类'),
  ).toBeVisible();
  await fillPasswordForm(page, oneTimePassword, NEW_PASSWORD, `${NEW_PASSWORD}x`);
  await expect(passwordForm(page).getByText('两次输入的新密码不一致')).toBeVisible();

  // the server refuses a wrong old password at its field
  await fillPasswordForm(page, 'Wrong-pass-1', NEW_PASSWORD);
  await expect(passwordForm(page).getByText('原密码错误')).toBeVisible();
  await expect(page).toHaveURL(/#\/password$/);
  await page.screenshot({ path: `${pagesDir()}/account-wrong-old-1280.png` });

  await fillPasswordForm(page, oneTimePassword, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/index$/);
  await expect(page.locator('[data-layout]')).toBeVisible();
  await expect(page.getByText('密码已修改，其他设备上的登录已退出')).toBeVisible();

  // the new password is the password now
  const again = await api<{ token: string }>(request, 'POST', '/api/login/password', undefined, {
    username: user.username,
    password: NEW_PASSWORD,
  });
  const me = await api<{ mustChangePassword: boolean }>(
    request,
    'GET',
    '/api/user/userInfo',
    again.token,
  );
  expect(me.mustChangePassword).toBe(false);
});

for (const width of [1280, 390]) {
  test(`the user menu's 修改密码 at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    const admin = await apiLogin(request, 'admin');
    const user = await createOrdinaryUser(request, admin);
    await loginToShell(page, user.username, NEW_PASSWORD);

    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: '修改密码' })).toBeVisible();
    await page.screenshot({ path: `${pagesDir()}/account-user-menu-${width}.png` });
    await menu.getByRole('menuitem', { name: '修改密码' }).click();
    await expect(page).toHaveURL(/#\/password$/);
    await expect(page.getByTestId('password-forced')).toHaveCount(0);
    await expect(passwordForm(page)).toBeVisible();
    await settle(page);
    await page.screenshot({ path: `${pagesDir()}/account-password-${width}.png`, fullPage: true });
    // the form fits the screen
    const box = await passwordForm(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);

    // back leaves without a change
    await page.getByRole('button', { name: /返\s*回/ }).click();
    await expect(page).toHaveURL(/#\/index$/);

    await (await openUserMenu(page)).getByRole('menuitem', { name: '修改密码' }).click();
    await fillPasswordForm(page, NEW_PASSWORD, 'Lighthouse#7');
    await expect(page).toHaveURL(/#\/index$/);
    await expect(page.locator('[data-layout]')).toBeVisible();
    await api(request, 'POST', '/api/login/password', undefined, {
      username: user.username,
      password: 'Lighthouse#7',
    });
  });
}

test('a 403 "change your password first" from any request opens /password', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const user = await createOrdinaryUser(request, admin);
  await loginToShell(page, user.username, NEW_PASSWORD);
  // from now on the server (so to speak) wants a password change first
  await page.route('**/api/rule/menu**', (route) =>
    route.fulfill({
      status: 403,
      headers: { 'content-type': 'application/json', 'x-password-change-required': '1' },
      body: JSON.stringify({ code: 403, msg: '请先修改初始密码', data: null }),
    }),
  );
  await page.getByRole('button', { name: '刷新', exact: true }).click();
  await expect(page).toHaveURL(/#\/password$/);
  await expect(passwordForm(page)).toBeVisible();
});

test('disabled by an administrator: the open console is on the login page within seconds', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const user = await createOrdinaryUser(request, admin);
  await loginToShell(page, user.username, NEW_PASSWORD);
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'live');

  const started = Date.now();
  await api(request, 'POST', '/api/admin/user/disable', admin, { id: user.id });
  await expect(page).toHaveURL(/#\/login/, { timeout: 5_000 });
  await expect(page.getByText('账号已停用', { exact: true })).toBeVisible();
  expect(Date.now() - started).toBeLessThan(5_000);
  await page.screenshot({ path: `${pagesDir()}/account-disabled-1280.png` });
});

test('a session ended by an administrator: back to login, "login no longer valid"', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const user = await createOrdinaryUser(request, admin);
  await loginToShell(page, user.username, NEW_PASSWORD);
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'live');
  const detail = await api<{ sessions: { id: string; current: boolean }[] }>(
    request,
    'POST',
    '/api/admin/user/get',
    admin,
    { id: user.id },
  );
  // the console's session is the newest (the API login that changed the password ended)
  const live = detail.sessions;
  expect(live.length).toBeGreaterThan(0);
  for (const session of live) {
    await api(request, 'POST', '/api/admin/user/endSession', admin, {
      id: user.id,
      sessionId: session.id,
    });
  }
  await expect(page).toHaveURL(/#\/login/, { timeout: 5_000 });
  await expect(page.getByText('登录已失效，请重新登录')).toBeVisible();
});
