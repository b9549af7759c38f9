import { expect, test, type Locator, type Page } from '../support/test';
import {
  api,
  apiLogin,
  loginAs,
  openUserMenu,
  setConfig,
  submitLogin,
  TOKEN_KEY,
} from '../support/console';
import { clockOff } from './support/session';

/** Theme drawer rules, random skin, watermark and the top-bar tools. */

const drawer = (page: Page) => page.locator('.hl-theme-drawer');
const setting = (page: Page, name: string) => drawer(page).locator(`[data-setting="${name}"]`);

async function openDrawer(page: Page, tab?: RegExp) {
  await page.getByRole('button', { name: /主题配置|Theme settings/ }).click();
  await expect(drawer(page)).toBeVisible();
  if (tab) await drawer(page).getByRole('tab', { name: tab }).click();
}

async function expectEnabled(control: Locator, enabled: boolean) {
  if (enabled) await expect(control).toBeEnabled();
  else await expect(control).toBeDisabled();
}

const storedTheme = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('theme') ?? '{}') as Record<string, unknown>);

test('settings enable rules, saved under "theme", restore defaults', async ({ page }) => {
  await loginAs(page, 'dispatcher');
  await openDrawer(page, /声音设置/);
  // sound options only while sound is on
  const sound = ['audioset_loop', 'audioset_voice', 'audioset_volumn', 'audioset_lists'];
  await expectEnabled(setting(page, 'audioset_loop').getByRole('switch'), true);
  await setting(page, 'showVoiceSetting').getByRole('switch').click();
  for (const name of sound)
    await expect(
      setting(page, name)
        .locator(
          '.ant-switch-disabled, .ant-radio-wrapper-disabled, .ant-slider-disabled, .ant-select-disabled',
        )
        .first(),
    ).toBeVisible();
  expect((await storedTheme(page)).showVoiceSetting).toBe(false);
  // …and the voice icon leaves the top bar
  await expect(page.getByTestId('voice-on')).toHaveCount(0);
  await setting(page, 'showVoiceSetting').getByRole('switch').click();
  await expectEnabled(setting(page, 'audioset_loop').getByRole('switch'), true);

  await drawer(page)
    .getByRole('tab', { name: /风格设置/ })
    .click();
  // tab icon and style only with tabs
  await setting(page, 'showTabs').getByRole('switch').click();
  await expectEnabled(setting(page, 'showTabsIcon').getByRole('switch'), false);
  await expect(setting(page, 'tabsBarStyle').locator('.ant-select-disabled')).toBeVisible();
  await expect(page.getByTestId('tabs-bar')).toHaveCount(0);
  await setting(page, 'showTabs').getByRole('switch').click();
  await expectEnabled(setting(page, 'showTabsIcon').getByRole('switch'), true);
  await expect(page.getByTestId('tabs-bar')).toBeVisible();

  const layout = (name: string) => drawer(page).locator(`[data-layout-option="${name}"]`);
  // column style only in the column layout
  await layout('column').click();
  await expect(setting(page, 'columnStyle').locator('.ant-select-disabled')).toHaveCount(0);
  await layout('vertical').click();
  await expect(setting(page, 'columnStyle').locator('.ant-select-disabled')).toBeVisible();
  // menu background not in float and horizontal
  for (const name of ['float', 'horizontal']) {
    await layout(name).click();
    await expect(
      setting(page, 'background').locator('.ant-radio-button-wrapper-disabled'),
    ).toHaveCount(2);
  }
  await layout('vertical').click();
  await expect(
    setting(page, 'background').locator('.ant-radio-button-wrapper-disabled'),
  ).toHaveCount(0);
  // fixed header not in the common layout
  await layout('common').click();
  await expectEnabled(setting(page, 'fixedHeader').getByRole('switch'), false);
  await layout('vertical').click();
  await expectEnabled(setting(page, 'fixedHeader').getByRole('switch'), true);

  expect(await storedTheme(page)).toMatchObject({ layout: 'vertical', showTabs: true });
  await drawer(page)
    .getByRole('button', { name: /恢复默认/ })
    .click();
  expect(await storedTheme(page)).toMatchObject({
    layout: 'column',
    themeName: 'blue-black',
    showTabs: true,
    audioset_volumn: 100,
    audioset_voice: 2,
  });
  await expect(page.locator('[data-layout="column"]')).toBeVisible();

  // the dispatcher (/jsjb/dw#/jsjb/case) sees the auto-jump settings; call-back ones are not theirs
  await drawer(page)
    .getByRole('tab', { name: /基础设置/ })
    .click();
  await expect(setting(page, 'saveAutoJumpOrder')).toBeVisible();
  await expect(setting(page, 'huifangAutoJumpOrder')).toHaveCount(0);
});

test('street users see no auto-jump settings', async ({ page }) => {
  await loginAs(page, 'street1');
  await openDrawer(page, /基础设置/);
  await expect(setting(page, 'showSearch')).toBeVisible();
  await expect(setting(page, 'saveAutoJumpOrder')).toHaveCount(0);
});

test('random skin changes theme, column style, background, tab style and icon; loader closes after 1 s', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const before = await storedTheme(page);
  await openDrawer(page);
  // The page records the time from the click to the loader closing. Timers never fire early,
  // so this is at least 1 s however loaded the machine is (a late observer cannot shorten it).
  await page.evaluate(() => {
    const record = window as unknown as { skinLoader?: number };
    let clickedAt = 0;
    let seen = false;
    document.addEventListener('click', () => (clickedAt = performance.now()), {
      capture: true,
      once: true,
    });
    const observer = new MutationObserver(() => {
      const present = document.querySelector('.ant-spin-fullscreen') !== null;
      if (present) seen = true;
      if (!present && seen && clickedAt) {
        observer.disconnect();
        record.skinLoader = performance.now() - clickedAt;
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await drawer(page)
    .getByRole('button', { name: /随机换肤/ })
    .click();
  const handle = await page.waitForFunction(
    () => (window as unknown as { skinLoader?: number }).skinLoader,
    null,
    { timeout: 5_000 },
  );
  const shown = (await handle.jsonValue()) as number;
  expect(shown).toBeGreaterThanOrEqual(1_000);
  expect(shown).toBeLessThan(4_000);
  const after = await storedTheme(page);
  const defaults = {
    themeName: 'blue-black',
    columnStyle: 'card',
    background: 'none',
    tabsBarStyle: 'smart',
    showTabsIcon: true,
    layout: 'column',
  };
  const was = { ...defaults, ...before };
  for (const key of Object.keys(defaults))
    expect(after[key], key).not.toEqual(was[key as keyof typeof was]);
  await expect(page.locator(`[data-layout="${String(after.layout)}"]`)).toBeVisible();
  await expect(page.locator('.hl-shell')).toHaveAttribute('data-theme', String(after.themeName));
});

test('watermark with the user name when setWaterMarkStatus is on', async ({ page }) => {
  await loginAs(page, 'reviewer');
  await expect(page.locator('.hl-watermark')).toHaveCount(0);
  await openDrawer(page, /基础设置/);
  await setting(page, 'setWaterMarkStatus').getByRole('switch').click();
  await expect(page.locator('.hl-watermark')).toBeVisible();
});

test('voice icon stores voice_push 1/0, on by default', async ({ page }) => {
  await loginAs(page, 'visitor');
  await expect(page.getByTestId('voice-on')).toBeVisible();
  await page.getByTestId('voice-on').click();
  await expect(page.getByTestId('voice-off')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('voice_push'))).toBe('0');
  await page.reload();
  await expect(page.getByTestId('voice-off')).toBeVisible();
  await page.getByTestId('voice-off').click();
  expect(await page.evaluate(() => localStorage.getItem('voice_push'))).toBe('1');
});

test('full screen failure says "enabling full screen failed"', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.evaluate(() => {
    Element.prototype.requestFullscreen = () => Promise.reject(new Error('denied'));
  });
  await page.getByRole('button', { name: '全屏' }).click();
  await expect(page.locator('.ant-message')).toContainText('开启全屏失败');
});

test('search: menu entries and server suggestions open their page', async ({ page }) => {
  await loginAs(page, 'dispatcher');
  await page.getByRole('button', { name: '搜索' }).click();
  const dialog = page.locator('.hl-search-dialog');
  await dialog.getByRole('textbox').fill('签收');
  // the server's suggestion and the dispatcher's own menu entry
  await expect(dialog.getByRole('option', { name: /区级待签收/ })).toBeVisible();
  await expect(dialog.getByRole('option', { name: /今日已签收/ })).toBeVisible();
  await dialog.getByRole('option', { name: /区级待签收/ }).click();
  await expect(page).toHaveURL(/#\/jsjb\/district\/qu_dqs$/);
  await page.getByRole('button', { name: '搜索' }).click();
  await dialog.getByRole('textbox').fill('zzz-no-such');
  await expect(dialog.getByRole('option', { name: /在网络上搜索/ })).toBeVisible();
});

test('search: an order number opens the order; any text searches the orders page', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'dispatcher');
  const found = await api<{ list: { id: number; orderNum: string }[] }>(
    request,
    'POST',
    '/api/addons/jsjb/lists/search',
    token,
    { pageNo: 1, pageSize: 10 },
  );
  const order = found.list[0]!;
  await loginAs(page, 'dispatcher');
  await page.getByRole('button', { name: '搜索' }).click();
  const dialog = page.locator('.hl-search-dialog');
  await dialog.getByRole('textbox').fill(order.orderNum.toLowerCase());
  const direct = dialog.getByRole('option', { name: new RegExp(`工单 ${order.orderNum}：`) });
  await expect(direct).toBeVisible();
  // the order comes first: Enter opens it
  await dialog.getByRole('textbox').press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/jsjb/order/${order.id}$`));
  await page.getByRole('button', { name: '搜索' }).click();
  await dialog.getByRole('textbox').fill('路灯');
  await dialog.getByRole('option', { name: /在工单查询中搜索“路灯”/ }).click();
  await expect(page).toHaveURL(/#\/jsjb\/orders\?keyword=%E8%B7%AF%E7%81%AF$/);
});

test('a session that ended sends the user to login, and back after signing in', async ({
  page,
}) => {
  await loginAs(page, 'dispatcher');
  await page.goto('/#/jsjb/district/qu_blz');
  await expect(page.locator('.ant-table, .hl-order-cards').first()).toBeVisible();
  // the server no longer knows the session (as after its twelve hours, or a revocation)
  await page.evaluate((key) => localStorage.setItem(key, 'no-such-token'), TOKEN_KEY);
  await page.getByRole('button', { name: /刷新/ }).first().click();
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  await expect(page.locator('.ant-message')).toContainText('登录');
  await submitLogin(page, 'dispatcher');
  await expect(page).toHaveURL(/#\/jsjb\/district\/qu_blz/);
});

test('signing out opens the login page without an error', async ({ page }) => {
  await loginAs(page, 'dispatcher');
  const user = await openUserMenu(page);
  await user.getByText('退出登录').click();
  await expect(page).toHaveURL(/#\/login$/);
  await page.waitForTimeout(500);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
});

test('notices: empty list, no dot; clearing says so', async ({ page }) => {
  await loginAs(page, 'dispatcher');
  await page.getByRole('button', { name: '消息通知' }).click();
  await expect(page.getByTestId('notice-panel')).toContainText('暂无消息');
  await expect(page.locator('[data-testid="notice-dot"] .ant-badge-dot')).toHaveCount(0);
  await page.getByRole('button', { name: /清空消息/ }).click();
  await expect(page.locator('.ant-message')).toContainText('清空消息成功');
});

test('call-bar slot only with is_waihu and /jsjb/dw#/jsjb/case', async ({ page, request }) => {
  // the demo turns is_heyi_waihu on; switch it off to see the bar follow is_waihu alone
  const heyi = await setConfig(request, 'is_heyi_waihu', '0');
  const before = await setConfig(request, 'is_waihu', '0');
  try {
    await loginAs(page, 'dispatcher');
    await expect(page.getByTestId('call-bar-slot')).toHaveCount(0);
    await setConfig(request, 'is_waihu', '1');
    await page.reload();
    await expect(page.getByTestId('call-bar-slot')).toBeVisible();
    await page.evaluate(() => localStorage.clear());
    await loginAs(page, 'street1');
    await expect(page.getByTestId('call-bar-slot')).toHaveCount(0);
  } finally {
    await setConfig(request, 'is_waihu', before);
    await setConfig(request, 'is_heyi_waihu', heyi);
  }
});

test('clock-in dialog for dispatchers posts the clock-in call', async ({ page, request }) => {
  // off duty, as an earlier try may not have left them
  await clockOff(request, 'dispatcher', 2);
  await loginAs(page, 'dispatcher');
  await (await openUserMenu(page)).getByRole('menuitem', { name: /签到/ }).click();
  const dialog = page.locator('.hl-dialog');
  await expect(dialog).toContainText('派单员');
  const call = page.waitForRequest((r) =>
    r.url().endsWith('/api/addons/jsjb/huifang/huifangClock'),
  );
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  const body = (await call).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ userName: 'dispatcher', clockStatus: 1, clockType: 2 });
  // the server's message is shown
  await expect(page.locator('.ant-message')).toContainText('签到成功，当前在岗');
});

test.describe('notices fed through the push-channel entry point', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.__HOTLINE_E2E__ = true;
    });
  });

  test('items with "view", a dot on the bell and the menu; clearing removes every dot', async ({
    page,
  }) => {
    await loginAs(page, 'dispatcher');
    // what the push client calls for an incoming order notice
    await page.evaluate(() => {
      const hooks = window.__hotline as unknown as {
        addNotice: (n: { msg: string; orderNum: string; assignId: number; menuId: string }) => void;
      };
      hooks.addNotice({
        msg: '您有新的待签收工单',
        orderNum: 'E2E-0001',
        assignId: 1,
        menuId: 'qu_dqs',
      });
    });
    await expect(page.locator('[data-testid="notice-dot"] .ant-badge-dot')).toHaveCount(1);
    await page.locator('.hl-column-item', { hasText: '区级工单' }).click();
    // the queue shows a count badge (the server's count); the branch strip shows the dot
    await expect(
      page.locator('.hl-column-item', { hasText: '区级工单' }).locator('.hl-column-dot'),
    ).toBeVisible();
    await page.getByRole('button', { name: '消息通知' }).click();
    const panel = page.getByTestId('notice-panel');
    await expect(panel).toContainText('您有新的待签收工单');
    await expect(panel).toContainText('E2E-0001');
    // "view" opens the order named by the notice (assignId) in the detail dialog
    await panel.getByRole('button', { name: /查\s*看/ }).click();
    const dialog = page.getByTestId('order-dialog');
    await expect(dialog.locator('[data-order-id="1"]')).toBeVisible();
    await page.getByTestId('order-dialog-close').click();
    await expect(dialog.locator('[data-order-id="1"]')).toBeHidden();
    await page.getByRole('button', { name: '消息通知' }).click();
    await panel.getByRole('button', { name: /清空消息/ }).click();
    await expect(page.locator('.ant-message')).toContainText('清空消息成功');
    await expect(page.locator('[data-testid="notice-dot"] .ant-badge-dot')).toHaveCount(0);
    await expect(page.locator('.hl-menu-dot')).toHaveCount(0);
  });
});
