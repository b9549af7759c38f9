import { expect, test } from '../support/test';
import { actionsOf, clickAction, fromCity, openOrder, post, queue } from './support/detail-helpers';
import { api, newSession } from './support/session';

/**
 * Two browser contexts contend for one order's lock: starting an action takes it, the other user
 * sees who holds it and is offered nothing that would be refused; closing releases it.
 */
test('two contexts contend for one lock', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const a = await newSession(browser, 'dispatcher');
  const b = await newSession(browser, 'reviewer');
  const holder = await api<{ realname: string }>(request, 'GET', '/api/user/userInfo', a.token);
  const { list } = await queue(request, a.token, 'qu_dqs');
  // an order the city sent: 拒签 is offered on it
  const order = list.find((o) => fromCity(o))!;
  // a lock an earlier try left (a failed test's browser does not release it) is released first
  for (const s of [a, b]) {
    await post(request, '/api/addons/jsjb/lock/assignUnlock', s.token, { id: order.id });
  }

  // both open the order before anyone acts: both are offered actions
  const dialogA = await openOrder(a.page, order.id);
  const dialogB = await openOrder(b.page, order.id);
  expect(await actionsOf(dialogA)).toEqual(expect.arrayContaining(['sign', 'refuse']));
  expect(await actionsOf(dialogB)).toContain('key_appeal');

  // A starts refusing: that takes the lock, and A's detail says A holds it
  await clickAction(dialogA, 'refuse');
  await expect(dialogA.getByTestId('action-panel')).toBeVisible();
  await expect(dialogA.getByTestId('detail-lock')).toHaveAttribute('data-lock', 'mine');
  const locks = await post<{ list: { id: number }[] }>(
    request,
    '/api/addons/jsjb/Assignlock/getMyOrders',
    a.token,
    { pageNo: 1, pageSize: 100 },
  );
  expect(locks.data.list.map((o) => o.id)).toContain(order.id);

  // B, with the stale page, tries an action: refused, told who holds the order, buttons gone
  await clickAction(dialogB, 'key_appeal');
  const error = dialogB.getByTestId('action-bar-error');
  await expect(error).toContainText(holder.realname);
  await expect(dialogB.getByTestId('detail-lock')).toHaveAttribute('data-lock', 'other');
  await expect(dialogB.getByTestId('detail-lock')).toContainText(holder.realname);
  await expect(dialogB.getByTestId('no-actions')).toBeVisible();
  await expect(dialogB.getByTestId('action-panel')).toHaveCount(0);

  // B opening it afresh sees the same: locked, nothing offered
  await b.page.getByTestId('order-dialog-close').click();
  const again = await openOrder(b.page, order.id);
  await expect(again.getByTestId('detail-lock')).toContainText(holder.realname);
  expect(await actionsOf(again)).toEqual([]);

  // the server agrees: B's action is refused with 409 naming the holder
  const refused = await post(request, '/api/addons/jsjb/handleImportantAppeal', b.token, {
    id: order.id,
    on: 1,
  });
  expect(refused.code).toBe(409);
  expect(refused.msg).toContain(holder.realname);

  // A leaves the order: the lock is released, B is offered its actions again
  await a.page.getByTestId('order-dialog-close').click();
  await expect
    .poll(async () => {
      const body = await post<{ list: { id: number }[] }>(
        request,
        '/api/addons/jsjb/Assignlock/getMyOrders',
        a.token,
        { pageNo: 1, pageSize: 100 },
      );
      return body.data.list.map((o) => o.id);
    })
    .not.toContain(order.id);
  await b.page.getByTestId('order-dialog-close').click();
  const free = await openOrder(b.page, order.id);
  await expect(free.getByTestId('detail-lock')).toHaveCount(0);
  expect(await actionsOf(free)).toContain('key_appeal');

  // now B takes it, and A is the one who waits
  await clickAction(free, 'key_appeal');
  await expect(free.getByTestId('action-panel')).toBeVisible();
  const reviewer = await api<{ realname: string }>(request, 'GET', '/api/user/userInfo', b.token);
  const seenByA = await openOrder(a.page, order.id);
  await expect(seenByA.getByTestId('detail-lock')).toContainText(reviewer.realname);
  expect(await actionsOf(seenByA)).toEqual([]);

  // leaving the page altogether (a reload) releases B's lock too
  await b.page.reload();
  await expect(b.page.locator('[data-layout]')).toBeVisible();
  await expect
    .poll(async () => {
      const body = await post<{ list: { id: number }[] }>(
        request,
        '/api/addons/jsjb/Assignlock/getMyOrders',
        b.token,
        { pageNo: 1, pageSize: 100 },
      );
      return body.data.list.map((o) => o.id);
    })
    .not.toContain(order.id);

  await a.close();
  await b.close();
});
