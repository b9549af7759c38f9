import { checkLogin, checkShell, type Lang } from '../support/a11y-walk';
import { test } from '../support/test';

/**
 * Accessibility (issue 20): axe-core (WCAG 2 A and AA) finds no critical or serious violation
 * on the login page, home, a queue, the order detail, intake, the board and the admin pages,
 * in Chinese and in English. The phone project runs the same walk at 390 px (tests/phone).
 */
for (const lang of ['zh-CN', 'en-US'] as Lang[]) {
  test(`login page is accessible (${lang})`, async ({ page }) => {
    await checkLogin(page, lang);
  });

  test(`console pages and the order detail are accessible (${lang})`, async ({ page, request }) => {
    // About a minute on a quiet machine; over three beside a 10M benchmark build (CI, 2026-12-05).
    test.setTimeout(360_000);
    await checkShell(page, request, lang);
  });
}
