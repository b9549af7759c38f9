import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '../support/test';
import { ARTIFACTS, api, apiLogin, loginAs, settle, switchToEnglish } from '../support/console';

/** Each of the six layouts renders its own structure; screenshots in both languages. */

const SHOTS = `${ARTIFACTS}layouts/`;
mkdirSync(SHOTS, { recursive: true });

const LAYOUTS = ['column', 'comprehensive', 'vertical', 'horizontal', 'common', 'float'] as const;
type Layout = (typeof LAYOUTS)[number];

async function chooseLayout(page: Page, layout: Layout): Promise<void> {
  await page.getByRole('button', { name: /主题配置|Theme settings/ }).click();
  const drawer = page.locator('.hl-theme-drawer');
  await expect(drawer).toBeVisible();
  await drawer.locator(`[data-layout-option="${layout}"]`).click();
  await expect(drawer.locator(`[data-layout-option="${layout}"]`)).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();
  await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible();
}

/** What makes each layout itself. */
async function expectStructure(page: Page, layout: Layout, english: boolean): Promise<void> {
  const group = english ? 'District orders' : '区级工单';
  const queue = english ? 'Pending sign' : '待签收';
  const root = page.locator(`[data-layout="${layout}"]`);
  const columnBar = root.locator('.hl-column-bar');
  const sider = root.locator('aside.hl-sider');
  const topMenu = root.locator('.hl-top-menu');
  switch (layout) {
    case 'column':
      await expect(columnBar.locator('.hl-column-item')).not.toHaveCount(0);
      await expect(root.locator('.hl-sider-second .hl-side-menu')).toBeVisible();
      await expect(topMenu).toHaveCount(0);
      break;
    case 'comprehensive':
      await expect(root.locator('.hl-navbar .hl-top-menu')).toBeVisible();
      await expect(sider.locator('.hl-side-menu')).toBeVisible();
      // the side shows only the active branch: the first level is not in it
      await expect(sider.getByText(group, { exact: true })).toHaveCount(0);
      await expect(sider.getByText(queue, { exact: true })).toBeVisible();
      await expect(columnBar).toHaveCount(0);
      break;
    case 'vertical':
      await expect(sider.locator('.hl-side-menu.ant-menu-inline')).toBeVisible();
      await expect(sider.getByText(group, { exact: true })).toBeVisible();
      await expect(topMenu).toHaveCount(0);
      await expect(columnBar).toHaveCount(0);
      break;
    case 'horizontal':
      await expect(root.locator('header.hl-topbar .hl-top-menu')).toBeVisible();
      await expect(sider).toHaveCount(0);
      break;
    case 'common':
      await expect(root.locator('header.hl-topbar')).toBeVisible();
      await expect(sider.locator('.hl-side-menu')).toBeVisible();
      await expect(root.locator('.hl-tabs-bar .hl-fold')).toBeVisible();
      await expect(root.locator('.hl-navbar')).toHaveCount(0);
      break;
    case 'float':
      await expect(
        root.locator('aside.hl-sider-float .hl-side-menu.ant-menu-vertical'),
      ).toBeVisible();
      await expect(topMenu).toHaveCount(0);
      break;
  }
}

test('every layout renders its own structure, in Chinese and English', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  await page.goto('/#/jsjb/district/qu_dqs');
  await expect(page.locator('.hl-view[data-view="/jsjb/district/qu_dqs"]')).toBeVisible();
  for (const language of ['zh', 'en'] as const) {
    if (language === 'en') {
      await switchToEnglish(page);
    }
    for (const layout of LAYOUTS) {
      await chooseLayout(page, layout);
      await expectStructure(page, layout, language === 'en');
      await settle(page);
      await page.screenshot({ path: `${SHOTS}${layout}-${language}.png` });
    }
  }
  // English everywhere in the shell once switched
  await expect(page.getByText('Pending sign', { exact: true }).first()).toBeVisible();
});

test('a page outside the menu (工单查询) keeps the queues the user came from in the column', async ({
  page,
}) => {
  await loginAs(page, 'dispatcher');
  await page.goto('/#/jsjb/district/qu_dqs');
  const second = page.locator('[data-layout="column"] .hl-sider-second');
  await expect(second.locator('.hl-second-title')).toHaveText('区级工单');
  await page.evaluate(() => (window.location.hash = '#/jsjb/orders'));
  await expect(page.locator('.hl-view[data-view="/jsjb/orders"]')).toBeVisible();
  await expect(second.locator('.hl-second-title')).toHaveText('区级工单');
  await expect(second.getByRole('menuitem', { name: /待签收/ })).toBeVisible();
});

test('a viewport under 992 px forces vertical with a folded sidebar; desktop restores', async ({
  page,
}) => {
  await loginAs(page, 'dispatcher');
  await chooseLayout(page, 'horizontal');
  await page.setViewportSize({ width: 800, height: 900 });
  const mobile = page.locator('[data-layout="vertical"]');
  await expect(mobile).toBeVisible();
  await expect(mobile).toHaveAttribute('data-collapsed', 'true');
  await expect(mobile.locator('aside.hl-sider')).toHaveClass(/is-collapsed/);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}mobile-zh.png` });

  // the layout choice is disabled on mobile
  await page.getByRole('button', { name: '主题配置' }).click();
  const options = page.locator('.hl-theme-drawer [data-layout-option]');
  await expect(options).toHaveCount(6);
  for (const option of await options.all()) await expect(option).toBeDisabled();
  await page.locator('.hl-theme-drawer .ant-drawer-close').click();

  // the fold button opens the sidebar over the page
  await mobile.locator('.hl-fold').click();
  await expect(mobile).toHaveAttribute('data-collapsed', 'false');
  await expect(page.locator('.hl-mobile-mask')).toBeVisible();
  await page.locator('.hl-mobile-mask').click();
  await expect(mobile).toHaveAttribute('data-collapsed', 'true');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('[data-layout="horizontal"]')).toBeVisible();
});

test('at 390 px the header fits the screen for an administrator (call bar on): no sideways scroll', async ({
  page,
  request,
}) => {
  // The administrator's header is the fullest: call bar, error log, notices, tools, user.
  const admin = await apiLogin(request, 'admin');
  const settings = await api<{
    groups: { name: string; entries: { name: string; value: string }[] }[];
  }>(request, 'POST', '/api/admin/settings/get', admin, {});
  const waihu = settings.groups
    .find((g) => g.name === 'jsjb')
    ?.entries.find((e) => e.name === 'is_waihu')?.value;
  await api(request, 'POST', '/api/admin/settings/save', admin, {
    group: 'jsjb',
    values: { is_waihu: '1' },
  });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'admin');
    await settle(page);
    await expect(page.getByTestId('call-bar-slot')).toBeVisible();
    const widths = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.doc).toBeLessThanOrEqual(widths.view);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}header-390-admin.png` });
  } finally {
    await api(request, 'POST', '/api/admin/settings/save', admin, {
      group: 'jsjb',
      values: { is_waihu: waihu ?? '0' },
    });
  }
});
