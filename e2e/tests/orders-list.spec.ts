import { expect, test } from '../support/test';
import { formatCst } from '@hotline/domain';
import { openSelect, presetTheme } from '../support/console';
import { call, expectRows, listOf, listView, shownTotal, tableRows } from './support/list-helpers';
import { loginAs, newSession, openRoute } from './support/session';
import type { Page } from '../support/test';

async function choosePageSize(page: Page, n: number): Promise<void> {
  const list = await openSelect(
    page,
    listView(page).locator('.ant-pagination-options .ant-select'),
  );
  await list
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${n}\\b`) })
    .click();
}

/** The work-order list pages against the real server (demo seed). */

const BLZ = '/jsjb/district/qu_blz';
const DQS = '/jsjb/district/qu_dqs';

test('the filter lives in the URL: a reload and a shared link show the same list', async ({
  page,
  browser,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  await openRoute(page, BLZ);
  await expectRows(page, 10);
  // a keyword taken from a real order of the queue
  const { list } = await listOf(request, token, { menuId: 'qu_blz', pageSize: 10 });
  const keyword = list[0]!.title.slice(0, 4);
  const expected = await call<{ totalCount: number }>(request, 'lists/searchEs', token, {
    menuId: 'qu_blz',
    keyword,
    isAmount: 1,
  });
  const bar = listView(page).getByTestId('order-filter');
  await bar.getByLabel('全文检索').fill(keyword);
  await bar.getByTestId('filter-search').click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
  await expect.poll(() => shownTotal(page)).toBe(expected.totalCount);

  // page 2 with 15 rows, in the URL too
  await choosePageSize(page, 15);
  await expect(page).toHaveURL(/pageSize=15/);
  const url = page.url();

  await page.reload();
  await expect(bar.getByLabel('全文检索')).toHaveValue(keyword);
  await expect.poll(() => shownTotal(page)).toBe(expected.totalCount);
  await expectRows(page, Math.min(15, expected.totalCount));

  // a shared link opened by another user in another browser
  const other = await newSession(browser, 'reviewer');
  await other.page.goto(url);
  await expect(listView(other.page).getByTestId('order-filter').getByLabel('全文检索')).toHaveValue(
    keyword,
  );
  await expect.poll(() => shownTotal(other.page)).toBe(expected.totalCount);
  await other.close();

  // a one-character keyword is refused before anything is sent
  await bar.getByLabel('全文检索').fill('路');
  await bar.getByTestId('filter-search').click();
  await expect(bar.getByText('全文检索至少 2 个字')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
});

test('a link with every kind of filter shows them in the bar and lists what the server lists', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const hosts = await call<{ list: { children: { id: number; name: string }[] }[] }>(
    request,
    'org/queryOrgInfoHdTree',
    token,
  );
  const host = hosts.list[0]!.children[0]!;
  const query = {
    status: '1,11',
    urgency: 'general',
    hostUnitId: String(host.id),
    isKeyAppeal: '0',
    callTimeFrom: '2025-01-01',
    callTimeTo: '2030-12-31',
  };
  const expected = await listOf(request, token, { ...query, menuId: 'qu_blz', pageSize: 10 });
  expect(expected.totalCount).toBeGreaterThan(0);
  await page.goto(`/#/jsjb/district/qu_blz?${new URLSearchParams(query).toString()}`);
  await expect.poll(() => shownTotal(page)).toBe(expected.totalCount);
  const bar = listView(page).getByTestId('order-filter');
  await expect(bar.locator('.ant-select-selection-item').filter({ hasText: '办理中' })).toHaveCount(
    1,
  );
  await expect(bar.locator('.ant-select-selection-item').filter({ hasText: '一般' })).toHaveCount(
    1,
  );
  // the "more filters" part opens by itself when the link uses it
  await expect(bar.getByText(host.name)).toBeVisible();
  await expect(
    bar.locator('input[date-range="start"], .ant-picker-input input').first(),
  ).toHaveValue('2025-01-01');
  // reset clears the URL
  await bar.getByRole('button', { name: /重\s*置/ }).click();
  await expect(page).toHaveURL(/qu_blz$/);
});

test('page sizes 10…150; the stored list_page_size is the default', async ({ page }) => {
  await loginAs(page, 'dispatcher');
  await openRoute(page, BLZ);
  await expectRows(page, 10);
  const list = await openSelect(
    page,
    listView(page).locator('.ant-pagination-options .ant-select'),
  );
  await expect(list.locator('.ant-select-item-option')).toHaveCount(8);
  const options = await list.locator('.ant-select-item-option').allTextContents();
  expect(options.map((o) => Number(/\d+/.exec(o)?.[0]))).toEqual([
    10, 15, 20, 30, 40, 50, 100, 150,
  ]);
  await list.locator('.ant-select-item-option').filter({ hasText: /^30\b/ }).click();
  await expectRows(page, 30);
  await expect(page).toHaveURL(/pageSize=30/);

  await presetTheme(page, { list_page_size: 20 });
  await page.goto(`/#${BLZ}`);
  await page.reload();
  await expectRows(page, 20);
  expect(page.url()).not.toContain('pageSize');
});

test('the refusal-to-sign time counts down live', async ({ page, request }) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await listOf(request, token, { menuId: 'qu_dqs', pageSize: 10 });
  const running = list.find((r) => r.refuseDeadline && Date.parse(r.refuseDeadline) > Date.now());
  expect(running, 'a pending-sign order whose refusal time runs').toBeTruthy();
  await openRoute(page, DQS);
  const cell = listView(page).locator(
    `.ant-table-row[data-row-key="${running!.id}"] td[data-col="refuseCountdown"] .hl-countdown`,
  );
  await expect(cell).toHaveText(/^(\d+d )?\d{2}:\d{2}:\d{2}$/);
  const first = await cell.textContent();
  await expect.poll(() => cell.textContent(), { timeout: 5_000 }).not.toBe(first);
  // the time shown matches the server's deadline (within a few seconds)
  const left = Date.parse(running!.refuseDeadline!) - Date.now();
  const [, d, h, m, s] = /^(?:(\d+)d )?(\d{2}):(\d{2}):(\d{2})$/.exec((await cell.textContent())!)!;
  const shown = ((Number(d ?? 0) * 24 + Number(h)) * 60 + Number(m)) * 60_000 + Number(s) * 1000;
  expect(Math.abs(shown - left)).toBeLessThan(5_000);
});

test('overdue and near-deadline rows stand out; status tags are readable', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  await presetTheme(page, { list_page_size: 50 });
  const { list } = await listOf(request, token, { menuId: 'qu_yjyj', pageSize: 50 });
  const now = Date.now();
  const overdue = list.filter((r) => r.deadline && Date.parse(r.deadline) <= now);
  const near = list.filter(
    (r) =>
      r.deadline && Date.parse(r.deadline) > now && Date.parse(r.deadline) - now <= 8 * 3600_000,
  );
  expect(
    overdue.length + near.length,
    'the overdue-warning queue has rows to mark',
  ).toBeGreaterThan(0);
  await page.goto('/#/jsjb/district/qu_yjyj');
  await page.reload();
  await expectRows(page, list.length);
  const marked = async (cls: string) =>
    (
      await listView(page)
        .locator(`.ant-table-row.${cls}`)
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-row-key'))))
    ).sort((a, b) => a - b);
  expect(await marked('hl-row-overdue')).toEqual(overdue.map((r) => r.id).sort((a, b) => a - b));
  expect(await marked('hl-row-near')).toEqual(near.map((r) => r.id).sort((a, b) => a - b));
  await expect(listView(page).locator('td[data-col="status"] .ant-tag').first()).toHaveText(
    '办理中',
  );
});

test('an order number opens the order in the detail dialog (order bus)', async ({ page }) => {
  await loginAs(page, 'dispatcher');
  await openRoute(page, BLZ);
  await expectRows(page, 10);
  const row = tableRows(page).nth(2);
  const id = await row.getAttribute('data-row-key');
  const orderNum = (await row.locator('td[data-col="orderNum"]').textContent())!.trim();
  await row.locator('.hl-order-link').click();
  const dialog = page.getByTestId('order-dialog');
  await expect(dialog.locator(`[data-testid="order-detail"][data-order-id="${id}"]`)).toBeVisible();
  await expect(dialog.getByTestId('detail-order-num')).toHaveText(orderNum);
});

test('a queue offers only the statuses it can hold; a queue of one status offers none', async ({
  page,
}) => {
  await loginAs(page, 'reviewer');
  await openRoute(page, '/jsjb/district/qu_shz');
  const bar = listView(page).getByTestId('order-filter');
  const options = await openSelect(page, bar.getByLabel('工单状态'));
  await expect(options.locator('.ant-select-item-option')).toHaveText(['答复审核中', '退回审核中']);
  await page.keyboard.press('Escape');
  await openRoute(page, BLZ.replace('qu_blz', 'qu_dhf'));
  await expect(listView(page).getByTestId('order-filter').getByText('工单状态')).toBeHidden();
});

test('times show in China time, whatever the browser’s time zone', async ({ browser, request }) => {
  // a browser in California, 16 hours behind Beijing in December
  const { page, token, close } = await newSession(browser, 'dispatcher', {
    timezoneId: 'America/Los_Angeles',
  });
  try {
    // soonest deadline first: the page's orders have one (new orders, not dispatched, do not)
    await page.goto(`/#${BLZ}?sort=deadline&sortOrder=asc`);
    await expectRows(page, 10);
    const { list } = await listOf(request, token, {
      menuId: 'qu_blz',
      pageSize: 10,
      sort: 'deadline',
      sortOrder: 'asc',
    });
    const timed = list.find((o) => o.deadline !== null);
    expect(timed, 'an order of the page with a deadline').toBeTruthy();
    const row = tableRows(page).and(page.locator(`[data-order-id="${timed!.id}"]`));
    const cell = row.locator('td[data-col="deadline"]');
    await expect(cell).toHaveText(formatCst(timed!.deadline, 'YYYY-MM-DD HH:mm'));
  } finally {
    await close();
  }
});
