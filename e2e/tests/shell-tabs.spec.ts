import { expect, test, type Page } from '../support/test';
import { loginAs, openDropdown } from '../support/console';

/** The tab bar's rules against the real menu of the dispatcher. */

const Q = (id: string) => `/jsjb/district/${id}`;
const tabs = (page: Page) => page.locator('.hl-tabs .ant-tabs-tab');
const tabPaths = (page: Page) =>
  page
    .locator('.hl-tabs .hl-tab-label')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-tab-path')));
const tab = (page: Page, path: string) =>
  page.locator(`.hl-tabs .ant-tabs-tab:has([data-tab-path="${path}"])`);

async function open(page: Page, path: string) {
  await page.goto(`/#${path}`);
  await expect(page.locator(`.hl-view[data-view="${path}"]`)).toBeVisible();
}

async function contextAction(page: Page, path: string, name: RegExp) {
  const menu = await openDropdown(page, page.locator(`[data-tab-path="${path}"]`), 'right');
  await menu.getByRole('menuitem', { name }).click();
}

/** The same through the tab bar's own More drop-down. */
async function moreAction(page: Page, name: RegExp) {
  const menu = await openDropdown(page, page.getByTestId('tabs-bar').locator('.hl-tabs-more'));
  await menu.getByRole('menuitem', { name }).click();
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, 'dispatcher');
  for (const id of ['qu_dqs', 'qu_blz', 'qu_shz', 'qu_dhf']) await open(page, Q(id));
});

test('keeps visited routes, persisted across reloads; the first tab has no close button', async ({
  page,
}) => {
  expect(await tabPaths(page)).toEqual([
    '/index',
    Q('qu_dqs'),
    Q('qu_blz'),
    Q('qu_shz'),
    Q('qu_dhf'),
  ]);
  await page.reload();
  await expect(tabs(page)).toHaveCount(5);
  expect(await tabPaths(page)).toEqual([
    '/index',
    Q('qu_dqs'),
    Q('qu_blz'),
    Q('qu_shz'),
    Q('qu_dhf'),
  ]);
  const stored = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('tabs') ?? '[]') as {
        path: string;
        name: string;
        query: unknown;
        params: unknown;
        meta: { title: string };
        parentIcon: string;
      }[],
  );
  expect(stored[1]).toMatchObject({
    path: Q('qu_dqs'),
    name: 'Queue_qu_dqs',
    query: {},
    params: {},
    meta: { title: '待签收' },
    parentIcon: 'file-text',
  });
  await expect(tab(page, '/index').locator('.hl-tab-close')).toHaveCount(0);
  await expect(tab(page, Q('qu_dqs')).locator('.hl-tab-close')).toHaveCount(1);
  // the context menu cannot close it either
  await page.locator('[data-tab-path="/index"]').click({ button: 'right' });
  await expect(
    page
      .locator('.ant-dropdown:visible')
      .getByRole('menuitem')
      .filter({ hasText: /^关闭$/ }),
  ).toHaveAttribute('aria-disabled', 'true');
});

test('close others, close left, close right, close all (right-click and drop-down)', async ({
  page,
}) => {
  await contextAction(page, Q('qu_shz'), /关闭左侧/);
  await expect.poll(() => tabPaths(page)).toEqual(['/index', Q('qu_shz'), Q('qu_dhf')]);
  await contextAction(page, Q('qu_shz'), /关闭右侧/);
  await expect.poll(() => tabPaths(page)).toEqual(['/index', Q('qu_shz')]);
  // closing the active tab (qu_dhf was active and is gone) moved to the last remaining tab
  await expect(page).toHaveURL(new RegExp(`#${Q('qu_shz')}$`));
  await open(page, Q('qu_blz'));
  await open(page, Q('qu_ybj'));
  await moreAction(page, /关闭其他/);
  await expect.poll(() => tabPaths(page)).toEqual(['/index', Q('qu_ybj')]);
  await moreAction(page, /关闭全部/);
  await expect.poll(() => tabPaths(page)).toEqual(['/index']);
  await expect(page).toHaveURL(/#\/index$/);
});

test('closing the active tab goes to the last remaining tab', async ({ page }) => {
  await open(page, Q('qu_blz'));
  await tab(page, Q('qu_blz')).locator('.hl-tab-close').click();
  await expect(page).toHaveURL(new RegExp(`#${Q('qu_dhf')}$`));
  expect(await tabPaths(page)).toEqual(['/index', Q('qu_dqs'), Q('qu_shz'), Q('qu_dhf')]);
});

test('kept-alive views come back untouched; clicking the active tab rebuilds it; a closed tab drops its view', async ({
  page,
}) => {
  const view = (path: string) => page.locator(`.hl-view[data-view="${path}"]`);
  // mark the DOM of a view: a rebuilt view would lose the mark
  await view(Q('qu_dqs')).evaluate((el) => el.setAttribute('data-mark', 'kept'));
  await page.locator(`[data-tab-path="${Q('qu_blz')}"]`).click();
  await expect(view(Q('qu_dqs'))).toBeHidden();
  await page.locator(`[data-tab-path="${Q('qu_dqs')}"]`).click();
  await expect(view(Q('qu_dqs'))).toBeVisible();
  await expect(view(Q('qu_dqs'))).toHaveAttribute('data-mark', 'kept');

  // clicking the active tab again reloads the view
  await page.locator(`[data-tab-path="${Q('qu_dqs')}"]`).click();
  await expect(view(Q('qu_dqs'))).toBeVisible();
  await expect(view(Q('qu_dqs'))).not.toHaveAttribute('data-mark', 'kept');

  // closing a tab drops its cached view
  await expect(view(Q('qu_shz'))).toHaveCount(1);
  await tab(page, Q('qu_shz')).locator('.hl-tab-close').click();
  await expect(view(Q('qu_shz'))).toHaveCount(0);
});

test('at most 20 views are kept alive; the least recently used is evicted, its tab stays', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ids = ['qu_yqs', 'qu_yjyj', 'qu_yth', 'qu_ybj', 'qu_zdsq', 'qu_dfp', 'qu_dlq'];
  const paths = [
    ...ids.map(Q),
    '/index',
    '/jsjb/work/intake',
    '/jsjb/work/locked',
    '/stats/kanban',
  ];
  for (let i = 1; i <= 10; i += 1) paths.push(`/jsjb/order/${i}`);
  for (const path of paths) await open(page, path);
  // 4 from beforeEach + 7 queues + index + 3 pages + 10 details = 25 visited views
  await expect(page.locator('.hl-view')).toHaveCount(20);
  await expect(page.locator(`.hl-view[data-view="${Q('qu_dqs')}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-tab-path="${Q('qu_dqs')}"]`)).toHaveCount(1);
});

test('two orders open side by side: each detail tab names its order', async ({ page }) => {
  const token = await page.evaluate(() => localStorage.getItem('jsjb') ?? '');
  const reply = await page.request.post('/api/addons/jsjb/lists/search', {
    headers: { Authorization: `Bearer ${token}` },
    data: { menuId: 'qu_blz', pageSize: 10 },
  });
  const { data } = (await reply.json()) as { data: { list: { id: number; orderNum: string }[] } };
  const [first, second] = data.list;
  for (const order of [first!, second!]) {
    await open(page, `/jsjb/order/${order.id}`);
    // a hidden view's effects wait until it shows again: let each order load while shown
    await expect(
      page.getByTestId('order-detail-page').getByText(order.orderNum).first(),
    ).toBeVisible();
  }
  for (const order of [first!, second!]) {
    await expect(tab(page, `/jsjb/order/${order.id}`)).toHaveText(`工单详情 ${order.orderNum}`);
  }
  // the label stays after a reload, before the order is read again
  await page.reload();
  await expect(tab(page, `/jsjb/order/${first!.id}`)).toHaveText(`工单详情 ${first!.orderNum}`);
});
