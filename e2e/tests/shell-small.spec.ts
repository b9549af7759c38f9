import { expect, test } from '../support/test';
import { loginAs } from './support/session';

/** Small defects of the shell (issue 20, defect 9): role names, messages said once. */

test('the home page names the roles, not their keys', async ({ page }) => {
  await loginAs(page, 'dispatcher');
  const tag = page.locator('.hl-welcome-facts [data-role="dispatcher"]');
  await expect(tag).toHaveText('区派单员');
});

test('/auth with a bad token says so once: on the page, no toast repeating it', async ({
  page,
}) => {
  await page.goto('/#/auth?token=not-a-token');
  await expect(page.locator('.ant-result-subtitle')).toHaveText('单点登录令牌无效');
  await page.waitForTimeout(1000);
  await expect(page.getByText('单点登录令牌无效')).toHaveCount(1);
});

test('/test/eventbus: the sign-in message shows once', async ({ page }) => {
  await page.goto('/#/test/eventbus');
  await expect(page.locator('.ant-message-notice').first()).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.locator('.ant-message-notice').filter({ hasText: '请先登录' })).toHaveCount(1);
});
