import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/test';

/**
 * Service-worker update flow against the real build: a changed sw.js is installed as an
 * update, the console says "new version detected, downloading", then "update complete,
 * refresh in 10 s", and reloads 10 s later.
 */

// The build this run's server serves: its own copy when runs go side by side
// (scripts/e2e-shards.mjs), so that the new sw.js below reaches no other run's pages.
const SW_FILE = join(
  process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
  'sw.js',
);

test('a new service worker is announced and the page reloads 10 s later', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/#/login');
  await expect(page.locator('form#login')).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 15_000,
  });

  const original = readFileSync(SW_FILE, 'utf8');
  try {
    // a new build: same file with a new version stamp
    writeFileSync(SW_FILE, `${original}\n// e2e update ${Date.now()}\n`);
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    const started = Date.now();
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(page.locator('.ant-message')).toContainText('检测到新版本，正在下载中');
    await expect(page.locator('.ant-message')).toContainText('更新完成，10 秒后自动刷新页面');
    await reloaded;
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(
      await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate),
    ).toBeUndefined();
  } finally {
    writeFileSync(SW_FILE, original);
  }
});
