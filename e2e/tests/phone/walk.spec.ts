import type { Page } from '@playwright/test';
import { api, apiLogin, loginAs, openLogin, type MenuNode } from '../../support/console';
import { expect, test } from '../../support/test';
import { confirmAction, queue } from '../support/detail-helpers';

/**
 * The console on a phone (issue 20; project "phone": 390 × 844, touch): a street handler logs
 * in, opens a queue from the side drawer, opens an order (full screen), signs it, reads the
 * notices; no page of the menu is wider than the screen, for a street handler and for the
 * administrator; a tablet (800 × 1280) shows a few pages without overflow too.
 */

/** The page's width never exceeds the viewport's (nothing to scroll sideways). */
async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll, `${what}: page ${scroll} px wide on a ${inner} px screen`).toBeLessThanOrEqual(
    inner,
  );
}

/** Every leaf page of a menu as a console route (a child's path is under its parent's). */
function routes(nodes: MenuNode[], parent = ''): string[] {
  return nodes.flatMap((n) => {
    const path = n.path.startsWith('/') ? n.path : `${parent}/${n.path}`;
    if (n.meta.hidden) return [];
    return n.children.length > 0 ? routes(n.children, path) : [path];
  });
}

async function settled(page: Page, route: string): Promise<void> {
  await expect(page.locator('[data-layout]'), route).toBeVisible();
  await expect(page.locator('.ant-spin-spinning:visible')).toHaveCount(0, { timeout: 15_000 });
}

test('a street handler on a phone: login, a queue from the drawer, the detail, sign, notices', async ({
  page,
  request,
}) => {
  await openLogin(page);
  await expectNoOverflow(page, 'login');
  const card = await page.locator('.hl-auth-card').boundingBox();
  expect(card && card.x >= 0 && card.x + card.width <= 390, 'login card inside the screen').toBe(
    true,
  );

  await loginAs(page, 'street1');
  await expectNoOverflow(page, 'home');
  // the header: the user menu and the fold-out tools are on screen
  for (const name of ['用户菜单', '更多工具', '展开菜单']) {
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `${name} on screen`).toBe(true);
  }
  await page.getByRole('button', { name: '更多工具' }).tap();
  await expect(page.locator('.ant-dropdown:visible').getByRole('menuitem')).toContainText(['搜索']);
  await page.keyboard.press('Escape');

  // the side menu is a drawer: closed, opened by the toggle, closed again after a choice
  const sider = page.locator('.hl-sider');
  await expect(sider).not.toBeInViewport();
  await page.getByRole('button', { name: '展开菜单' }).tap();
  await expect(sider).toBeInViewport();
  const token = await apiLogin(request, 'street1');
  const before = await queue(request, token, 'jd_dqs');
  expect(before.totalCount, 'orders waiting for street1').toBeGreaterThan(0);
  await sider.getByRole('menuitem', { name: /街乡镇工单/ }).tap();
  await sider.getByRole('menuitem', { name: /待签收/ }).tap();
  await expect(page).toHaveURL(/#\/jsjb\/street\/jd_dqs$/);
  await expect(sider).not.toBeInViewport();
  const list = page.locator('.hl-order-list:visible');
  // on a phone the queue is a column of cards: number, status, the title to tap, named details
  const firstCard = list.locator('li.hl-card').first();
  await expect(firstCard).toBeVisible();
  await expectNoOverflow(page, 'queue');
  await expect(list.locator('.ant-table')).toHaveCount(0);
  const cardBox = await firstCard.boundingBox();
  expect(cardBox && cardBox.x >= 0 && cardBox.x + cardBox.width <= 390, 'card on screen').toBe(
    true,
  );
  await expect(firstCard.locator('.hl-card-num')).toHaveText(/\S/);
  await expect(firstCard.locator('button.hl-card-open')).toHaveText(/\S/);
  // the street's own state of the order, not the district's 办理中
  await expect(firstCard.locator('[data-host-status]')).toHaveText('承办单位待签收');
  await expect(firstCard.locator('.hl-card-meta')).toContainText('社区地址');
  // the table is one tap away: the order number (the link) and the title first, on screen
  await list.getByTestId('list-view').getByText('表格', { exact: true }).tap();
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  await expectNoOverflow(page, 'queue as a table');
  const firstRow = list.locator('.ant-table-row').first();
  for (const col of ['orderNum', 'title']) {
    const box = await firstRow.locator(`td[data-col="${col}"]`).boundingBox();
    expect(box && box.x >= 0 && box.x < 390, `${col} column starts on screen`).toBe(true);
  }
  await expect(list.locator('th[data-col="index"]')).toHaveCount(0);
  // the choice is kept in this browser, over a reload; back to cards
  await page.reload();
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  await list.getByTestId('list-view').getByText('卡片', { exact: true }).tap();
  await expect(firstCard).toBeVisible();
  // urgency (and status, in a queue of more than one) fold under 更多条件 on a phone; a queue
  // of one status (待签收: status 1) has no status filter at all
  const filter = page.locator('[data-testid="order-filter"]:visible');
  await expect(filter.getByText('紧急程度', { exact: true })).toBeHidden();
  await filter.getByRole('button', { name: '更多条件' }).tap();
  await expect(filter.getByText('紧急程度', { exact: true })).toBeVisible();
  await expect(filter.getByText('工单状态', { exact: true })).toBeHidden();
  await filter.getByRole('button', { name: /^收\s?起$/ }).tap();
  await expect(filter.getByText('紧急程度', { exact: true })).toBeHidden();

  // the detail opens full screen; the first order is signed
  await firstCard.locator('button.hl-card-open').tap();
  const dialog = page.getByTestId('order-dialog');
  const detail = dialog.locator('[data-testid="order-detail"]');
  await expect(detail).toBeVisible();
  const id = Number(await detail.getAttribute('data-order-id'));
  // (polled: the dialog zooms in)
  const frame = page.locator('.hl-dialog .ant-modal-container');
  await expect
    .poll(async () => (await frame.boundingBox())?.width ?? 0, {
      message: 'dialog as wide as the screen',
    })
    .toBeGreaterThanOrEqual(389);
  await expectNoOverflow(page, 'order detail');
  // every tab of the detail is on screen (they wrap onto more rows), and the last opens by a tap
  const tabs = dialog.locator('.hl-detail-tabs > .ant-tabs-nav [role="tab"]');
  expect(await tabs.count()).toBeGreaterThanOrEqual(7);
  const boxes = await tabs.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent, left: r.left, right: r.right, width: r.width };
    }),
  );
  for (const b of boxes) {
    expect(b.width > 0 && b.left >= 0 && b.right <= 390, `tab ${b.text} on screen`).toBe(true);
  }
  await tabs.last().tap();
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await tabs.first().tap();
  await confirmAction(page, dialog, 'host_sign');
  // signed: the order leaves 待签收 (the dialog may move on to the queue's next order)
  await expect
    .poll(async () => (await queue(request, token, 'jd_dqs')).list.some((o) => o.id === id))
    .toBe(false);
  await page.getByTestId('order-dialog-close').tap();
  await expect(detail).toBeHidden();

  // notices: the panel fits the screen
  await page.getByRole('button', { name: '消息通知' }).tap();
  const panel = page.getByTestId('notice-panel');
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390, 'notice panel on screen').toBe(true);
  await expectNoOverflow(page, 'notices');
  await page.screenshot({ path: '/tmp/h3-shots/phone-notices.png' });
});

for (const username of ['street1', 'admin']) {
  test(`no page of ${username}'s menu is wider than a phone`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await loginAs(page, username);
    const token = await apiLogin(request, username);
    const menu = await api<{ list: MenuNode[] }>(request, 'GET', '/api/rule/menu?ismenu=1', token);
    // every page, but of the administrator's many queues (one component) one per group
    const seen = new Set<string>();
    const pages = routes(menu.list).filter((route) => {
      const queue = /^\/jsjb\/(district|dept|street|callback)\//.exec(route)?.[1];
      if (!queue || username !== 'admin') return true;
      if (seen.has(queue)) return false;
      seen.add(queue);
      return true;
    });
    expect(pages.length).toBeGreaterThan(3);
    for (const route of pages) {
      await page.goto(`/#${route}`);
      await settled(page, route);
      await expectNoOverflow(page, route);
    }
  });
}

test('the unit and category trees: a row tapped brings its detail into view', async ({ page }) => {
  await loginAs(page, 'admin');
  for (const [route, row, detail] of [
    ['/system/units', '区水务局', '单位详情'],
    ['/system/categories', '施工扬尘', '分类详情'],
  ] as const) {
    await page.goto(`/#${route}`);
    await settled(page, route);
    const view = page.locator(`.hl-view[data-view="${route}"]`);
    const panel = view.locator('.hl-org-detail');
    await view.locator('.hl-org-tree-body').getByText(row, { exact: true }).first().tap();
    await expect(panel).toContainText(row);
    await expect(panel.getByText(detail, { exact: true })).toBeInViewport();
    // the whole panel, which starts below the tree at the bottom edge of the screen
    await expect(panel).toBeInViewport({ ratio: 0.9 });
    await expectNoOverflow(page, route);
  }
});

test.describe('tablet', () => {
  test.use({ viewport: { width: 800, height: 1280 } });

  test('home, a queue, intake, the board and the users page fit a tablet', async ({ page }) => {
    await loginAs(page, 'admin');
    for (const route of [
      '/index',
      '/jsjb/district/qu_dqs',
      '/jsjb/work/intake',
      '/stats/kanban',
      '/system/users',
    ]) {
      await page.goto(`/#${route}`);
      await settled(page, route);
      await expectNoOverflow(page, route);
    }
  });
});
