import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/test';
import { SignJWT } from 'jose';
import {
  apiLogin,
  openLogin,
  setConfig,
  smsCodeFromLog,
  SSO_SECRET,
  submitLogin,
  TOKEN_KEY,
} from '../support/console';

/** Login methods: SMS, single sign-on, RSA; scan and callback; the configured login path. */

test('SMS login: validation messages, the code from the simulator, then the console', async ({
  page,
}) => {
  await openLogin(page);
  await page.getByText('短信登录').click();
  const form = page.locator('form#sms');
  await form.getByRole('button', { name: /获取验证码/ }).click();
  await expect(form).toContainText('请输入正确的手机号');
  await form.locator('input#sms_mobile').fill('12345');
  await form.locator('button[type="submit"]').click();
  await expect(form).toContainText('请输入正确的手机号');
  await expect(form).toContainText('请输入手机验证码');

  // One code a minute per number: a retry (same server, seconds later) uses another account's.
  const mobile = test.info().retry === 0 ? '13800000002' : '13800000003';
  await form.locator('input#sms_mobile').fill(mobile);
  await form.getByRole('button', { name: /获取验证码/ }).click();
  await expect(page.locator('.ant-message')).toContainText('验证码已发送');
  await expect(form.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  let code: string | null = null;
  await expect.poll(() => (code = smsCodeFromLog(mobile)), { timeout: 10_000 }).not.toBeNull();
  await form.locator('input#sms_code').fill(code ?? '');
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-layout]')).toBeVisible();
  await expect(page.locator('.hl-user-name')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();
});

test('SSO: /auth?token= exchanges a signed token; a bad one is refused with the reason', async ({
  page,
}) => {
  const now = Math.floor(Date.now() / 1000);
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('leader')
    .setAudience('hotline-12345')
    .setIssuedAt(now)
    .setExpirationTime(now + 120)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(SSO_SECRET));
  await page.goto(`/#/auth?token=${jwt}`);
  await expect(page.locator('[data-layout]')).toBeVisible();
  await expect(page).toHaveURL(/#\/index$/);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/#/auth?token=not-a-jwt');
  await expect(page.getByText('单点登录失败')).toBeVisible();
  await expect(page.getByRole('button', { name: '返回登录' })).toBeVisible();
});

test('RSA on: the password travels encrypted and the login works', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin');
  const before = await setConfig(request, 'login_rsa', '1', admin);
  try {
    await openLogin(page);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/login/password'));
    await submitLogin(page, 'reviewer');
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['param']);
    expect(String(body.param)).not.toContain('Demo@12345');
    await expect(page.locator('[data-layout]')).toBeVisible();
  } finally {
    await setConfig(request, 'login_rsa', before, admin);
  }
});

test('scan and callback say when they are not enabled, and run when they are', async ({
  page,
  request,
}) => {
  await page.goto('/#/scan');
  await expect(page.getByText('扫码登录未启用')).toBeVisible();
  await page.goto('/#/callback');
  await expect(page.getByText('第三方回调登录未启用')).toBeVisible();
  const before = await setConfig(request, 'login_scan', '1');
  try {
    await page.goto('/#/scan');
    await page.reload(); // the web config is cached for the page's life
    // the flow runs against the server, which answers that this deployment has no scan service
    await expect(page.getByText('扫码登录暂不可用')).toBeVisible();
    await expect(page.locator('.ant-result-subtitle')).not.toBeEmpty();
  } finally {
    await setConfig(request, 'login_scan', before);
  }
});

test('/login goes to the configured login path', async ({ page, request }) => {
  const before = await setConfig(request, 'login_path', '/sms');
  try {
    await page.goto('/#/login');
    await expect(page).toHaveURL(/#\/sms$/);
    await expect(page.locator('form#sms')).toBeVisible();
  } finally {
    await setConfig(request, 'login_path', before);
  }
});

test('order dialog test route: drag, full screen, minimise, every width', async ({ page }) => {
  await page.goto('/#/test/order-modal');
  await page.getByText('1400px', { exact: true }).click();
  await page.getByRole('button', { name: /打开弹窗/ }).click();
  const frame = page.locator('.hl-dialog-frame');
  const dialog = page.locator('.hl-dialog');
  await expect(frame).toHaveAttribute('data-state', 'normal');
  // 1400 px, narrowed by antd to the 1280 px viewport less its margins
  await expect.poll(async () => (await dialog.boundingBox())?.width ?? 0).toBeGreaterThan(1200);

  const bar = page.getByTestId('dialog-titlebar');
  const start = await frame.boundingBox();
  const handle = await bar.boundingBox();
  await page.mouse.move((handle?.x ?? 0) + 40, (handle?.y ?? 0) + 10);
  await page.mouse.down();
  await page.mouse.move((handle?.x ?? 0) + 40, (handle?.y ?? 0) + 110, { steps: 5 });
  await page.mouse.up();
  const moved = await frame.boundingBox();
  expect((moved?.y ?? 0) - (start?.y ?? 0)).toBeGreaterThan(50);

  await page.getByRole('button', { name: '全屏', exact: true }).click();
  await expect(frame).toHaveAttribute('data-state', 'fullscreen');
  await expect.poll(async () => (await dialog.boundingBox())?.width ?? 0).toBeGreaterThan(1270);
  await page.getByRole('button', { name: '最小化' }).click();
  await expect(frame).toHaveAttribute('data-state', 'minimized');
  await expect(page.locator('.hl-dialog .ant-modal-body')).toBeHidden();
  await page.getByRole('button', { name: '还原' }).click();
  await expect(frame).toHaveAttribute('data-state', 'normal');
  await page.locator('.hl-dialog').getByRole('button', { name: '关闭' }).first().click();

  for (const width of [1100, 1000, 900, 780, 600]) {
    await page.getByText(`${width}px`, { exact: true }).click();
    await page.getByRole('button', { name: /打开弹窗/ }).click();
    await expect(frame).toBeVisible();
    // measured once the opening animation is over
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(width);
    await page.locator('.hl-dialog').getByRole('button', { name: '关闭' }).first().click();
    await expect(frame).toBeHidden();
  }
});

test('order event test route lists the events raised in the page', async ({ page }) => {
  await page.goto('/#/test/order-event');
  await expect(page.getByText('尚未收到事件')).toBeVisible();
  await page.getByRole('button', { name: /触发测试事件/ }).click();
  await expect(page.locator('.ant-list-item')).toHaveCount(1);
});

test('runtime errors are collected in the "system exception capture" dialog', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.locator('form#login')).toBeVisible();
  await submitLogin(page, 'admin');
  await expect(page.locator('[data-layout]')).toBeVisible();
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e runtime error');
    });
  });
  await page.getByRole('button', { name: '系统异常捕获' }).click();
  await expect(page.locator('.hl-dialog')).toContainText('e2e runtime error');
});

test.describe('Internet Explorer', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko' });
  test('gets a warning to switch browsers', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.locator('.hl-ie-warning')).toContainText('本系统不支持 IE');
  });
});
