import { expect, test } from '../support/test';
import { call, listOf, listView, shownTotal } from './support/list-helpers';
import { loginAs, openRoute } from './support/session';

/**
 * Order sources (decision 0019): every queue holds and counts orders of every source, grid
 * reports (8), leader-assigned (9) and proactive (10) ones included, and a street's whole list
 * does too; a district reader's whole list (the spec's case list) keeps 1, 5, 7.
 */

test('a street queue lists and counts every source, and the source filter narrows it', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'street1');
  const all = await listOf(request, token, { menuId: 'jd_ybj', pageSize: 10 });
  const other = await listOf(request, token, { menuId: 'jd_ybj', typeId: '8', pageSize: 10 });
  expect(other.totalCount, 'the demo has grid reports completed by street1').toBeGreaterThan(0);
  const counts = await call<{ counts: Record<string, number> }>(request, 'lists/counts', token);
  expect(counts.counts.jd_ybj).toBe(all.totalCount);

  await openRoute(page, '/jsjb/street/jd_ybj');
  await expect.poll(() => shownTotal(page)).toBe(all.totalCount);
  const bar = listView(page).getByTestId('order-filter');
  await bar.getByRole('button', { name: '更多条件' }).click();
  const source = bar.getByLabel('工单来源');
  // the queue's default shows as what it is: every source
  await source.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(6);
  await expect(options.and(page.locator('.ant-select-item-option-selected'))).toHaveCount(6);

  // narrowed to grid reports alone: the URL and the total follow
  for (const name of ['市级派单', '自建工单', '直派工单', '领导交办', '主动发现']) {
    await options.filter({ hasText: name }).click();
  }
  await expect(options.and(page.locator('.ant-select-item-option-selected'))).toHaveCount(1);
  await page.keyboard.press('Escape');
  await bar.getByTestId('filter-search').click();
  await expect(page).toHaveURL(/typeId=8\b/);
  await expect.poll(() => shownTotal(page)).toBe(other.totalCount);

  // 重置 goes back to the queue's own default, out of the URL
  await bar.getByRole('button', { name: /重\s*置/ }).click();
  await expect(page).toHaveURL(/jd_ybj$/);
  await expect.poll(() => shownTotal(page)).toBe(all.totalCount);
});

test('a reviewer: its queues hold every source; its whole list keeps 1, 5, 7', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'reviewer');
  // replies of every source wait for review in 审核中
  const other = await listOf(request, token, { menuId: 'qu_shz', typeId: '8,9,10' });
  const all = await listOf(request, token, { menuId: 'qu_shz' });
  const counts = await call<{ counts: Record<string, number> }>(request, 'lists/counts', token);
  expect(counts.counts.qu_shz).toBe(all.totalCount);
  expect(all.totalCount).toBeGreaterThan(other.totalCount);
  // the whole list (工单查询) is the spec's case list: sources 8, 9, 10 need /ddw_button_role
  const refused = await request.post('/api/addons/jsjb/lists/search', {
    headers: { Authorization: `Bearer ${token}` },
    data: { typeId: '8' },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { msg: string }).msg).toContain('typeId');

  await openRoute(page, '/jsjb/orders');
  const bar = listView(page).getByTestId('order-filter');
  await bar.getByRole('button', { name: '更多条件' }).click();
  await bar.getByLabel('工单来源').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(3);
  await expect(options.filter({ hasText: '网格上报' })).toHaveCount(0);
});
