import { expect, test, type Page } from '../support/test';
import { loginAs } from '../support/console';

/**
 * The system's "reduce motion" setting (WCAG 2.3.3): with it the theme drawer opens without
 * antd's sliding animation and the shell's CSS transitions end at once; without it both
 * animate. The suite runs with the setting on (playwright.config.ts); each case here sets it.
 */

/** The motion classes antd puts on the drawer while it opens (recorded from the click on). */
async function drawerMotionClasses(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { __motion: Set<string> }).__motion = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target instanceof Element ? r.target : null;
        for (const name of el?.classList ?? []) if (/motion/.test(name)) seen.add(name);
        for (const node of r.addedNodes)
          if (node instanceof Element)
            for (const inner of [node, ...node.querySelectorAll('*')])
              for (const name of inner.classList) if (/motion/.test(name)) seen.add(name);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('button', { name: /主题配置|Theme settings/ }).click();
  await expect(page.locator('.hl-theme-drawer')).toBeVisible();
  return page.evaluate(() => [...(window as unknown as { __motion: Set<string> }).__motion]);
}

/** The computed transition of the sider (shell.css: `width 0.2s ease`). */
const siderTransition = (page: Page) =>
  page
    .locator('.hl-sider')
    .first()
    .evaluate((el) => {
      return getComputedStyle(el).transitionDuration;
    });

test.describe('reduce motion on', () => {
  test.use({ reducedMotion: 'reduce' });
  test('the drawer opens without an animation, transitions end at once', async ({ page }) => {
    await loginAs(page, 'dispatcher');
    expect(await drawerMotionClasses(page)).toEqual([]);
    expect(parseFloat(await siderTransition(page))).toBeLessThan(0.001);
  });
});

test.describe('reduce motion off', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('the drawer slides in, the sider animates its width', async ({ page }) => {
    await loginAs(page, 'dispatcher');
    expect((await drawerMotionClasses(page)).length).toBeGreaterThan(0);
    expect(parseFloat(await siderTransition(page))).toBeGreaterThan(0.1);
  });
});
