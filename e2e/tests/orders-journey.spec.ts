import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { presetTheme } from '../support/console';
import {
  badge,
  chooseOption,
  clickAction,
  confirmAction,
  counts,
  ok,
  queue,
} from './support/detail-helpers';
import { api, apiLogin, loginAs, newSession, openRoute } from './support/session';

/**
 * The whole life of one order through the console, each step by its own role in its own browser
 * context: a dispatcher signs and dispatches; the street handler signs and replies with an
 * attachment; the reviewer rejects, then approves the second reply; call-back staff records a
 * visit; the order ends closed. Every list and badge it passes through is checked on the way.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const NO_JUMP = {
  saveAutoJumpOrder: false,
  banjieAutoJumpOrder: false,
  hufuAutoJumpOrder: false,
  huifangAutoJumpOrder: false,
  fenpaiAutoJumpOrder: false,
  fenpaiBmAutoJumpOrder: false,
};

/** Auto-jump off (this journey follows one order), applied by a reload. */
async function noJump(page: Page) {
  await presetTheme(page, NO_JUMP);
  await page.reload();
  await expect(page.locator('[data-layout]')).toBeVisible();
}

interface Order {
  id: number;
  orderNum: string;
}

/**
 * Opens a queue page filtered to the order: the row is there (or not), and the queue's menu badge
 * shows what the server counts for this user.
 */
async function checkQueue(
  page: Page,
  request: APIRequestContext,
  token: string,
  path: string,
  order: Order,
  present: boolean,
) {
  const menuId = path.split('/').pop()!;
  await openRoute(page, `${path}?orderNum=${order.orderNum}`);
  // other users acted in other browsers: read the list and the menu afresh
  await page.reload();
  const view = page.locator(`.hl-view[data-view="${path}"]`);
  await expect(view).toBeVisible();
  const row = view.locator(`tr[data-order-id="${order.id}"]`);
  if (present) await expect(row).toBeVisible();
  else {
    await expect(view.locator('.ant-table-tbody')).toBeVisible();
    await expect(row).toHaveCount(0);
  }
  const expected = (await counts(request, token))[menuId];
  await expect.poll(() => badge(page, menuId)).toBe(expected);
  return { row, expected: expected ?? 0 };
}

/** Opens the order from its list row (double click) into the detail dialog. */
async function openFromRow(page: Page, path: string, order: Order) {
  const { row } = {
    row: page.locator(`.hl-view[data-view="${path}"] tr[data-order-id="${order.id}"]`),
  };
  await row.dblclick();
  const dialog = page.getByTestId('order-dialog');
  await expect(dialog.locator(`[data-order-id="${order.id}"]`)).toBeVisible();
  return dialog;
}

async function closeDialog(page: Page) {
  await page.getByTestId('order-dialog-close').click();
  await expect(page.getByTestId('order-dialog')).toBeHidden();
}

async function status(dialog: ReturnType<Page['getByTestId']>, text: string) {
  await expect(dialog.getByTestId('detail-head-status')).toHaveText(text);
}

test('an order from sign to close, across five roles, with lists and badges', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const dispatcherToken = await loginAs(page, 'dispatcher');
  await noJump(page);
  const { list } = await queue(request, dispatcherToken, 'qu_dqs');
  const order: Order = list[list.length - 1]!;

  // 1. the dispatcher signs: the order leaves "pending sign", its badge drops by one
  const DQS = '/jsjb/district/qu_dqs';
  const before = await checkQueue(page, request, dispatcherToken, DQS, order, true);
  let dialog = await openFromRow(page, DQS, order);
  await confirmAction(page, dialog, 'sign');
  await status(dialog, '办理中');
  await expect.poll(() => badge(page, 'qu_dqs')).toBe(before.expected - 1);
  await expect(
    page.locator(`.hl-view[data-view="${DQS}"] tr[data-order-id="${order.id}"]`),
  ).toHaveCount(0);

  // 2. … and dispatches it to street1's street
  const street = await newSession(browser, 'street1');
  const streetInfo = await api<{ info: { officeName: string } }>(
    request,
    'GET',
    '/api/user/userInfo',
    street.token,
  );
  await clickAction(dialog, 'dispatch');
  const panel = dialog.getByTestId('action-panel');
  await chooseOption(page, panel.getByTestId('field-hostUnitId'), streetInfo.info.officeName);
  await panel.getByTestId('field-comment').fill('请街道尽快核实处理');
  await panel.getByTestId('action-submit').click();
  await expect(dialog.getByTestId('detail-group-routing')).toContainText(
    streetInfo.info.officeName,
  );
  await closeDialog(page);
  await checkQueue(page, request, dispatcherToken, '/jsjb/district/qu_dfp', order, false);
  await checkQueue(page, request, dispatcherToken, '/jsjb/district/qu_blz', order, true);

  // 3. the street signs as host and replies with a photo
  const JD_DQS = '/jsjb/street/jd_dqs';
  await noJump(street.page);
  const jd = await checkQueue(street.page, request, street.token, JD_DQS, order, true);
  dialog = await openFromRow(street.page, JD_DQS, order);
  await confirmAction(street.page, dialog, 'host_sign');
  await expect.poll(() => badge(street.page, 'jd_dqs')).toBe(jd.expected - 1);
  await expect(dialog.locator('button[data-action="reply"]')).toBeVisible();
  await clickAction(dialog, 'reply');
  let reply = dialog.getByTestId('action-panel');
  await reply.getByTestId('field-content').fill('已到现场核实，摊贩已劝离，已与来电人沟通。');
  await reply.getByTestId('field-contacted').getByText('是').click();
  await reply.getByTestId('field-resolved').getByText('是').click();
  await reply.locator('input[type="file"]').setInputFiles({
    name: '现场照片.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(reply.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await reply.getByTestId('action-submit').click();
  await status(dialog, '答复审核中');
  await closeDialog(street.page);
  await checkQueue(street.page, request, street.token, '/jsjb/street/jd_dfsh', order, true);

  // 4. the reviewer sees the photo, rejects the reply with a comment
  const reviewer = await newSession(browser, 'reviewer');
  await noJump(reviewer.page);
  const SHZ = '/jsjb/district/qu_shz';
  const shz = await checkQueue(reviewer.page, request, reviewer.token, SHZ, order, true);
  dialog = await openFromRow(reviewer.page, SHZ, order);
  await dialog.getByRole('tab', { name: /附件/ }).click();
  await expect(dialog.locator('[data-file="现场照片.png"]')).toBeVisible();
  await dialog.getByRole('tab', { name: '基本信息' }).click();
  await clickAction(dialog, 'reject_reply');
  const reject = dialog.getByTestId('action-panel');
  await reject.getByTestId('action-submit').click();
  await expect(reject.getByText('请填写意见')).toBeVisible();
  await reject.getByTestId('field-comment').fill('答复未说明长效管理措施，请补充。');
  await reject.getByTestId('action-submit').click();
  await status(dialog, '办理中');
  await expect.poll(() => badge(reviewer.page, 'qu_shz')).toBe(shz.expected - 1);
  await closeDialog(reviewer.page);

  // 5. back with the street ("rejected back to me"): it replies again
  const JD_BH = '/jsjb/street/jd_bh';
  await checkQueue(street.page, request, street.token, JD_BH, order, true);
  dialog = await openFromRow(street.page, JD_BH, order);
  await clickAction(dialog, 'reply');
  reply = dialog.getByTestId('action-panel');
  await reply.getByTestId('field-content').fill('已补充：城管每日早高峰巡查，设置临时疏导点。');
  await reply.getByTestId('field-contacted').getByText('是').click();
  await reply.getByTestId('field-resolved').getByText('是').click();
  await reply.getByTestId('action-submit').click();
  await status(dialog, '答复审核中');
  await closeDialog(street.page);
  await checkQueue(street.page, request, street.token, JD_BH, order, false);

  // 6. the reviewer approves: the order waits for its return visit
  await checkQueue(reviewer.page, request, reviewer.token, SHZ, order, true);
  dialog = await openFromRow(reviewer.page, SHZ, order);
  await clickAction(dialog, 'approve_reply');
  await dialog.getByTestId('action-panel').getByTestId('action-submit').click();
  await status(dialog, '已答复');
  await closeDialog(reviewer.page);
  await checkQueue(reviewer.page, request, reviewer.token, '/jsjb/district/qu_dhf', order, true);

  // 7. call-back staff reaches the caller: satisfied, resolved — the order closes
  const visitor = await newSession(browser, 'visitor');
  await noJump(visitor.page);
  const HF = '/jsjb/callback/hf_dhf';
  const hf = await checkQueue(visitor.page, request, visitor.token, HF, order, true);
  dialog = await openFromRow(visitor.page, HF, order);
  await clickAction(dialog, 'visit');
  const visit = dialog.getByTestId('action-panel');
  await visit.getByTestId('field-reached').getByText('已接通').click();
  await visit.getByTestId('action-submit').click();
  await expect(visit.getByText('接通后请选择全部回访结果')).toHaveCount(3);
  await visit.getByTestId('field-hostContacted').getByText('是').click();
  await visit.getByTestId('field-resolved').getByText('是').click();
  await visit.getByTestId('field-satisfaction').getByText('满意', { exact: true }).click();
  await visit.getByTestId('action-submit').click();
  await status(dialog, '已办结');
  await expect.poll(() => badge(visitor.page, 'hf_dhf')).toBe(hf.expected - 1);
  await closeDialog(visitor.page);

  // 8. closed, as every role sees it
  await checkQueue(page, request, dispatcherToken, '/jsjb/district/qu_ybj', order, true);
  await checkQueue(street.page, request, street.token, '/jsjb/street/jd_ybj', order, true);
  const admin = await apiLogin(request, 'admin');
  const detail = await ok<{ order: { status: number }; timeline: { action: string }[] }>(
    request,
    '/api/addons/jsjb/lists/detail',
    admin,
    { id: order.id },
  );
  expect(detail.order.status).toBe(92);
  expect(detail.timeline.map((e) => e.action)).toEqual(
    expect.arrayContaining([
      'sign',
      'dispatch',
      'host_sign',
      'attach',
      'reply',
      'reject_reply',
      'approve_reply',
      'visit',
    ]),
  );
  for (const s of [street, reviewer, visitor]) await s.close();
});
