import { expect, request as apiRequest, test, type APIRequestContext } from '../support/test';
import { apiLogin } from '../support/console';
import { startServer, type ExtraServer } from '../support/server';
import { listView, pagesDir, shownTotal, tableRows } from './support/list-helpers';
import { loginAs } from './support/session';

/**
 * Capped list totals in the console, on a server of its own whose cap is 20 (LIST_TOTAL_CAP;
 * the suite's server keeps the real cap, so no other spec sees a capped total): "共 20+ 条",
 * the "精确计数" button asking for the exact figure, and pages past the cap.
 */

test.describe.configure({ mode: 'serial' });

const CAP = 20;
const PORT = Number(process.env.E2E_PORT ?? 8181) + 3;
// A completed-orders queue with a filter that keeps every row: counted with the cap.
const QUERY = 'callTimeFrom=2000-01-01';
const ROUTE = `/#/jsjb/district/qu_ybj?${QUERY}`;

let server: ExtraServer;
let api: APIRequestContext;
let exact: number;

let token: string;

async function exactTotal(
  list: object = { menuId: 'qu_ybj', callTimeFrom: '2000-01-01' },
): Promise<{ capped: unknown; exact: number }> {
  const ask = async (extra: object) => {
    const response = await api.post('/api/addons/jsjb/lists/search', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...list, isAmount: 1, ...extra },
    });
    const body = (await response.json()) as {
      code: number;
      data: { totalCount: number; totalCapped?: boolean };
    };
    expect(body.code).toBe(200);
    return body.data;
  };
  const { totalCount, totalCapped } = await ask({});
  const full = await ask({ exactTotal: 1 });
  return { capped: { totalCount, totalCapped }, exact: full.totalCount };
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer(PORT, { LIST_TOTAL_CAP: String(CAP) });
  api = await apiRequest.newContext({ baseURL: server.baseURL });
  token = await apiLogin(api, 'dispatcher');
  const totals = await exactTotal();
  expect(totals.capped).toEqual({ totalCount: CAP, totalCapped: true });
  exact = totals.exact;
  expect(exact).toBeGreaterThan(3 * CAP);
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test('a capped total reads "共 20+ 条"; 精确计数 shows the exact figure; pages past the cap', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await loginAs(page, 'dispatcher');
  await page.goto(`${ROUTE}&pageSize=10`);
  const total = listView(page).getByTestId('list-total');
  await expect(total).toHaveText(`共 ${CAP}+ 条`);
  await expect(tableRows(page)).toHaveCount(10);

  // the pager offers one page past the cap, and it has rows
  const pager = listView(page).locator('.hl-list-pager');
  await expect(pager.locator('.ant-pagination-item-3')).toBeVisible();
  await expect(pager.locator('.ant-pagination-item-4')).toHaveCount(0);
  await pager.locator('.ant-pagination-item-3').click();
  await expect(page).toHaveURL(/pageNo=3/);
  await expect(tableRows(page)).toHaveCount(10);
  await expect(total).toHaveText(`共 ${CAP}+ 条`);

  // the exact count: a real button with its name, then the figure in full
  const button = listView(page).getByRole('button', { name: '精确计数' });
  await expect(button).toBeVisible();
  const asked = page.waitForRequest(
    (r) => r.url().includes('/lists/search') && r.postDataJSON()?.exactTotal === 1,
  );
  await button.click();
  await asked;
  await expect.poll(() => shownTotal(page)).toBe(exact);
  await expect(total).not.toContainText('+');
  await expect(button).toHaveCount(0);
  // the pager now knows every page
  await expect(pager.locator(`.ant-pagination-item-${Math.ceil(exact / 10)}`)).toBeVisible();

  // a plain queue (no filter) counts exactly from the tally: no cap, no button
  await page.goto('/#/jsjb/district/qu_ybj?pageSize=10');
  await expect.poll(() => shownTotal(page)).toBe(exact);
  await expect(listView(page).getByRole('button', { name: '精确计数' })).toHaveCount(0);

  // so does the whole list of all orders (no queue, no filter), past the cap
  const all = await exactTotal({});
  expect(all.exact).toBeGreaterThan(exact);
  expect(all.capped).toEqual({ totalCount: all.exact });
  await page.goto('/#/jsjb/orders?pageSize=10');
  await expect.poll(() => shownTotal(page)).toBe(all.exact);
  await expect(listView(page).getByTestId('list-total')).not.toContainText('+');
  await expect(listView(page).getByRole('button', { name: '精确计数' })).toHaveCount(0);
  await context.close();
});

test('at 390 px: the capped total and its button fit and work (English too)', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await loginAs(page, 'dispatcher');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(ROUTE);
  const total = listView(page).getByTestId('list-total');
  await expect(total).toHaveText(`共 ${CAP}+ 条`);
  const button = listView(page).getByRole('button', { name: '精确计数' });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport();
  const box = await button.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${pagesDir()}/orders-total-390.png` });
  await button.click();
  await expect.poll(() => shownTotal(page)).toBe(exact);
  await page.screenshot({ path: `${pagesDir()}/orders-total-390-exact.png` });

  // English: "20+ items" and "Exact count"
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(listView(page).getByTestId('list-total')).toHaveText(`${CAP}+ items`);
  const english = listView(page).getByRole('button', { name: 'Exact count' });
  await english.scrollIntoViewIfNeeded();
  await expect(english).toBeInViewport();
  await context.close();
});
