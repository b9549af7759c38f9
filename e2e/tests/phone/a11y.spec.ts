import { A11Y_PAGES, checkLogin, checkShell, type Lang } from '../../support/a11y-walk';
import { test } from '../../support/test';

/**
 * Accessibility (issue 20): axe-core (WCAG 2 A and AA) finds no critical or serious violation
 * on the login page, home, a queue, the order detail, intake, the board and the admin pages,
 * in Chinese and in English. Here at 390 × 844 with touch (the phone project); tests/a11y.spec.ts is the desktop walk.
 */
for (const lang of ['zh-CN', 'en-US'] as Lang[]) {
  test(`login page is accessible (${lang})`, async ({ page }) => {
    await checkLogin(page, lang);
  });

  test(`console pages and the order detail are accessible (${lang})`, async ({ page, request }) => {
    // About a minute on a quiet machine; over three beside a 10M benchmark build (CI, 2026-12-05).
    test.setTimeout(360_000);
    // English on the phone: the shell and a queue (the desktop walk reads every page in both)
    await checkShell(
      page,
      request,
      lang,
      lang === 'zh-CN' ? A11Y_PAGES : ['/index', '/jsjb/district/qu_dqs', '/system/config'],
    );
  });
}
