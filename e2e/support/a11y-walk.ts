import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { api, apiLogin, loginAs, openLogin } from './console';

/**
 * The accessibility walk of issue 20, shared by the desktop spec (tests/a11y.spec.ts) and the
 * phone spec (tests/phone/a11y.spec.ts): axe on the login page, home, a queue, the order detail
 * dialog, intake, the board and the admin pages (the working-day calendar among them), in one
 * language. 0 critical and 0 serious.
 */
export type Lang = 'zh-CN' | 'en-US';

/** Shell pages checked, as console routes (the administrator sees them all). */
export const A11Y_PAGES = [
  '/index',
  '/jsjb/district/qu_dqs',
  '/jsjb/work/intake',
  '/stats/kanban',
  '/system/users',
  '/system/units',
  '/system/roles',
  '/system/config',
  '/system/calendar',
] as const;

/** Stores the language the console starts in (read once when the page loads). */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('language', value), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function settled(page: Page, what: string): Promise<void> {
  await expect(page.locator('[data-layout]'), what).toBeVisible();
  await expect(page.locator('.ant-spin-spinning:visible')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.hl-progress')).toHaveCount(0);
}

export async function checkLogin(page: Page, lang: Lang): Promise<void> {
  await openLogin(page);
  await useLanguage(page, lang);
  await expect(page.locator('form#login')).toBeVisible();
  await expectAccessible(page, `login (${lang})`);
}

/** Logs in as admin, then checks `routes` and the detail dialog of an order of the queue. */
export async function checkShell(
  page: Page,
  request: APIRequestContext,
  lang: Lang,
  routes: readonly string[] = A11Y_PAGES,
): Promise<void> {
  await loginAs(page, 'admin');
  await useLanguage(page, lang);
  for (const route of routes) {
    await page.goto(`/#${route}`);
    await settled(page, route);
    await expect(page.locator('h1')).toHaveCount(1);
    await expectAccessible(page, `${route} (${lang})`);
  }
  // the detail dialog of the first order of a queue
  const token = await apiLogin(request, 'admin');
  const queue = await api<{ list: { id: number }[] }>(
    request,
    'POST',
    '/api/addons/jsjb/lists/search',
    token,
    { menuId: 'qu_dqs', pageSize: 10 },
  );
  const id = queue.list[0]?.id;
  expect(id, 'an order in 待签收').toBeTruthy();
  await page.goto('/#/jsjb/district/qu_dqs');
  await settled(page, 'queue');
  // the table settings (drag handles among the column rows)
  await page.locator('.hl-order-list:visible').getByTestId('table-settings').click();
  await expect(page.locator('.hl-col-settings .hl-col-drag').first()).toBeVisible();
  await expectAccessible(page, `table settings (${lang})`);
  await page.keyboard.press('Escape');
  await expect(page.locator('.hl-col-settings')).toBeHidden();
  // the pointer off the page: where the gear was, the dialog's tabs come (a hover colour)
  await page.mouse.move(1, 1);
  await page.evaluate(
    (orderId) =>
      window.dispatchEvent(
        new CustomEvent('hotline:order-event', {
          detail: { type: 'open', order: { id: orderId } },
        }),
      ),
    id,
  );
  const dialog = page.getByTestId('order-dialog');
  await expect(dialog.locator(`[data-testid="order-detail"][data-order-id="${id}"]`)).toBeVisible();
  await expect(dialog.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page, `order detail dialog (${lang})`);
}
