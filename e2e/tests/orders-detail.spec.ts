import { expect, test, type Page } from '../support/test';
import { presetTheme, settle } from '../support/console';
import { loginAs, openRoute } from './support/session';
import {
  actionsOf,
  fromCity,
  clickAction,
  confirmAction,
  ok,
  openOrder,
  PAGES_DIR,
  post,
  queue,
} from './support/detail-helpers';

/** The order detail (dialog and page), its parts, its forms' validation and server refusals. */

const GROUPS = ['identity', 'caller', 'content', 'routing', 'time', 'handling', 'visit', 'flags'];

test('the detail dialog shows every part of an order, in both languages', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await queue(request, token, 'qu_ybj');
  // one filed under a seven-haves/five-natures category (the demo data has such closed orders):
  // its name is checked in both languages below
  const closed = list.find((o) => o.sevenFiveCategory === '宜居性');
  expect(closed).toBeTruthy();
  const dialog = await openOrder(page, closed!.id);

  for (const group of GROUPS)
    await expect(dialog.getByTestId(`detail-group-${group}`)).toBeVisible();
  await expect(dialog.getByTestId('detail-order-num')).toHaveText(closed!.orderNum);
  await expect(dialog.locator('[data-field="sevenFiveCategory"]')).toHaveText('宜居性');
  await expect(dialog.getByTestId('detail-head-status')).toHaveText('已办结');
  await expect(page.getByTestId('order-dialog-title')).toContainText(closed!.orderNum);

  // the timeline lists the order's events (intake first)
  await dialog.getByRole('tab', { name: /办理记录/ }).click();
  await expect(dialog.locator('.hl-timeline-item').first()).toHaveAttribute(
    'data-action',
    'intake',
  );
  // similar orders are read when their tab opens (orders-similar.spec.ts opens one); the label
  // then shows how many
  await dialog.getByRole('tab', { name: /相似工单/ }).click();
  await expect(dialog.getByTestId('detail-similar-tab')).toHaveText(/^相似工单 \(\d+\)$/);
  await dialog.getByRole('tab', { name: '基本信息' }).click();
  await settle(page);
  await page.screenshot({ path: `${PAGES_DIR}detail-dialog-zh.png` });

  // English
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.locator('[data-layout]')).toBeVisible();
  const en = await openOrder(page, closed!.id);
  await expect(en.getByTestId('detail-head-status')).toHaveText('closed');
  await expect(en.getByTestId('detail-group-identity')).toContainText('Order number');
  await expect(en.locator('[data-field="sevenFiveCategory"]')).toHaveText('Livability');
  await settle(page);
  await page.screenshot({ path: `${PAGES_DIR}detail-dialog-en.png` });
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
});

test('full screen, minimise, restore and close; closing announces it on the order bus', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await queue(request, token, 'qu_blz');
  await page.evaluate(() => {
    (window as unknown as { __events: unknown[] }).__events = [];
    window.addEventListener('hotline:order-event', (e) =>
      (window as unknown as { __events: unknown[] }).__events.push((e as CustomEvent).detail),
    );
  });
  const dialog = await openOrder(page, list[0]!.id);
  const frame = page.locator('.hl-dialog-frame');
  const bar = page.getByTestId('dialog-titlebar');
  await bar.getByRole('button', { name: '全屏' }).click();
  await expect(frame).toHaveAttribute('data-state', 'fullscreen');
  await bar.getByRole('button', { name: '退出全屏' }).click();
  await bar.getByRole('button', { name: '最小化' }).click();
  await expect(frame).toHaveAttribute('data-state', 'minimized');
  await bar.getByRole('button', { name: '还原' }).click();
  await expect(frame).toHaveAttribute('data-state', 'normal');
  await expect(dialog).toBeVisible();
  await page.getByTestId('order-dialog-close').click();
  await expect(page.getByTestId('order-dialog')).toBeHidden();
  const events = await page.evaluate(() => (window as unknown as { __events: unknown[] }).__events);
  expect(events).toContainEqual({ type: 'closed', id: list[0]!.id });
});

test('a shared link opens the detail as a page; a bad id says so', async ({ page, request }) => {
  const token = await loginAs(page, 'reviewer');
  const { list } = await queue(request, token, 'qu_shz');
  const review = list.find((o) => o.status === 11)!;
  await openRoute(page, `/jsjb/order/${review.id}`);
  const view = page.locator(`.hl-view[data-view="/jsjb/order/${review.id}"]`);
  await expect(view.getByTestId('detail-order-num')).toHaveText(review.orderNum);
  expect(await actionsOf(view)).toEqual(expect.arrayContaining(['approve_reply', 'reject_reply']));
  await openRoute(page, '/jsjb/order/abc');
  await expect(page.getByText('链接中的工单编号无效')).toBeVisible();
  // an order outside a street user's scope answers like a missing one
  await openRoute(page, `/jsjb/order/999999999`);
  await expect(page.getByText('工单不存在或不在您的权限范围内')).toBeVisible();
});

test('forms validate before sending; a server refusal keeps what was typed', async ({
  page,
  request,
  browser,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await queue(request, token, 'qu_dqs');
  // only an order the city sent can be refused (a self-built one is not offered 拒签)
  const order = list.find((o) => fromCity(o))!;
  const dialog = await openOrder(page, order.id);

  // refusing needs a reason: nothing is sent without one
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('a5HandleOrderSignInCy')) sent += 1;
  });
  await clickAction(dialog, 'refuse');
  const panel = dialog.getByTestId('action-panel');
  await expect(panel).toHaveAttribute('data-action', 'refuse');
  await panel.getByTestId('action-submit').click();
  await expect(panel.getByText('请填写原因')).toBeVisible();
  expect(sent).toBe(0);

  // someone else signs the order meanwhile (as the admin, through the API)
  const admin = await ok<{ token: string }>(request, '/api/login/password', '', {
    username: 'admin',
    password: 'Demo@12345',
  });
  // the dispatcher holds the lock since opening the form: the admin breaks it, then signs
  await ok(request, '/api/addons/jsjb/lock/assignUnlock', admin.token, {
    id: order.id,
    force: 1,
    reason: '测试：管理员强制解锁',
  });
  await ok(request, '/api/addons/jsjb/cy/a5HandleOrderSignInCy', admin.token, { id: order.id });

  const reason = '来电人重复反映，已由市级合并处理';
  await panel.getByTestId('field-reason').fill(reason);
  await panel.getByTestId('action-submit').click();
  const error = panel.getByTestId('action-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('办理中');
  await expect(panel.getByTestId('field-reason')).toHaveValue(reason);
  expect(sent).toBe(1);
  void browser;
});

test('reply: result text and choices are required before sending', async ({ page, request }) => {
  const token = await loginAs(page, 'street1');
  const { list } = await queue(request, token, 'jd_blz');
  const order = list.find((o) => o.mainOrgStatus === 1)!;
  const myLocks = async () =>
    (
      await post<{ list: { id: number }[] }>(
        request,
        '/api/addons/jsjb/Assignlock/getMyOrders',
        token,
        { pageNo: 1, pageSize: 100 },
      )
    ).data.list.map((o) => o.id);
  const dialog = await openOrder(page, order.id);
  await clickAction(dialog, 'reply');
  const panel = dialog.getByTestId('action-panel');
  await panel.getByTestId('action-submit').click();
  await expect(panel.getByText('请填写办理结果')).toBeVisible();
  await expect(panel.getByText('请选择')).toHaveCount(2);
  // starting the reply took the lock; leaving the dialog releases it
  expect(await myLocks()).toContain(order.id);
  await page.getByTestId('order-dialog-close').click();
  await expect.poll(myLocks).not.toContain(order.id);
});

/** As the dispatcher, 待签收 with the first order open in the dialog; its rows' ids in order. */
async function openFirstToSign(page: Page) {
  const token = await loginAs(page, 'dispatcher');
  const DQS = '/jsjb/district/qu_dqs';
  await openRoute(page, DQS);
  const rows = page.locator(`.hl-view[data-view="${DQS}"] tr[data-order-id]`);
  await expect(rows.first()).toBeVisible();
  const ids = (
    await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-order-id')))
  ).map(Number);
  await rows.first().dblclick();
  const dialog = page.getByTestId('order-dialog');
  await expect(dialog.locator(`[data-order-id="${ids[0]}"]`)).toBeVisible();
  return { token, rows, ids, dialog };
}

test('auto-jump: with the setting on, signing opens the next order of the queue', async ({
  page,
  request,
}) => {
  const { token, rows, ids, dialog } = await openFirstToSign(page);
  // saveAutoJumpOrder is on by default: sign the first row, the dialog moves to the second
  await confirmAction(page, dialog, 'sign');
  // (sign, re-read of the queue, then the next detail: slow on a loaded machine)
  await expect(dialog.locator(`[data-order-id="${ids[1]}"]`)).toBeVisible({ timeout: 45_000 });
  const first = await ok<{ order: { status: number } }>(
    request,
    '/api/addons/jsjb/lists/detail',
    token,
    {
      id: ids[0],
    },
  );
  expect(first.order.status).toBe(1);

  // off: signing leaves the dialog on the signed order
  await page.getByTestId('order-dialog-close').click();
  await presetTheme(page, { saveAutoJumpOrder: false });
  await page.reload();
  await expect(rows.first()).toBeVisible();
  const next = Number(await rows.first().getAttribute('data-order-id'));
  await rows.first().dblclick();
  await expect(dialog.locator(`[data-order-id="${next}"]`)).toBeVisible();
  await confirmAction(page, dialog, 'sign');
  await expect(dialog.getByTestId('detail-head-status')).toHaveText('办理中');
  await expect(dialog.locator(`[data-order-id="${next}"]`)).toBeVisible();
});

test('auto-jump: an order opened while the queue is read for the jump stays open', async ({
  page,
}) => {
  const { ids, dialog } = await openFirstToSign(page);
  expect(ids.length).toBeGreaterThan(2);
  // From the signing on, list reads wait (the server answers them once released): the
  // jump's read of the queue is still out when the user opens another order.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/api/addons/jsjb/lists/search', async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  await confirmAction(page, dialog, 'sign');
  await expect.poll(() => held, { timeout: 20_000 }).toBeGreaterThan(0);
  await openOrder(page, ids[2]!);
  release();
  // the jump would have come with the read: the order the user opened is still shown
  await page.waitForTimeout(1_500);
  await expect(
    dialog.locator(`[data-testid="order-detail"][data-order-id="${ids[2]}"]`),
  ).toBeVisible();
  await expect(
    dialog.locator(`[data-testid="order-detail"][data-order-id="${ids[1]}"]`),
  ).toHaveCount(0);
});

test('auto-jump: the signed order opened again while the queue is read stays open', async ({
  page,
}) => {
  const { ids, dialog } = await openFirstToSign(page);
  expect(ids.length).toBeGreaterThan(1);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/api/addons/jsjb/lists/search', async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  await confirmAction(page, dialog, 'sign');
  await expect.poll(() => held, { timeout: 20_000 }).toBeGreaterThan(0);
  // the same order opened again: a new opening, which the jump from the old one leaves alone
  await openOrder(page, ids[0]!);
  release();
  await page.waitForTimeout(1_500);
  await expect(dialog.getByTestId('detail-head-status')).toHaveText('办理中');
  await expect(
    dialog.locator(`[data-testid="order-detail"][data-order-id="${ids[0]}"]`),
  ).toBeVisible();
  await expect(
    dialog.locator(`[data-testid="order-detail"][data-order-id="${ids[1]}"]`),
  ).toHaveCount(0);
});

test('test pages: the order bus and the detail dialog without logging in', async ({ page }) => {
  await page.goto('/#/test/order-event');
  await page.getByRole('spinbutton').fill('42');
  await page.getByTestId('emit-open').click();
  await page.getByTestId('emit-changed').click();
  await page.getByTestId('emit-closed').click();
  const log = page.getByTestId('event-log');
  await expect(log).toContainText('{"type":"closed","id":42}');
  await expect(log).toContainText('"type":"changed","id":42,"action":"sign"');
  await expect(log).toContainText('"type":"open","order":{"id":42');

  await page.goto('/#/test/order-modal');
  await page.getByTestId('open-via-bus').click();
  const dialog = page.getByTestId('order-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('工单加载失败')).toBeVisible();
  await page.getByTestId('dialog-titlebar').getByRole('button', { name: '全屏' }).click();
  await expect(page.locator('.hl-dialog-frame')).toHaveAttribute('data-state', 'fullscreen');
  await page.getByTestId('order-dialog-close').click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/test\/order-modal/);
});

test('attachments: images and PDFs are previewed, other files downloaded', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await queue(request, token, 'qu_blz');
  const order = list[1]!;
  // names of this try: a retry uploads to the same order again
  const n = Date.now() % 100000;
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const files = [
    { name: '现场照片.png', mimeType: 'image/png', buffer: png },
    { name: '整改报告.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    { name: '情况说明.txt', mimeType: 'text/plain', buffer: Buffer.from('已整改完毕。') },
  ].map((file) => ({ ...file, name: file.name.replace('.', `${n}.`) }));
  for (const file of files) {
    const response = await request.post('/api/file/pUpload', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file, orderId: String(order.id) },
    });
    expect(((await response.json()) as { code: number }).code).toBe(200);
  }
  const dialog = await openOrder(page, order.id);
  await dialog.getByRole('tab', { name: /附件/ }).click();
  const list$ = dialog.getByTestId('detail-attachments');
  const item = (i: number) => list$.locator(`[data-file="${files[i]!.name}"]`);
  for (const file of files) await expect(list$.locator(`[data-file="${file.name}"]`)).toBeVisible();

  // the image opens in the image preview (fetched with the token, shown from a blob)
  await item(0).getByRole('button', { name: '预览' }).click();
  const preview = page.locator('.ant-image-preview img');
  await expect(preview).toBeVisible();
  expect(await preview.getAttribute('src')).toMatch(/^blob:/);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // the PDF in a frame
  await item(1).getByRole('button', { name: '预览' }).click();
  await expect(page.getByTestId('pdf-preview')).toBeVisible();
  expect(await page.getByTestId('pdf-preview').getAttribute('src')).toMatch(/^blob:/);
  await page.locator('.ant-modal-close').last().click();

  // the text file has no preview, only a download under its own name
  const txt = item(2);
  await expect(txt.getByRole('button', { name: '预览' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await txt.getByRole('button', { name: '下载' }).click();
  expect((await download).suggestedFilename()).toBe(files[2]!.name);
});

test('edit sends only the changed field; nothing changed is said before sending', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await queue(request, token, 'qu_blz');
  const order = list[2]!;
  // a number of this try: a retry may find the order with the last try's
  const phone = `010-6234${String(Date.now() % 10000).padStart(4, '0')}`;
  const dialog = await openOrder(page, order.id);
  await clickAction(dialog, 'edit');
  const panel = dialog.getByTestId('action-panel');
  await panel.getByTestId('action-submit').click();
  await expect(panel.getByTestId('action-error')).toHaveText('没有修改任何内容');
  await panel.getByTestId('field-callerPhone').fill('12345');
  await panel.getByTestId('action-submit').click();
  await expect(panel.getByText('请输入正确的手机号或固定电话')).toBeVisible();
  await panel.getByTestId('field-callerPhone').fill(phone);
  await panel.getByTestId('action-submit').click();
  await expect(panel).toHaveCount(0);
  await expect(dialog.locator('[data-field="callerPhone"]')).toHaveText(phone);
  const detail = await ok<{ timeline: { action: string; comment: string }[] }>(
    request,
    '/api/addons/jsjb/lists/detail',
    token,
    { id: order.id },
  );
  const edit = detail.timeline.filter((e) => e.action === 'edit').pop();
  expect(edit?.comment).toContain(phone);
  expect(edit?.comment).not.toContain('title');
});
