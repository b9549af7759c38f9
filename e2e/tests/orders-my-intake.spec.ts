import { useLanguage } from '../support/a11y-walk';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/test';
import {
  call,
  expectRows,
  listOf,
  listView,
  pagesDir,
  shownTotal,
  tableRows,
} from './support/list-helpers';
import { apiLogin, loginAs } from './support/session';

/**
 * 我录入的工单 (issue 22): the call-centre agent lists the orders it typed in — reached from
 * the menu under 工单办理, with the list's filter, total and the detail — and never another
 * user's; roles that take no calls have no such entry.
 */

const ROUTE = '/jsjb/work/lr_wlr';

async function typeIn(
  request: Parameters<typeof apiLogin>[0],
  token: string,
  title: string,
  categoryId: number,
): Promise<string> {
  const reply = await call<{ order: { orderNum: string } }>(request, 'redaction/insert', token, {
    title,
    majorContent: '小区里的健身器材坏了很久，老人孩子使用不安全。',
    callerName: '王五',
    callerPhone: `137${String(Date.now()).slice(-8)}`,
    address: '望湖街道望湖路 3 号',
    categoryId,
    urgency: 'general',
    orderNature: 'complaint',
  });
  return reply.order.orderNum;
}

test('an agent finds the orders it typed in, and only those, under 我录入的工单', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'agent');
  const dispatcher = await apiLogin(request, 'dispatcher');
  const { list } = await listOf(request, dispatcher, { pageSize: 10 });
  const categoryId = (list as unknown as { categoryId: number | null }[]).find(
    (o) => o.categoryId,
  )?.categoryId;
  expect(categoryId).toBeTruthy();
  const stamp = String(Date.now() % 100000);
  const mine = await typeIn(request, token, `健身器材损坏 甲${stamp}`, categoryId!);
  await typeIn(request, dispatcher, `健身器材损坏 乙${stamp}`, categoryId!);

  // Home shows the list as a tile without a count (a personal list is not counted).
  const tile = page.locator('.hl-queue-tile[data-queue="lr_wlr"]');
  await expect(tile).toContainText('我录入的工单');
  await expect(tile.locator('.hl-queue-value')).toHaveCount(0);

  // From the menu: 工单办理 → 我录入的工单, without a badge.
  await page.getByRole('menuitem', { name: '工单办理' }).click();
  const entry = page.locator('.hl-menu-label[data-menu-id="lr_wlr"]');
  await expect(entry).toHaveText('我录入的工单');
  await expect(entry.locator('.ant-badge')).toHaveCount(0);
  await entry.click();
  await expect(page.locator(`.hl-view[data-view="${ROUTE}"]`)).toBeVisible();

  // The total is the server's; every row is the agent's own.
  const server = await listOf(request, token, { menuId: 'lr_wlr', pageSize: 10 });
  expect(server.totalCount).toBeGreaterThan(0);
  await expect.poll(() => shownTotal(page)).toBe(server.totalCount);
  await expectRows(page, Math.min(10, server.totalCount));
  await expect(tableRows(page).first()).toContainText(mine);

  // The filter: its own order is found, the dispatcher's is not.
  const bar = listView(page).getByTestId('order-filter');
  // (Rows, not the total: on a busy machine a total past its time budget is the planner's
  // estimate, "约 1 条", while the page itself is exact.)
  await bar.getByLabel('全文检索').fill(`乙${stamp}`);
  await bar.getByTestId('filter-search').click();
  await expect(listView(page).getByText('没有符合条件的工单')).toBeVisible();
  await expect(tableRows(page)).toHaveCount(0);
  await bar.getByLabel('全文检索').fill(`甲${stamp}`);
  await bar.getByTestId('filter-search').click();
  await expectRows(page, 1);
  await expect(tableRows(page).first()).toContainText(mine);
  await page.mouse.move(1, 1); // no hover colour on the search button
  await page.screenshot({ path: `${pagesDir()}/my-intake-1280.png` });
  await expectAccessible(page, '我录入的工单 (agent)');

  // A row opens the order's detail.
  await tableRows(page).first().locator('.hl-order-link').click();
  await expect(page.getByTestId('order-dialog').getByTestId('detail-order-num')).toHaveText(mine);
});

test('roles that take no calls have no 我录入的工单', async ({ page }) => {
  // the home page shows a tile for every list of the menu
  await loginAs(page, 'street1');
  await expect(page.locator('.hl-queue-tile[data-queue="jd_blz"]')).toBeVisible();
  await expect(page.locator('.hl-queue-tile[data-queue="lr_wlr"]')).toHaveCount(0);
  // its 工单办理 holds its locks, not an intake list
  await page.getByRole('menuitem', { name: '工单办理' }).click();
  await expect(page.getByRole('menuitem', { name: '我锁定的工单' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '我录入的工单' })).toHaveCount(0);
});

test.describe('on a 390 px phone, in English', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('My intake fits the phone and opens an order full screen', async ({ page, request }) => {
    const token = await loginAs(page, 'agent');
    await useLanguage(page, 'en-US');
    const server = await listOf(request, token, { menuId: 'lr_wlr', pageSize: 10 });
    expect(server.totalCount).toBeGreaterThan(0);
    await page.goto(`/#${ROUTE}`);
    const view = page.locator(`.hl-view[data-view="${ROUTE}"]`);
    await expect(view).toBeVisible();
    await expect(page.getByText('My intake').first()).toBeVisible();
    await expect.poll(() => shownTotal(page)).toBe(server.totalCount);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${pagesDir()}/my-intake-390-en.png` });
    await view.locator('.hl-order-link').first().click();
    await expect(page.getByTestId('order-dialog').getByTestId('detail-order-num')).toHaveText(
      server.list[0]!.orderNum,
    );
  });
});
