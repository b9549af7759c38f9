import { expect, test } from '../support/test';
import { loginAs, openRoute } from './support/session';

/**
 * Text messages to citizens in the console: the templates sit in 系统配置 → 市民服务 with a
 * live preview on a sample order; the intake form lets the caller opt out.
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
