import { expect, type Locator, type Page } from '@playwright/test';
import { openRoute } from './session';

/** Helpers of the administration specs (用户管理): antd pickers, confirms, drawers, dialogs. */

/** A button's accessible name (antd puts a space between two Chinese characters). */
// antd keeps the spinner's "loading" label in a button's name for a moment after a request.
export const b = (text: string) => new RegExp(`^(?:loading\\s*)?${[...text].join('\\s*')}$`);

/** The open drawer (only one at a time here). */
export const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');

/** The open modal (only one at a time here). */
export const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');

/** Opens a select, types to search, and clicks the option showing `text`. */
export async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

/** Opens a tree select, types to search, and clicks the node titled exactly `title`. */
export async function chooseTreeNode(page: Page, select: Locator, title: string): Promise<void> {
  const box = select.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  // The tree may re-render while its units load or refresh: try again until the choice shows.
  await expect(async () => {
    await select.click();
    await select.fill(title);
    const node = page
      .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
      .filter({ has: page.locator('.ant-select-tree-title').getByText(title, { exact: true }) });
    await expect(node).toHaveCount(1, { timeout: 5_000 });
    await node.click();
    // Chosen: the search text is gone and the box shows the title.
    await expect(select).toHaveValue('', { timeout: 3_000 });
    await expect(box).toContainText(title, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Clicks a button that asks in a Popconfirm, then the confirm's OK. */
export async function confirmPopup(page: Page, button: Locator): Promise<void> {
  await button.click();
  const pop = page.locator('.ant-popconfirm:visible');
  await expect(pop).toHaveCount(1);
  await pop.getByRole('button', { name: b('确定') }).click();
  await expect(pop).toHaveCount(0);
}

/** A table row holding the exact text `cell` (a user name). */
export function rowWith(page: Page, cell: string): Locator {
  return page
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ has: page.getByText(cell, { exact: true }) });
}

/** 用户管理's route. */
export const USERS = '/system/users';

/** The answer of /api/admin/user/list, as far as the specs read it. */
export interface UserListReply {
  list: { username: string; disabled: boolean }[];
  total: number;
}

/** A five-digit suffix for names and mobiles that must not repeat between runs. */
export const stamp = () => String(Date.now() % 100000).padStart(5, '0');

/** Opens 用户管理 and waits for its first row; the page's card. */
export async function openUsers(page: Page): Promise<Locator> {
  await openRoute(page, USERS);
  const view = page.getByTestId('admin-users-page');
  await expect(view.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  return view;
}
