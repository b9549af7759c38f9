import { expect, test } from '../support/test';
import { loginAs, openRoute } from './support/session';

/**
 * A list whose request fails says so in the table, not "没有符合条件的工单": the server's
 * message is toasted and the body offers 重试. The failure is the real server's refusal of a
 * page deeper than 10,000 rows (400 `pageNo: 最多翻到第 10000 条…`), reached through the URL;
 * 重试 asks again, and a valid page brings the rows back.
 */

const ROUTE = '/jsjb/street/jd_ybj';

test('a failed list shows the failure and 重试, not an empty result', async ({ page }) => {
  await loginAs(page, 'street1');
  await openRoute(page, `${ROUTE}?pageNo=5000`);
  const view = page.locator(`.hl-view[data-view="${ROUTE}"]`);
  await expect(page.locator('.ant-message-notice')).toContainText(/最多翻到第 10,?000 条/);
  const failed = view.locator('.hl-list-failed');
  await expect(failed).toContainText('工单列表未能加载');
  await expect(view.getByText('没有符合条件的工单')).toHaveCount(0);

  // 重试 asks the server again (the same refusal: the toast comes again)
  const asked = page.waitForResponse((r) => r.url().includes('/lists/search'));
  await failed.getByRole('button', { name: '重试' }).click();
  expect((await asked).status()).toBe(400);
  await expect(failed).toBeVisible();

  // a page that exists: rows, and no failure
  await openRoute(page, ROUTE);
  await expect(view.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(view.locator('.hl-list-failed')).toHaveCount(0);
});
