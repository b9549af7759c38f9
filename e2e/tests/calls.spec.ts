import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { openSelect, openUserMenu, setConfig } from '../support/console';
import { api, apiLogin, clockOff, loginAs, openRoute } from './support/session';
import { openOrder, PAGES_DIR, queue } from './support/detail-helpers';

/**
 * Outbound calling on the seat simulator (issue 8): check in, dial the caller of the open
 * order, the simulator answers, hang up, the record and its recording in the order's detail;
 * the 5-second sign-in wait; the call window; the clock-in dialog per role.
 */

async function checkIn(page: Page): Promise<string> {
  const bar = page.getByTestId('call-bar');
  await expect(bar.getByTestId('call-simulator')).toBeVisible();
  await expect(bar.getByTestId('call-state-checked-out')).toBeVisible();
  await bar.getByTestId('call-sign-in').click();
  const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
  const option = (await openSelect(page, popover.locator('.ant-select')))
    .locator('.ant-select-item-option')
    .first();
  const seat = (await option.innerText()).trim();
  await option.click();
  await popover.getByRole('button', { name: /签\s*入/ }).click();
  await expect(bar.getByTestId('call-state-checked-in')).toContainText(seat);
  return seat;
}

/**
 * Hangs up the call and leaves the seat an earlier try may have left: both are the server's
 * (a seat is held while its user has a live session), so a retry starts checked out.
 */
async function leaveSeat(request: APIRequestContext, username: string): Promise<void> {
  const token = await apiLogin(request, username);
  const calls = await api<{ list: { callOutId: string; state: string }[] }>(
    request,
    'POST',
    '/api/addons/call/index/getList',
    token,
    { pageNo: 1, pageSize: 1 },
  );
  const live = calls.list.find((c) => c.state !== 'ended');
  if (live) {
    await api(request, 'POST', '/api/addons/call/index/hangup', token, {
      callOutId: live.callOutId,
    });
  }
  const { mySeat } = await api<{ mySeat: number | null }>(
    request,
    'POST',
    '/api/addons/call/Callseat/getList',
    token,
  );
  if (mySeat !== null) {
    await api(request, 'POST', '/api/addons/call/Callseat/update', token, {
      seatNo: mySeat,
      status: 0,
    });
  }
}

test('check in, open an order, dial, the simulator answers, hang up, the record appears', async ({
  page,
  request,
}) => {
  await leaveSeat(request, 'dispatcher');
  const token = await loginAs(page, 'dispatcher');
  await checkIn(page);

  // no order open: the bar says where to call from
  const bar = page.getByTestId('call-bar');
  await bar.getByRole('button', { name: /拨\s*号/ }).click();
  await expect(page.locator('.ant-message')).toContainText('请进入工单详情页面拨打电话');

  const { list } = await queue(request, token, 'qu_ybj');
  const order = list[0];
  expect(order).toBeTruthy();
  const dialog = await openOrder(page, order!.id);

  // the detail is a modal: the call controls float above it
  const dock = page.getByTestId('call-dock');
  await dock.getByRole('button', { name: /拨\s*号/ }).click();
  const state = dock.getByTestId('call-live-state');
  await expect(state).toContainText(/呼叫中|振铃中/);
  await expect(state).toContainText('通话中', { timeout: 15_000 });
  await expect(state).toContainText(/通话中 0:0[1-9]/, { timeout: 5_000 });
  await page.screenshot({ path: `${PAGES_DIR}call-in-progress.png` });
  await dock.getByRole('button', { name: /挂\s*断/ }).click();
  await expect(state).toContainText('已结束');
  await expect(state).toContainText('坐席挂断');

  // the result form requires the handling result
  const form = page.locator('.hl-dialog').filter({ hasText: '外呼处理结果' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toContainText('请填写处理结果');
  await form.locator('textarea').fill('已联系市民，说明办理进度');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message')).toContainText('处理结果已保存');
  await expect(form).toBeHidden();

  // the record, with its recording, in the order's detail
  await dialog.getByRole('tab', { name: /通话记录/ }).click();
  const records = dialog.getByTestId('call-record-list');
  const row = records.locator('.ant-table-row').first();
  await expect(row).toContainText('已联系市民，说明办理进度');
  await expect(row).toContainText('坐席挂断');
  await expect(row).toContainText('是');
  await row.getByRole('button', { name: /播\s*放/ }).click();
  const audio = row.getByTestId('call-recording');
  await expect(audio).toBeVisible();
  expect(await audio.evaluate((a) => (a as HTMLAudioElement).src)).toMatch(/^blob:/);

  // and in the call records page (its menu needs is_waihu)
  const before = await setConfig(request, 'is_waihu', '1');
  try {
    await page.reload(); // the menu (with the new group) is loaded once per page load
    await openRoute(page, '/call/records');
    const pageRow = page.getByTestId('call-records-page').locator('.ant-table-row').first();
    await expect(pageRow).toContainText(order!.orderNum);
    await expect(page.getByTestId('agent-monitor')).toContainText('坐席');
  } finally {
    await setConfig(request, 'is_waihu', before);
  }
});

test('the call window gets the order, the user and the token over postMessage', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const bar = page.getByTestId('call-bar');
  if (await bar.getByTestId('call-state-checked-out').isVisible()) await checkIn(page);
  const { list } = await queue(request, token, 'qu_ybj');
  const order = list[1] ?? list[0];
  await openOrder(page, order!.id);
  await page.getByTestId('call-dock').getByRole('button', { name: '外呼窗口' }).click();
  await expect(page.getByTestId('call-window-status')).toContainText(
    '外呼窗口已接收工单与用户信息',
  );
  const frame = page.frameLocator('[data-testid="call-window-frame"]');
  await expect(frame.locator('#orderNum')).toHaveText(order!.orderNum);
  await expect(frame.locator('#user')).toContainText('dispatcher');
  await expect(frame.locator('#token')).toContainText(token.slice(-4));
  await expect(frame.locator('body')).toHaveAttribute('data-ready', '1');
  // a message that does not come from the embedding console (here: the frame itself) is ignored
  const child = page.frames().find((f) => f.url().includes('/api/addons/call/window'));
  expect(child).toBeTruthy();
  await child!.evaluate(() =>
    window.postMessage(
      { type: 'hotline:call-window:init', detail: { order: { orderNum: 'FORGED' } } },
      window.location.origin,
    ),
  );
  await page.waitForTimeout(300);
  await expect(frame.locator('#orderNum')).toHaveText(order!.orderNum);
});

test('the sign-in button reappears 5 s after sign-out', async ({ page, request }) => {
  await leaveSeat(request, 'agent');
  await loginAs(page, 'agent');
  await checkIn(page);
  const bar = page.getByTestId('call-bar');
  // the bar has been shown a while: its countdown must start from the sign-out, not from then
  await page.waitForTimeout(2_500);
  await bar.getByRole('button', { name: /签\s*出/ }).click();
  const started = Date.now();
  await expect(bar.getByTestId('call-state-checked-out')).toBeVisible();
  await expect(bar.getByTestId('call-sign-in-wait')).toHaveText(/^[45] 秒后可重新签入$/);
  await expect(bar.getByTestId('call-sign-in')).toHaveCount(0);
  await page.waitForTimeout(3_000);
  await expect(bar.getByTestId('call-sign-in')).toHaveCount(0);
  await expect(bar.getByTestId('call-sign-in')).toBeVisible({ timeout: 4_000 });
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThanOrEqual(4_500);
  expect(waited).toBeLessThan(7_500);
});

async function openClock(page: Page) {
  await (await openUserMenu(page)).getByRole('menuitem', { name: /签到/ }).click();
  const dialog = page.locator('.hl-dialog').filter({ hasText: '签到' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('clock-in dialog per role: call-back staff, dispatcher, none for a street user', async ({
  page,
  request,
}) => {
  // off duty, as an earlier try may not have left them
  await clockOff(request, 'visitor', 1);
  // call-back staff: type 1 only; no call bar (no /jsjb/dw#/jsjb/case)
  await loginAs(page, 'visitor');
  await expect(page.getByTestId('call-bar')).toHaveCount(0);
  let dialog = await openClock(page);
  await expect(dialog).toContainText('回访员');
  await expect(dialog).not.toContainText('派单员');
  await expect(dialog.getByTestId('duty-state-1')).toContainText('离岗');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.locator('.ant-message')).toContainText('签到成功，当前在岗');
  dialog = await openClock(page);
  await expect(dialog.getByTestId('duty-state-1')).toContainText('在岗');
  await page.keyboard.press('Escape');

  // dispatcher: type 2
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'dispatcher');
  dialog = await openClock(page);
  await expect(dialog).toContainText('派单员');
  await expect(dialog).not.toContainText('回访员');
  await page.keyboard.press('Escape');

  // street handler: no clock-in entry, no call bar
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'street1');
  await expect(page.getByTestId('call-bar')).toHaveCount(0);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await expect(page.getByRole('menuitem', { name: /退出/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /签到/ })).toHaveCount(0);
});
