import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ARTIFACTS } from '../../support/console';

/** Helpers of the list and intake specs. */

export const JSJB = '/api/addons/jsjb';

/** Screenshots of pages: `${E2E_ARTIFACTS:-e2e/artifacts}/pages/`. */
export function pagesDir(): string {
  const dir = resolve(ARTIFACTS, 'pages');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export interface Row {
  id: number;
  orderNum: string;
  title: string;
  typeId: number;
  status: number;
  deadline: string | null;
  refuseDeadline: string | null;
  isSupervised: boolean;
  superviseCount: number;
  lockUserName?: string | null;
  mergedIntoId?: number | null;
}

/** Calls the API as `token`; expects success and returns `data`. */
export async function call<T>(
  request: APIRequestContext,
  path: string,
  token: string,
  data: unknown = {},
): Promise<T> {
  const response = await request.post(`${JSJB}/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

export function listOf(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<{ list: Row[]; totalCount: number }> {
  return call(request, 'lists/search', token, { isAmount: 1, ...body });
}

/** The order list of the page (the first `.hl-order-list` that is visible). */
export const listView = (page: Page): Locator => page.locator('.hl-order-list:visible');
export const tableRows = (page: Page): Locator =>
  listView(page).locator('.ant-table-tbody .ant-table-row');
export const headerKeys = (page: Page): Promise<string[]> =>
  listView(page)
    .locator('.ant-table-thead th[data-col]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-col') ?? ''));

/** The total the toolbar shows ("共 1,234 条" / "1,234 in total") as a number. */
export async function shownTotal(page: Page): Promise<number> {
  const text = (await listView(page).getByTestId('list-total').textContent()) ?? '';
  return Number(/\d[\d,]*/.exec(text)?.[0]?.replaceAll(',', '') ?? NaN);
}

/** Waits until the list shows `n` rows and no loading mask. */
export async function expectRows(page: Page, n: number): Promise<void> {
  await expect(listView(page).locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(tableRows(page)).toHaveCount(n);
}

/** Chooses an option of an antd Select / TreeSelect by typing and picking the visible match. */
export async function pick(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-item-option, .ant-select-tree-treenode')
    .filter({ hasText: text })
    .first()
    .click();
}
