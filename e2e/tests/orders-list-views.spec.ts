import { expect, test } from '../support/test';
import { expectAccessible } from '../support/axe';
import { expectRows, listOf, listView, shownTotal } from './support/list-helpers';
import { loginAs, newSession, openRoute } from './support/session';

/**
 * 我的查询 (saved list views): the filter shown is saved under a name, applied again with one
 * click, follows the user to another browser, and is deleted from the same menu.
 */

const BLZ = '/jsjb/district/qu_blz';

test('a filter saved under a name comes back with one click, in another browser too', async ({
  page,
  browser,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const name = `紧急-${Date.now() % 100000}`;
  const urgent = await listOf(request, token, { menuId: 'qu_blz', urgency: 'emergency' });
  await page.goto(`/#${BLZ}?urgency=emergency&sort=deadline&sortOrder=asc`);
  await expect.poll(() => shownTotal(page)).toBe(urgent.totalCount);

  const views = listView(page).getByTestId('saved-views');
  const popup = page.getByTestId('saved-views-list');
  await views.click();
  await popup.getByRole('button', { name: '保存当前条件' }).click();
  const dialog = page.getByRole('dialog', { name: '保存当前条件' });
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText(`已保存查询“${name}”`)).toBeVisible();

  // back to the plain list, then the view again
  await listView(page)
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect(page).toHaveURL(/qu_blz$/);
  await views.click();
  await expect(popup).toBeVisible();
  // the pointer away from the button (its hover colour is a passing state), then axe
  await page.mouse.move(1, 1);
  await page.waitForTimeout(400);
  await expectAccessible(page, 'saved views open');
  await popup.getByRole('button', { name, exact: true }).click();
  await expect(page).toHaveURL(/urgency=emergency/);
  await expect(page).toHaveURL(/sort=deadline&sortOrder=asc/);
  await expect.poll(() => shownTotal(page)).toBe(urgent.totalCount);

  // another browser of the same user has it; deleting it there removes it
  const other = await newSession(browser, 'dispatcher');
  try {
    await openRoute(other.page, BLZ);
    await expectRows(other.page, 10);
    await listView(other.page).getByTestId('saved-views').click();
    const list = other.page.getByTestId('saved-views-list');
    const item = list.getByRole('button', { name, exact: true });
    await expect(item).toBeVisible();
    await list.getByRole('button', { name: `删除查询 ${name}` }).click();
    await expect(item).toBeHidden();
    await expect(other.page).toHaveURL(/qu_blz$/);
  } finally {
    await other.close();
  }
});
