import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/test';
import { pagesDir } from './support/list-helpers';
import { apiLogin, apiPost } from './support/session';

/**
 * The citizens' status lookup `#/track`: no login, on a phone (390 × 844): a wrong pair says
 * nothing about the order; the right one shows the state, the milestones and the reply.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface Order {
  orderNum: string;
  callerPhone: string;
  status: number;
  replyContent: string | null;
}

const tail = (phone: string) => phone.replace(/\D/g, '').slice(-4);

async function orderIn(request: Parameters<typeof apiLogin>[0], menuId: string): Promise<Order> {
  const token = await apiLogin(request, 'dispatcher');
  const { list } = await apiPost<{ list: Order[] }>(
    request,
    '/api/addons/jsjb/lists/search',
    token,
    {
      menuId,
      pageNo: 1,
      pageSize: 50,
    },
  );
  const order = list.find((o) => tail(o.callerPhone).length === 4);
  expect(order, `an order with a phone in ${menuId}`).toBeTruthy();
  return order!;
}

test('a citizen looks an order up on a phone, without an account', async ({ page, request }) => {
  const closed = await orderIn(request, 'qu_ybj');
  await page.goto('/#/track');
  await expect(page.getByRole('heading', { level: 1, name: '工单进度查询' })).toBeVisible();

  // The form checks its fields first.
  await page.getByTestId('track-submit').click();
  await expect(page.getByText('请输入来电号码的后四位数字')).toBeVisible();

  // A wrong pair: the same words as an unknown number.
  const wrong = String((Number(tail(closed.callerPhone)) + 1) % 10_000).padStart(4, '0');
  await page.getByTestId('track-order-num').fill(closed.orderNum);
  await page.getByTestId('track-phone-tail').fill(wrong);
  await page.getByTestId('track-submit').click();
  await expect(page.getByTestId('track-error')).toContainText('没有找到该工单');
  await expect(page.getByTestId('track-result')).toHaveCount(0);

  // The right pair: state, milestones, the approved reply.
  await page.getByTestId('track-phone-tail').fill(tail(closed.callerPhone));
  await page.getByTestId('track-submit').click();
  const result = page.getByTestId('track-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('track-error')).toHaveCount(0);
  await expect(result).toContainText(closed.orderNum);
  await expect(page.getByTestId('track-status')).toHaveText(/已办结|与相同诉求合并办理/);
  for (const step of ['已受理', '已派单', '已答复', '已回访', '已办结']) {
    await expect(
      result.locator('.ant-steps-item-title').getByText(step, { exact: true }),
    ).toBeVisible();
  }
  if (closed.replyContent?.trim()) {
    await expect(page.getByTestId('track-reply')).toContainText(closed.replyContent.trim());
  }
  await expect(result).not.toContainText(closed.callerPhone);

  // Nothing wider than the phone; nothing critical or serious for axe.
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, '#/track (zh-CN, phone)');
  // After axe: a full-page shot resizes the page under the pointer (a hover colour).
  await page.screenshot({ path: `${pagesDir()}/track-result-390-zh.png`, fullPage: true });

  // In English too.
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Follow your request' })).toBeVisible();
  await page.getByTestId('track-submit').click();
  await expect(page.getByTestId('track-status')).toHaveText(/Closed|Handled together/);
  for (const step of ['Received', 'Dispatched', 'Answered', 'Called back', 'Closed']) {
    await expect(
      result.locator('.ant-steps-item-title').getByText(step, { exact: true }),
    ).toBeVisible();
  }
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, '#/track (en-US, phone)');
  await page.screenshot({ path: `${pagesDir()}/track-result-390-en.png`, fullPage: true });
});

test('the login page links to the status lookup, and the lookup back to the login', async ({
  page,
}) => {
  await page.goto('/#/login');
  const toTrack = page.getByTestId('login-track-link');
  await expect(toTrack).toHaveText('查询工单进度');
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, '#/login (zh-CN, phone)');
  await page.screenshot({ path: `${pagesDir()}/login-track-link-390.png`, fullPage: true });
  await toTrack.click();
  await expect(page).toHaveURL(/#\/track$/);
  await expect(page.getByRole('heading', { level: 1, name: '工单进度查询' })).toBeVisible();

  const toLogin = page.getByTestId('track-login-link');
  await expect(toLogin).toHaveText('工作人员登录');
  await page.screenshot({ path: `${pagesDir()}/track-login-link-390.png` });
  expect(await overflow()).toBeLessThanOrEqual(0);
  await toLogin.click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByTestId('login-track-link')).toBeVisible();

  // in English
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByTestId('login-track-link')).toHaveText('Track an order');
  await page.getByTestId('login-track-link').click();
  await expect(page.getByTestId('track-login-link')).toHaveText('Staff sign-in');
  await expectAccessible(page, '#/track (en-US, phone, header links)');
});
