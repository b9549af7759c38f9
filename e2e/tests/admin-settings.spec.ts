import { expect, test, type Locator } from '../support/test';
import { api, apiLogin, loginAs, switchLanguage } from '../support/console';
import { chooseOption, ok, openOrder, post, queue } from './support/detail-helpers';
import { openRoute } from './support/session';
import { SAVE, jsjbValues, openSettings, restore, setting, shot } from './support/admin-settings';

/**
 * 系统配置, 接口密钥, 操作日志 and force unlock, as an administrator does them in the console
 * (issue 17 items 5–8). Every setting a test changes is put back through the API afterwards:
 * the other specs share this server.
 */

test.describe('settings', () => {
  test('the website name is saved, shown at once and on a fresh login page; an invalid limit is refused on its field', async ({
    page,
    browser,
    request,
  }) => {
    const admin = await apiLogin(request, 'admin');
    const before = await jsjbValues(request, admin);
    const name = `望湖区接诉即办-${Date.now() % 100000}`;
    try {
      await loginAs(page, 'admin');
      await openSettings(page);

      // a typed form: a text box, a number with its unit, a switch, a select
      const website = page.getByRole('textbox', { name: '网站名称' });
      await expect(website).toHaveValue(before.website_name!);
      await expect(setting(page, 'limit_general_hours').getByRole('spinbutton')).toHaveValue('168');
      await expect(page.getByRole('switch', { name: '页面水印' })).toBeVisible();
      await expect(setting(page, 'overdue_warning_mode').locator('.ant-select')).toBeVisible();

      await website.fill(name);
      await expect(page.getByText('1 项修改未保存')).toBeVisible();
      const saved = page.waitForResponse((r) => r.url().endsWith(SAVE));
      await page.getByTestId('settings-save-jsjb').click();
      const reply = (await (await saved).json()) as {
        code: number;
        data: { changed: string[] };
      };
      expect(reply.code).toBe(200);
      // only the changed key was sent and changed
      expect(reply.data.changed).toEqual(['website_name']);
      await expect(page.getByText('已保存 1 项设置')).toBeVisible();

      // this console applies it at once: the title and the header's name
      await expect(page).toHaveTitle(new RegExp(`${name}$`));
      await expect(page.locator('.hl-logo').first()).toHaveAttribute('title', name);

      // a fresh browser's login page shows it
      const fresh = await browser.newContext({ locale: 'zh-CN' });
      const login = await fresh.newPage();
      await login.goto('/#/login');
      await expect(login.getByRole('heading', { name })).toBeVisible();
      await expect(login).toHaveTitle(new RegExp(name));
      await fresh.close();

      // 一般件办理时限 0: the field says why, nothing is sent, nothing saved
      const hours = setting(page, 'limit_general_hours').getByRole('spinbutton');
      await hours.fill('0');
      await hours.blur();
      const error = setting(page, 'limit_general_hours').locator('.ant-form-item-explain-error');
      await expect(error).toHaveText('须为 1 到 8760 之间的整数');
      let sent = false;
      const watch = (r: { url: () => string }) => {
        if (r.url().endsWith(SAVE)) sent = true;
      };
      page.on('request', watch);
      await page.getByTestId('settings-save-jsjb').click();
      await expect(page.getByText('请先更正标出的字段')).toBeVisible();
      page.off('request', watch);
      expect(sent).toBe(false);
      expect((await jsjbValues(request, admin)).limit_general_hours).toBe('168');

      // the server refuses it the same way, naming the field
      const refused = await post(request, SAVE, admin, {
        group: 'jsjb',
        values: { limit_general_hours: '0' },
      });
      expect(refused.code).toBe(400);
      expect(refused.msg).toContain('limit_general_hours');

      // discarding puts the stored value back
      await page.getByRole('button', { name: '撤销修改' }).click();
      await expect(hours).toHaveValue('168');
      await expect(error).toHaveCount(0);

      await shot(page, 'admin-settings-config-1280.png');

      // the same form in English
      await switchLanguage(page, 'en');
      await expect(page.getByRole('tab', { name: 'Hotline' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Website name' })).toHaveValue(name);
      await expect(setting(page, 'limit_general_hours')).toContainText('From 1 to 8760');
    } finally {
      await restore(request, { website_name: before.website_name! });
    }
  });

  test('页面水印 on: every page carries the watermark; voice alerts off: the sound options say so', async ({
    page,
    request,
  }) => {
    const admin = await apiLogin(request, 'admin');
    const before = await jsjbValues(request, admin);
    try {
      await loginAs(page, 'admin');
      await openSettings(page);
      await expect(page.locator('.hl-watermark-site')).toHaveCount(0);
      await page.getByRole('switch', { name: '页面水印' }).click();
      await page.getByRole('switch', { name: '语音播报' }).click();
      await page.getByTestId('settings-save-jsjb').click();
      await expect(page.getByText('已保存 2 项设置')).toBeVisible();

      // the watermark layer (real name, user name, date) over the content
      const mark = page.locator('.hl-watermark-site');
      await expect(mark).toHaveCount(1);
      await expect(mark.locator('div[style*="background-image"]').first()).toBeAttached();
      await shot(page, 'admin-settings-watermark-1280.png');

      // the header offers no voice icon; the theme drawer's sound tab says why
      await expect(page.getByTestId('voice-on')).toHaveCount(0);
      await expect(page.getByTestId('voice-off')).toHaveCount(0);
      await page.getByRole('button', { name: '主题配置' }).click();
      await page.getByRole('tab', { name: '声音设置' }).click();
      await expect(page.getByTestId('voice-disabled-by-site')).toBeVisible();
      await expect(page.locator('[data-setting="showVoiceSetting"] button')).toBeDisabled();
      await page.getByRole('tab', { name: '基础设置' }).click();
      await expect(page.locator('[data-setting="setWaterMarkStatus"]')).toContainText(
        '管理员已统一开启',
      );
      await page.keyboard.press('Escape');

      // another page of the console, after a reload: still watermarked
      await openRoute(page, '/system/keys');
      await page.reload();
      await expect(page.locator('.hl-watermark-site')).toHaveCount(1);
    } finally {
      await restore(request, {
        is_watermark: before.is_watermark ?? '0',
        is_voice_push: before.is_voice_push ?? '1',
      });
    }
  });
});

test('an integration key is shown once, listed, and revoked', async ({ page }) => {
  await loginAs(page, 'admin');
  await openRoute(page, '/system/keys');
  const keyName = `e2e-portal-${Date.now() % 100000}`;

  await page.getByTestId('key-create').click();
  const dialog = page.getByRole('dialog', { name: '新建接口密钥' });
  // a name the key command would refuse is refused here too
  await dialog.getByLabel('名称').fill('区 平台');
  await dialog.getByRole('button', { name: /^创\s?建$/ }).click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toContainText('字母、数字');
  await dialog.getByLabel('名称').fill(keyName);
  await dialog.getByRole('button', { name: /^创\s?建$/ }).click();

  const shown = page.getByRole('dialog', { name: '接口密钥已创建' });
  await expect(shown.getByText('关闭此窗口后密钥不会再次显示')).toBeVisible();
  const secret = (await shown.getByTestId('key-secret').innerText()).trim();
  expect(secret.length).toBeGreaterThanOrEqual(20);
  await shown.getByTestId('key-secret-done').click();
  await expect(shown).toHaveCount(0);
  // shown once: nowhere on the page any more
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByTestId('keys-table').locator('tr', { hasText: keyName });
  await expect(row).toContainText('有效');
  await row.getByTestId('key-revoke').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^吊\s?销$/ })
    .click();
  await expect(row).toContainText('已吊销');
  await expect(row.getByTestId('key-revoke')).toHaveCount(0);
  await shot(page, 'admin-settings-keys-1280.png');
});

test('force unlock: an administrator breaks a dispatcher’s lock with a reason, and the audit log lists it', async ({
  page,
  request,
}) => {
  const dispatcher = await apiLogin(request, 'dispatcher');
  const { list } = await queue(request, dispatcher, 'qu_dqs');
  const order = list[0]!;
  await ok(request, '/api/addons/jsjb/lock/assignLock', dispatcher, { id: order.id });
  const holder = await api<{ realname: string }>(request, 'GET', '/api/user/userInfo', dispatcher);

  await loginAs(page, 'admin');
  const dialog = await openOrder(page, order.id);
  const banner = dialog.getByTestId('detail-lock');
  await expect(banner).toHaveAttribute('data-lock', 'other');
  await expect(banner).toContainText(holder.realname);
  await banner.getByTestId('force-unlock').click();

  const modal = page.getByRole('dialog', { name: '强制解锁工单' });
  await expect(modal).toContainText(holder.realname);
  await modal.getByRole('button', { name: '强制解锁' }).click();
  await expect(modal.locator('.ant-form-item-explain-error')).toHaveText('请填写强制解锁的原因');
  const reason = `经办人离岗 ${Date.now() % 10000}`;
  await modal.getByLabel('原因').fill(reason);
  await shot(page, 'admin-settings-force-unlock-1280.png');
  await modal.getByRole('button', { name: '强制解锁' }).click();
  await expect(modal).toHaveCount(0);
  await expect(dialog.getByTestId('detail-lock')).toHaveCount(0);

  // the dispatcher no longer holds it
  const locks = await ok<{ list: { id: number }[] }>(
    request,
    '/api/addons/jsjb/Assignlock/getMyOrders',
    dispatcher,
    { pageNo: 1, pageSize: 100 },
  );
  expect(locks.list.map((o) => o.id)).not.toContain(order.id);
  await page.getByTestId('order-dialog-close').click();

  await openRoute(page, '/system/audit');
  const entry = page
    .getByTestId('audit-table')
    .locator('tr', { has: page.locator('[data-action="order.forceUnlock"]') })
    .first();
  await expect(entry).toContainText('强制解锁工单');
  await expect(entry).toContainText(order.orderNum);
  await expect(entry).toContainText(reason);
});

test('the audit log: the website-name change (old → new) and logins, filtered by action, exported to XLSX', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const before = await jsjbValues(request, admin);
  const name = `审计测试-${Date.now() % 100000}`;
  await ok(request, SAVE, admin, { group: 'jsjb', values: { website_name: name } });
  try {
    await loginAs(page, 'admin');
    await openRoute(page, '/system/audit');
    const table = page.getByTestId('audit-table');

    const change = table
      .locator('tr', { has: page.locator('[data-action="config.change"]') })
      .filter({ hasText: name })
      .first();
    await expect(change).toContainText('修改配置');
    await expect(change.locator('[data-change="website_name"]')).toContainText(
      `${before.website_name}`,
    );
    await expect(change.locator('[data-change="website_name"]')).toContainText(name);
    await expect(
      table.locator('tr', { has: page.locator('[data-action="login.success"]') }).first(),
    ).toContainText('admin');

    // filter by action: only setting changes are listed
    const listed = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/admin/audit/list') &&
        (r.request().postData() ?? '').includes('config.change'),
    );
    await chooseOption(page, page.locator('.hl-audit-action'), '修改配置');
    await listed;
    const actions = table.locator('tbody [data-action]');
    await expect(actions.first()).toBeVisible();
    expect(
      new Set(await actions.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))),
    ).toEqual(new Set(['config.change']));

    // export with the same filter: an xlsx download
    const downloading = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await file.path();
    expect(path).toBeTruthy();

    await shot(page, 'admin-settings-audit-1280.png');
  } finally {
    await restore(request, { website_name: before.website_name! });
  }
});

test('at 390 px: the forms stack, the tables scroll in their box, the dialogs fit', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await loginAs(page, 'admin');
  const fits = async (target: string | Locator) => {
    const locator = typeof target === 'string' ? page.locator(target).first() : target;
    await expect(locator).toBeVisible();
    const box = await locator.boundingBox();
    expect(box, String(target)).toBeTruthy();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(391);
  };
  // the page's own box does not overflow (a table scrolls inside its own container); the
  // shell's header is not this page's
  const contained = async (testId: string) => {
    await fits(`[data-testid="${testId}"]`);
    const box = page.getByTestId(testId);
    expect(await box.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), testId).toBe(true);
  };

  // 系统配置: one column, labelled controls
  await openSettings(page);
  await expect(page.getByRole('textbox', { name: '网站名称' })).toBeVisible();
  await fits('[data-setting="website_name"]');
  await contained('settings-page');
  await shot(page, 'admin-settings-config-390.png');
  await page.getByRole('tab', { name: '安全' }).click();
  await expect(page.getByTestId('settings-form-security')).toBeVisible();
  await shot(page, 'admin-settings-config-security-390.png');

  // 接口密钥: the table scrolls in its box; the new key's dialog fits
  await openRoute(page, '/system/keys');
  await page.getByTestId('key-create').click();
  const dialog = page.getByRole('dialog', { name: '新建接口密钥' });
  const phoneKey = `e2e-phone-${Date.now() % 100000}`;
  await dialog.getByLabel('名称').fill(phoneKey);
  await dialog.getByRole('button', { name: /^创\s?建$/ }).click();
  const shown = page.getByRole('dialog', { name: '接口密钥已创建' });
  await expect(shown.getByTestId('key-secret')).toBeVisible();
  await fits(shown);
  await shot(page, 'admin-settings-key-secret-390.png');
  await shown.getByTestId('key-secret-done').click();
  await contained('keys-page');
  await shot(page, 'admin-settings-keys-390.png');

  // 操作日志: filters stacked, the table scrolls sideways inside its box
  await openRoute(page, '/system/audit');
  await expect(
    page.getByTestId('audit-table').locator('tbody tr[data-row-key]').first(),
  ).toBeVisible();
  await fits('.hl-audit-filters');
  await contained('audit-page');
  // the table is wider than the phone: it scrolls sideways in its own box
  const scroller = page.getByTestId('audit-table').locator('.ant-table-content').first();
  expect(await scroller.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  await shot(page, 'admin-settings-audit-390.png');

  // force unlock from a phone
  const dispatcher = await apiLogin(request, 'dispatcher');
  const { list } = await queue(request, dispatcher, 'qu_dqs');
  const order = list[1] ?? list[0]!;
  await ok(request, '/api/addons/jsjb/lock/assignLock', dispatcher, { id: order.id });
  const detail = await openOrder(page, order.id);
  await detail.getByTestId('force-unlock').click();
  const modal = page.getByRole('dialog', { name: '强制解锁工单' });
  await modal.getByLabel('原因').fill('手机端强制解锁');
  await fits(modal);
  await shot(page, 'admin-settings-force-unlock-390.png');
  await modal.getByRole('button', { name: '强制解锁' }).click();
  await expect(detail.getByTestId('detail-lock')).toHaveCount(0);
  await context.close();

  // the phone's key is not left active for the other specs
  const admin = await apiLogin(request, 'admin');
  const keys = await ok<{ list: { id: number; name: string; revokedAt: string | null }[] }>(
    request,
    '/api/admin/key/list',
    admin,
  );
  for (const key of keys.list.filter((k) => k.name === phoneKey && !k.revokedAt)) {
    await ok(request, '/api/admin/key/revoke', admin, { id: key.id });
  }
});
