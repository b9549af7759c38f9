import { expect, test, type Page } from '../support/test';
import { openSelect } from '../support/console';
import { expectRows, listOf, listView, tableRows } from './support/list-helpers';
import { loginAs, openRoute } from './support/session';

/**
 * Sorting a list: the call, dispatch and deadline column headers sort it (the server's `sort`
 * and `sortOrder`), the sort lives in the URL, and the phone's card view has a sort choice.
 */

const BLZ = '/jsjb/district/qu_blz';

const shownNumbers = (page: Page) =>
  tableRows(page)
    .locator('td[data-col="orderNum"]')
    .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''));

test('a column header sorts the list; a second click turns it round; a reload keeps it', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  await openRoute(page, BLZ);
  await expectRows(page, 10);
  const header = listView(page).locator('.ant-table-thead th[data-col="deadline"]');
  await expect(header).not.toHaveAttribute('aria-sort', /ascending|descending/);

  // the deadline sorts soonest first on the first click
  await header.click();
  await expect(page).toHaveURL(/sort=deadline&sortOrder=asc/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const soonest = await listOf(request, token, {
    menuId: 'qu_blz',
    sort: 'deadline',
    sortOrder: 'asc',
  });
  await expect.poll(() => shownNumbers(page)).toEqual(soonest.list.map((r) => r.orderNum));

  await header.click();
  await expect(page).toHaveURL(/sort=deadline&sortOrder=desc/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const latest = await listOf(request, token, {
    menuId: 'qu_blz',
    sort: 'deadline',
    sortOrder: 'desc',
  });
  await expect.poll(() => shownNumbers(page)).toEqual(latest.list.map((r) => r.orderNum));

  await page.reload();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => shownNumbers(page)).toEqual(latest.list.map((r) => r.orderNum));

  // the dispatch-time column: newest first, and the sort starts again from page 1
  await page.goto(`/#${BLZ}?sort=deadline&sortOrder=desc&pageNo=2`);
  await listView(page).locator('.ant-table-thead th[data-col="dispatchTime"]').click();
  await expect(page).toHaveURL(/sort=dispatchTime&sortOrder=desc$/);
});

test('on a phone the card view sorts through its own choice', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await loginAs(page, 'dispatcher');
  await openRoute(page, BLZ);
  const cards = listView(page).locator('.hl-card');
  await expect(cards.first()).toBeVisible();
  const list = await openSelect(page, listView(page).getByLabel('排序'));
  await list.getByText('截止时间：最早在前').click();
  await expect(page).toHaveURL(/sort=deadline&sortOrder=asc/);
  const soonest = await listOf(request, token, {
    menuId: 'qu_blz',
    sort: 'deadline',
    sortOrder: 'asc',
  });
  await expect(cards.first()).toContainText(soonest.list[0]!.orderNum);
});
