import { expect, test } from '../support/test';
import { ok, queue } from './support/detail-helpers';
import { api, apiLogin, loginAs, openRoute } from './support/session';

/**
 * Open lists stay fresh (issue 20): a pushed change to the queue on screen shows as a hint
 * that reads the list again; 查询 with the same filter reads it again too.
 */

const JD_DQS = '/jsjb/street/jd_dqs';

test('a pushed change shows "N 条新的或已变化 — 刷新"; 查询 always reads the list', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'street1');
  const unit = (await api<{ info: { orgid: number } }>(request, 'GET', '/api/user/userInfo', token))
    .info.orgid;
  await openRoute(page, JD_DQS);
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'live');
  const view = page.locator(`.hl-view[data-view="${JD_DQS}"]`);
  await expect(view.locator('.ant-table-tbody')).toBeVisible();
  const hint = view.getByTestId('list-changed');
  await expect(hint).toHaveCount(0);

  // the district dispatches an order to street1's unit
  const dispatcher = await apiLogin(request, 'dispatcher');
  const pending = await queue(request, dispatcher, 'qu_dqs');
  const order = pending.list.find((o) => o.urgency === 'general')!;
  await ok(request, '/api/addons/jsjb/cy/a5HandleOrderSignInCy', dispatcher, {
    id: order.id,
    signType: 1,
  });
  await ok(request, '/api/addons/jsjb/org/submitHandleOrgInfo', dispatcher, {
    id: order.id,
    hostUnitId: unit,
  });

  await expect(hint).toBeVisible();
  await expect(hint).toContainText('1 条新的或已变化');
  const row = view.locator(`tr[data-order-id="${order.id}"]`);
  await expect(row).toHaveCount(0);
  await hint.getByRole('button', { name: /刷\s*新/ }).click();
  await expect(row).toBeVisible();
  await expect(hint).toHaveCount(0);

  // 查询 with the filter already shown asks the server again
  let searches = 0;
  page.on('request', (r) => {
    if (r.url().includes('/lists/search')) searches += 1;
  });
  await view.getByTestId('filter-search').click();
  await expect.poll(() => searches).toBeGreaterThanOrEqual(1);
});
