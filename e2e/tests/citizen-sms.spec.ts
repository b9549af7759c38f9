import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/test';
import { actionsOf, confirmAction, openOrder } from './support/detail-helpers';
import { call, listOf, pagesDir } from './support/list-helpers';
import { loginAs, openRoute } from './support/session';

/**
 * Text messages to citizens in the console: the templates sit in 系统配置 → 市民服务 with a
 * live preview on a sample order; the intake form lets the caller opt out, and whoever may edit
 * the order switches its texts off and on again from the detail.
 */

test('an administrator sees a text template previewed as it is edited', async ({ page }) => {
  await loginAs(page, 'admin');
  await openRoute(page, '/system/config');
  await expect(page.getByTestId('settings-form-jsjb')).toBeVisible();
  const item = page.locator('[data-setting="sms_tpl_dispatched"]');
  await item.scrollIntoViewIfNeeded();
  const preview = page.getByTestId('sms-preview-sms_tpl_dispatched');
  // the default template, with the sample order filled in
  await expect(preview).toContainText('您的工单 ZJ202611250001（路灯不亮）已派往承办单位办理。');
  await item.locator('textarea, input').first().fill('工单 {orderNum}：{reply} {nope}');
  await expect(preview).toContainText(
    '工单 ZJ202611250001：经现场核查，路灯线路故障已修复，恢复照明。 {nope}',
  );
});

test('the intake form offers the caller an opt-out of progress texts', async ({ page }) => {
  await loginAs(page, 'agent');
  await openRoute(page, '/jsjb/work/intake');
  const optOut = page.getByTestId('intake-sms-opt-out');
  await expect(optOut).toBeVisible();
  await expect(page.getByText('来电人不接收办理进度短信')).toBeVisible();
});

test('after intake the dispatcher switches the caller’s texts off and on in the detail', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await listOf(request, token, { pageSize: 10 });
  const categoryId = (list as unknown as { categoryId: number | null }[]).find(
    (o) => o.categoryId,
  )?.categoryId;
  const made = await call<{ order: { id: number } }>(request, 'redaction/insert', token, {
    title: `短信开关测试 ${Date.now() % 100000}`,
    majorContent: '来电人反映小区垃圾清运不及时，夏天气味很大。',
    callerName: '赵六',
    callerPhone: `135${String(Date.now()).slice(-8)}`,
    address: '望湖街道望湖路 5 号',
    categoryId,
    urgency: 'general',
    orderNature: 'complaint',
  });
  const id = made.order.id;
  const dialog = await openOrder(page, id);
  const field = dialog.locator('[data-field="smsOptOut"]');
  await expect(field).toHaveText('否');
  expect(await actionsOf(dialog)).toContain('sms_opt_out');
  expect(await actionsOf(dialog)).not.toContain('sms_opt_in');

  await confirmAction(page, dialog, 'sms_opt_out');
  await expect(field).toHaveText('是');
  await expect(dialog.locator('button[data-action="sms_opt_in"]')).toBeVisible();
  await expect(dialog.locator('button[data-action="sms_opt_out"]')).toHaveCount(0);
  await dialog.getByRole('tab', { name: /办理记录/ }).click();
  await expect(dialog.getByText('关闭短信通知').first()).toBeVisible();
  await expectAccessible(page, 'order detail, texts switched off');
  await page.screenshot({ path: `${pagesDir()}/detail-sms-opt-out-1280.png` });

  // the server holds it; and the switch goes back
  const detail = await call<{ order: { smsOptOut: boolean } }>(request, 'lists/detail', token, {
    id,
  });
  expect(detail.order.smsOptOut).toBe(true);
  await confirmAction(page, dialog, 'sms_opt_in');
  await dialog.getByRole('tab', { name: /基本信息/ }).click();
  await expect(field).toHaveText('否');
});
