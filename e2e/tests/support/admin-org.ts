import { expect, type Locator, type Page } from '@playwright/test';
import { apiPost, openRoute, type apiLogin } from './session';

/** Helpers of the organisation specs (组织机构, 问题分类, 角色权限): trees and the intake pickers. */

export const INTAKE = '/jsjb/work/intake';

export interface Unit {
  id: number;
  name: string;
  kind: string;
  parentId: number | null;
  disabled: boolean;
}
export interface Category {
  id: number;
  name: string;
  level: number;
  parentId: number | null;
  disabled: boolean;
}
export interface Role {
  id: number;
  name: string;
  title: string;
  rules: string[];
  builtin: boolean;
}

export const units = async (request: Parameters<typeof apiLogin>[0], token: string) =>
  (await apiPost<{ list: Unit[] }>(request, '/api/admin/unit/list', token)).list;
export const categories = async (request: Parameters<typeof apiLogin>[0], token: string) =>
  (await apiPost<{ list: Category[] }>(request, '/api/admin/category/list', token)).list;

/** A row of the tree, found through the tree's search box. */
export async function findInTree(page: Page, tree: Locator, name: string): Promise<Locator> {
  await tree.getByRole('searchbox').fill(name);
  const row = tree.getByRole('treeitem').filter({
    has: page.locator('.hl-org-node-name').getByText(name, { exact: true }),
  });
  await expect(row).toHaveCount(1);
  return row;
}

export async function selectInTree(page: Page, tree: Locator, name: string): Promise<void> {
  const row = await findInTree(page, tree, name);
  await row.locator('.ant-tree-node-content-wrapper').click();
}

/** Whether the intake form's tree picker (labelled `label`) offers an entry named `name`. */
export async function intakeOffers(page: Page, label: string, name: string): Promise<boolean> {
  // a fresh load, as another user's console would be: the trees are read again
  await page.goto(`/#${INTAKE}`);
  await page.reload();
  await openRoute(page, INTAKE);
  const form = page.getByTestId('intake-form');
  const field = form.getByLabel(label, { exact: true });
  await expect(async () => {
    await field.click({ force: true });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await field.pressSequentially(name.slice(0, 6));
  const dropdown = page.locator('.ant-select-dropdown:visible');
  // the search has applied once the list shows a match or says there is none
  await expect(
    dropdown.locator('.ant-select-tree-title, .ant-empty, .ant-select-empty').first(),
  ).toBeVisible();
  await page.waitForTimeout(300);
  const count = await dropdown
    .locator('.ant-select-tree-title')
    .getByText(name, { exact: true })
    .count();
  await page.keyboard.press('Escape');
  return count > 0;
}
