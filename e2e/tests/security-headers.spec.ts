import { api, apiLogin, loginAs, type MenuNode } from '../support/console';
import { expect, test } from '../support/test';

/**
 * Security headers (issue 19): the console and the API answer with a strict
 * Content-Security-Policy, and no page breaks it — every menu page of the administrator and of
 * a street handler is visited (the automatic CSP guard of support/test.ts fails the test on any
 * violation), and the API document's page too.
 */

/** Every leaf page of a menu as a console route (a child's path is under its parent's). */
function routes(nodes: MenuNode[], parent = ''): string[] {
  return nodes.flatMap((n) => {
    const path = n.path.startsWith('/') ? n.path : `${parent}/${n.path}`;
    if (n.meta.hidden) return [];
    return n.children.length > 0 ? routes(n.children, path) : [path];
  });
}

test('the console and the API carry the security headers', async ({ request }) => {
  const home = await request.get('/');
  const csp = home.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(home.headers()['x-frame-options']).toBe('DENY');
  expect(home.headers()['x-content-type-options']).toBe('nosniff');
  expect(home.headers()['referrer-policy']).toBe('no-referrer');
  const apiReply = await request.post('/api/getWebConfig', { data: {} });
  expect(apiReply.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(apiReply.headers()['x-content-type-options']).toBe('nosniff');
});

test("the console's files arrive compressed, the hashed ones cached for good", async ({ page }) => {
  const assets: { url: string; encoding?: string; cache?: string; size: number }[] = [];
  page.on('response', async (res) => {
    if (!new URL(res.url()).pathname.startsWith('/assets/')) return;
    const headers = await res.allHeaders();
    const size = (await res.body().catch(() => Buffer.alloc(0))).length;
    assets.push({
      url: res.url(),
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
      size,
    });
  });
  const home = await page.goto('/#/login');
  expect((await home?.allHeaders())?.['cache-control']).toBe('no-cache');
  await expect(page.locator('form#login')).toBeVisible();
  const scripts = assets.filter((a) => a.url.endsWith('.js') && a.size >= 1024);
  expect(scripts.length).toBeGreaterThan(5);
  for (const a of scripts) {
    expect(a.encoding, a.url).toBe('br');
    expect(a.cache, a.url).toBe('public, max-age=31536000, immutable');
  }
});

for (const username of ['admin', 'street1']) {
  test(`every menu page of ${username} loads without a CSP violation`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await loginAs(page, username);
    const token = await apiLogin(request, username);
    const menu = await api<{ list: MenuNode[] }>(request, 'GET', '/api/rule/menu?ismenu=1', token);
    const pages = routes(menu.list);
    expect(pages.length).toBeGreaterThan(3);
    for (const route of pages) {
      await page.goto(`/#${route}`);
      await expect(page.locator('[data-layout]'), route).toBeVisible();
      await expect(page.locator('.ant-spin-spinning:visible')).toHaveCount(0, { timeout: 15_000 });
    }
  });
}

test('the API document page works under its own policy', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('12345');
});
