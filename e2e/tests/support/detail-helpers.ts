import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ARTIFACTS } from '../../support/console';

/** Helpers of the detail, journey and lock specs (opening orders, acting, reading counts). */

/** Where screenshots go: `${E2E_ARTIFACTS:-e2e/artifacts}/pages/`. */
export const PAGES_DIR = `${ARTIFACTS}pages/`;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** POSTs to the API as `token` and returns the whole envelope (refusals included). */
export async function post<T>(
  request: APIRequestContext,
  path: string,
  token: string,
  data: unknown = {},
): Promise<Envelope<T>> {
  const response = await request.post(path, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  return (await response.json()) as Envelope<T>;
}

/** POSTs and expects success; returns `data`. */
export async function ok<T>(
  request: APIRequestContext,
  path: string,
  token: string,
  data: unknown = {},
): Promise<T> {
  const body = await post<T>(request, path, token, data);
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

export interface ListItem {
  id: number;
  orderNum: string;
  title: string;
  status: number;
  mainOrgStatus: number;
  urgency: string;
  sevenFiveCategory: string | null;
  typeId?: number;
}

/** Sent by the city (source 1 or 7): the only orders 拒签 applies to. */
export const fromCity = (o: { typeId?: number }) => o.typeId === 1 || o.typeId === 7;

export async function queue(
  request: APIRequestContext,
  token: string,
  menuId: string,
): Promise<{ list: ListItem[]; totalCount: number }> {
  return ok(request, '/api/addons/jsjb/lists/search', token, {
    menuId,
    isAmount: 1,
    pageSize: 150,
  });
}

export async function counts(
  request: APIRequestContext,
  token: string,
): Promise<Record<string, number>> {
  return (
    await ok<{ counts: Record<string, number> }>(request, '/api/addons/jsjb/lists/counts', token)
  ).counts;
}

/** Asks the console to show an order, as a list row or a notice does (the order bus). */
export async function openOrder(
  page: Page,
  id: number,
  extra: { menuId?: string; siblings?: number[] } = {},
): Promise<Locator> {
  await page.evaluate(
    ({ id, extra }) =>
      window.dispatchEvent(
        new CustomEvent('hotline:order-event', {
          detail: { type: 'open', order: { id, ...extra } },
        }),
      ),
    { id, extra },
  );
  const dialog = page.getByTestId('order-dialog');
  await expect(dialog.locator(`[data-testid="order-detail"][data-order-id="${id}"]`)).toBeVisible();
  return dialog;
}

/** The detail's action buttons (data-action), in order. */
export async function actionsOf(scope: Locator): Promise<string[]> {
  const bar = scope.getByTestId('detail-actions');
  await expect(bar).toBeVisible();
  return bar
    .locator('button[data-action]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-action') ?? ''));
}

/** Clicks an action button; one-click actions are confirmed in their pop-up. */
export async function clickAction(scope: Locator, action: string): Promise<void> {
  await scope.locator(`button[data-action="${action}"]`).click();
}

export async function confirmAction(page: Page, scope: Locator, action: string): Promise<void> {
  await clickAction(scope, action);
  const okButton = page.locator('.ant-popconfirm [data-testid="confirm-ok"]:visible');
  await expect(okButton).toHaveCount(1);
  await okButton.click();
  await expect(okButton).toHaveCount(0);
}

/** The menu badge of a queue as the page shows it (0 when no badge). */
export async function badge(page: Page, menuId: string): Promise<number> {
  const label = page.locator(`.hl-menu-label[data-menu-id="${menuId}"]`).first();
  const count = label.locator('.ant-scroll-number');
  if ((await count.count()) === 0) return 0;
  const title = await count.first().getAttribute('title');
  return Number(title ?? (await count.first().innerText()));
}

/**
 * Picks an antd Select option by its visible text and checks the select shows it. Opens the
 * select's drop-down again if it closed (CI once had the option list re-render as the host units
 * arrived: the option detached, the drop-down closed and the click waited out the test).
 */
export async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const option = dropdown.locator('.ant-select-item-option').filter({ hasText: text }).first();
  await expect(async () => {
    if ((await dropdown.count()) === 0) await select.click();
    await option.click({ timeout: 2000 });
    await expect(select).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}
