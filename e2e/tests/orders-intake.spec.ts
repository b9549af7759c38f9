import { STATUS_NAMES } from '@hotline/domain';
import { expect, test, type Page } from '../support/test';
import { call, listOf, pagesDir } from './support/list-helpers';
import { useLanguage } from '../support/a11y-walk';
import { loginAs, openRoute } from './support/session';

/** The self-built order form (intake) and "my locked orders", against the real server. */

const INTAKE = '/jsjb/work/intake';
const form = (page: Page) => page.getByTestId('intake-form');

async function chooseInSelect(page: Page, testIdOrLabel: string, text: string): Promise<void> {
  const field = form(page).getByLabel(testIdOrLabel, { exact: true });
  // Open this select's own drop-down (a click during the form's first layout could land
  // elsewhere: CI once typed into the next field's select), then type into its search input.
  await expect(async () => {
    await field.click({ force: true });
    await expect(field).toBeFocused({ timeout: 1000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await field.pressSequentially(text);
  await page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-tree-title, .ant-select-item-option-content')
    .getByText(text, { exact: true })
    .first()
    .click();
}

async function fillOrder(page: Page, title: string): Promise<void> {
  await form(page).getByLabel('来电人', { exact: true }).fill('张三');
  await form(page).getByLabel('来电号码').fill('13812345678');
  await form(page).getByLabel('工单标题').fill(title);
  await form(page)
    .getByLabel('诉求内容')
    .fill('小区门口的路灯已经连续三天不亮，晚上出行很不方便。');
  await chooseInSelect(page, '问题分类', '路灯不亮');
  await chooseInSelect(page, '工单性质', '投诉');
  await form(page).getByLabel('事发地址').fill('望湖街道望湖路 1 号');
}

async function createdNumber(page: Page, pattern: RegExp): Promise<string> {
  const notice = page.locator('.ant-message-notice').filter({ hasText: pattern });
  await expect(notice).toBeVisible();
  // the last number named is the new order's (a merge message names the target first)
  return [...((await notice.textContent()) ?? '').matchAll(/ZJ\d+/g)].at(-1)?.[0] ?? '';
}

test('an agent creates an order; the form checks its fields first', async ({ page, request }) => {
  const token = await loginAs(page, 'agent');
  await openRoute(page, INTAKE);
  await page.getByTestId('intake-submit').click();
  for (const text of [
    '请填写来电人',
    '请填写来电号码',
    '请填写工单标题',
    '请填写诉求内容',
    '请填写问题分类',
  ])
    await expect(form(page).getByText(text)).toBeVisible();
  await form(page).getByLabel('来电号码').fill('12345');
  await form(page).getByLabel('诉求内容').fill('太短了');
  await page.getByTestId('intake-submit').click();
  await expect(
    form(page).getByText('请输入正确的手机号或固定电话（如 010-12345678）'),
  ).toBeVisible();
  await expect(form(page).getByText('诉求内容至少 10 个字')).toBeVisible();

  const title = `路灯不亮测试 ${Date.now() % 100000}`;
  await fillOrder(page, title);
  // A position is optional, but latitude and longitude come together.
  await form(page).getByLabel('纬度').fill('30.274085');
  await page.getByTestId('intake-submit').click();
  await expect(form(page).getByText('纬度和经度须同时填写').first()).toBeVisible();
  await form(page).getByLabel('经度').fill('120.15507');
  await expect(form(page).getByText('纬度和经度须同时填写')).toHaveCount(0);
  await page.getByTestId('intake-submit').click();
  const orderNum = await createdNumber(page, /工单已创建/);
  expect(orderNum).toMatch(/^ZJ\d{12}$/);
  const { list } = await listOf(request, token, { orderNum });
  expect(list.map((o) => [o.title, o.status])).toEqual([[title, 0]]);
  const [made] = list as unknown as { lat: number | null; long: number | null }[];
  expect([made?.lat, made?.long]).toEqual([30.274085, 120.15507]);
  // the form is empty again for the next call
  await expect(form(page).getByLabel('工单标题')).toHaveValue('');
  // and says above it what was made, with the way to it
  const made2 = page.getByTestId('intake-created');
  await expect(made2).toContainText(`工单已创建：${orderNum}`);
  await made2.getByRole('button', { name: '查看工单' }).click();
  await expect(page.getByTestId('order-detail').first()).toContainText(orderNum);
});

/** Six orders from one new number, typed in through the API; their numbers, oldest first. */
async function repeatCaller(
  request: Parameters<typeof call>[0],
  token: string,
): Promise<{ phone: string; made: string[] }> {
  const { list } = await listOf(request, token, { pageSize: 10 });
  const categoryId = (list as unknown as { categoryId: number | null }[]).find(
    (o) => o.categoryId,
  )?.categoryId;
  expect(categoryId).toBeTruthy();
  const phone = `139${String(Date.now()).slice(-8)}`;
  const made: string[] = [];
  for (let i = 1; i <= 6; i += 1) {
    const reply = await call<{ order: { orderNum: string } }>(request, 'redaction/insert', token, {
      title: `楼道灯坏了 第${i}次`,
      majorContent: '楼道里的灯坏了很久，晚上上下楼很不安全。',
      callerName: '李四',
      callerPhone: phone,
      address: '望湖街道望湖路 2 号',
      lat: 30.274085,
      long: 120.15507,
      categoryId,
      urgency: 'general',
      orderNature: 'complaint',
    });
    made.push(reply.order.orderNum);
  }
  return { phone, made };
}

test("typing a repeat caller's number shows the caller history; the detail shows it too", async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'agent');
  const { phone, made } = await repeatCaller(request, token);
  await openRoute(page, INTAKE);
  const panel = page.getByTestId('caller-history');
  await expect(panel).toContainText('输入来电号码后显示该号码以前的工单');
  await form(page).getByLabel('来电号码').fill(phone);
  await expect(page.getByTestId('caller-history-summary')).toHaveText(
    '该号码共 6 单，近 30 天 6 单',
  );
  await expect(page.getByTestId('repeat-caller')).toHaveText('重复来电');
  // The five latest, newest first, each with its status; the oldest is left out.
  const items = panel.locator('[data-history-id]');
  await expect(items).toHaveCount(5);
  await expect(items.locator('.hl-order-link')).toHaveText(made.slice(1).reverse());
  const latest = (await listOf(request, token, { orderNum: made[5]! })).list[0]!;
  await expect(items.first().locator('.ant-tag')).toHaveText(STATUS_NAMES[latest.status]!.zh);
  await panel.getByText(made[5]!).click();
  const dialog = page.getByTestId('order-dialog');
  await expect(page.getByTestId('order-detail')).toContainText(made[5]!);
  // The detail shows the address and the WGS-84 position the order was taken with.
  await expect(dialog.locator('[data-field="address"]')).toHaveText('望湖街道望湖路 2 号');
  await expect(dialog.locator('[data-field="lat"]')).toHaveText('30.274085, 120.155070');

  // The same panel in the detail: the caller's other orders (this one left out).
  await dialog.getByRole('tab', { name: '来电历史' }).click();
  const inDetail = dialog.getByTestId('caller-history');
  await expect(inDetail.getByTestId('caller-history-summary')).toHaveText(
    '该号码共 5 单，近 30 天 5 单',
  );
  await expect(inDetail.getByTestId('repeat-caller')).toHaveText('重复来电');
  await expect(inDetail.locator('[data-history-id] .hl-order-link')).toHaveText(
    made.slice(0, 5).reverse(),
  );
  // An order of the history opens in the detail.
  await inDetail.getByText(made[0]!).click();
  await expect(dialog.getByTestId('detail-order-num')).toHaveText(made[0]!);
});

test.describe('on a 390 px phone, in English', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the caller history beside the intake form and in the detail', async ({ page, request }) => {
    const token = await loginAs(page, 'agent');
    await useLanguage(page, 'en-US');
    const { phone, made } = await repeatCaller(request, token);
    await openRoute(page, INTAKE);
    await form(page).getByLabel('Caller phone').fill(phone);
    const panel = page.getByTestId('caller-history');
    await expect(panel.getByTestId('caller-history-summary')).toHaveText(
      '6 orders from this number, 6 in the last 30 days',
    );
    await expect(panel.getByTestId('repeat-caller')).toHaveText('Repeat caller');
    await expect(panel.locator('[data-history-id]')).toHaveCount(5);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${pagesDir()}/caller-history-intake-390-en.png` });

    await panel.getByText(made[5]!).click();
    const dialog = page.getByTestId('order-dialog');
    // The tab bar scrolls on a phone: a tap while it still moves is lost, so tap until chosen.
    const tab = dialog.getByRole('tab', { name: 'Caller history' });
    await expect(async () => {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    const inDetail = dialog.getByTestId('caller-history');
    await expect(inDetail.getByTestId('caller-history-summary')).toHaveText(
      '5 orders from this number, 5 in the last 30 days',
    );
    await expect(inDetail.locator('[data-history-id]')).toHaveCount(5);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${pagesDir()}/caller-history-detail-390-en.png` });
  });
});

test('similar orders appear while typing; a duplicate is merged instead of created', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await listOf(request, token, { menuId: 'qu_blz', pageSize: 10 });
  const target = list[0]!;
  await openRoute(page, INTAKE);
  await form(page).getByLabel('工单标题').fill(target.title);
  const panel = page.getByTestId('similar-panel');
  const item = panel.locator(`[data-similar-id="${target.id}"]`);
  await expect(item).toBeVisible();
  await expect(item).toContainText(target.orderNum);
  await item.getByRole('button', { name: '归集到此单' }).click();
  await expect(page.getByTestId('merge-target')).toContainText(target.orderNum);
  await page.screenshot({ path: `${pagesDir()}/orders-intake-zh.png` });

  await fillOrder(page, target.title);
  await page.getByTestId('intake-submit').click();
  const orderNum = await createdNumber(page, /已归集到工单/);
  const created = await listOf(request, token, { orderNum });
  expect(created.list[0]).toMatchObject({ status: 92, mergedIntoId: target.id });
});

test('a refused intake keeps everything typed and shows the server message', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await listOf(request, token, { menuId: 'qu_dqs', pageSize: 20 });
  // Only an order the city sent can be refused (typeId 1).
  const target = list.find(
    (o) => o.typeId === 1 && o.refuseDeadline && Date.parse(o.refuseDeadline) > Date.now(),
  )!;
  expect(target).toBeTruthy();
  await openRoute(page, INTAKE);
  await fillOrder(page, target.title);
  const item = page.getByTestId('similar-panel').locator(`[data-similar-id="${target.id}"]`);
  await item.getByRole('button', { name: '归集到此单' }).click();
  // meanwhile the target is refused (it is no longer open)
  await call(request, 'cy/a5HandleOrderSignInCy', token, {
    id: target.id,
    signType: 2,
    reason: '不属于本区管辖',
  });
  await page.getByTestId('intake-submit').click();
  await expect(page.getByTestId('intake-error')).toContainText('mergeIntoId');
  await expect(form(page).getByLabel('工单标题')).toHaveValue(target.title);
  await expect(form(page).getByLabel('来电号码')).toHaveValue('13812345678');
  await expect(page.getByTestId('merge-target')).toContainText(target.orderNum);
});

test('my locked orders: the user sees its locks and releases one', async ({ page, request }) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await listOf(request, token, { menuId: 'qu_blz', pageSize: 20 });
  const order = list.find((o) => !o.lockUserName)!;
  await call(request, 'lock/assignLock', token, { id: order.id });
  await openRoute(page, '/jsjb/work/locked');
  const row = page.getByTestId('my-locks').locator(`.ant-table-row[data-row-key="${order.id}"]`);
  await expect(row).toContainText(order.orderNum);
  await expect(row.locator('.hl-countdown')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await row.getByTestId(`unlock-${order.id}`).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(row).toHaveCount(0);
  const mine = await call<{ list: { id: number }[] }>(request, 'Assignlock/getMyOrders', token, {
    pageNo: 1,
    pageSize: 100,
  });
  expect(mine.list.map((l) => l.id)).not.toContain(order.id);
});
