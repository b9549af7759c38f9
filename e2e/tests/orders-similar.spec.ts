import { expect, test, type Page } from '../support/test';
import { apiLogin, loginAs } from './support/session';
import { call, listOf } from './support/list-helpers';
import { clickAction, openOrder } from './support/detail-helpers';

/**
 * Similar orders are read when shown (docs/decisions/0011-similar-orders-on-demand.md): opening
 * an order sends no similarOrder request; its tab and the merge form ask for them.
 */

/** Two new orders with one title, typed in by the call-centre agent; oldest first. */
async function twins(request: Parameters<typeof call>[0]): Promise<{ id: number; num: string }[]> {
  const token = await apiLogin(request, 'agent');
  const { list } = await listOf(request, token, { pageSize: 10 });
  const categoryId = (list as unknown as { categoryId: number | null }[]).find(
    (o) => o.categoryId,
  )?.categoryId;
  expect(categoryId).toBeTruthy();
  const title = `东门外共享单车堆满人行道 ${Date.now().toString(36)}`;
  const made: { id: number; num: string }[] = [];
  for (const phone of ['13912340001', '13912340002']) {
    const reply = await call<{ order: { id: number; orderNum: string } }>(
      request,
      'redaction/insert',
      token,
      {
        title,
        majorContent: '东门外人行道上堆满了共享单车，行人只能走机动车道，请尽快清理。',
        callerName: '王五',
        callerPhone: phone,
        address: '望湖街道东门外',
        categoryId,
        urgency: 'general',
        orderNature: 'complaint',
      },
    );
    made.push({ id: reply.order.id, num: reply.order.orderNum });
  }
  return made;
}

/** Counts the similarOrder requests the page sends. */
function similarRequests(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/similarOrder')) n += 1;
  });
  return () => n;
}

test('the similar tab reads its orders when opened and opens one of them', async ({
  page,
  request,
}) => {
  const [first, second] = await twins(request);
  await loginAs(page, 'dispatcher');
  const sent = similarRequests(page);
  const dialog = await openOrder(page, second!.id);
  await expect(dialog.getByTestId('detail-actions')).toBeVisible();
  const tab = dialog.getByTestId('detail-similar-tab');
  await expect(tab).toHaveText('相似工单');
  expect(sent()).toBe(0);

  await dialog.getByRole('tab', { name: /相似工单/ }).click();
  const item = dialog.locator(`[data-similar-id="${first!.id}"]`);
  await expect(item).toContainText(first!.num);
  await expect(item).toContainText('相似度');
  expect(sent()).toBe(1);
  const shown = await dialog.getByTestId('detail-similar').locator('[data-similar-id]').count();
  await expect(tab).toHaveText(`相似工单 (${shown})`);
  // never the order itself
  await expect(dialog.locator(`[data-similar-id="${second!.id}"]`)).toHaveCount(0);

  await item.getByRole('button', { name: '查看' }).click();
  await expect(
    dialog.locator(`[data-testid="order-detail"][data-order-id="${first!.id}"]`),
  ).toBeVisible();
});

test('the merge form offers the open similar orders and merges into the one picked', async ({
  page,
  request,
}) => {
  const [first, second] = await twins(request);
  const token = await loginAs(page, 'dispatcher');
  const sent = similarRequests(page);
  const dialog = await openOrder(page, second!.id);
  await expect(dialog.getByTestId('detail-actions')).toBeVisible();
  expect(sent()).toBe(0);

  await clickAction(dialog, 'merge');
  const panel = dialog.getByTestId('action-panel');
  await expect(panel).toHaveAttribute('data-action', 'merge');
  await panel.getByTestId('field-intoId').click();
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: first!.num });
  await expect(option).toHaveCount(1);
  expect(sent()).toBe(1);
  await option.click();
  await expect(panel.getByTestId('field-intoId').locator('input')).toHaveValue(String(first!.id));
  await panel.getByTestId('action-submit').click();
  await expect(panel).toHaveCount(0);

  const { list } = await listOf(request, token, { orderNum: second!.num });
  expect(list.map((o) => [o.status, o.mergedIntoId])).toEqual([[92, first!.id]]);
});
