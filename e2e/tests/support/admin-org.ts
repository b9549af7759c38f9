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

/**
 * The intake form's tree picker (labelled `label`), searched for `name`, offers an entry so
 * named (`offered`) or not. An entry expected is waited for: the picker's list is virtual and
 * filters as each character is typed, so on a slow machine the entry could still be outside the
 * rendered rows a moment after typing (CI, 2026-12-01: found on the retry). One not expected is
 * counted once the search has applied.
 */
export async function expectIntakeOffers(
  page: Page,
  label: string,
  name: string,
  offered: boolean,
): Promise<void> {
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
  const entry = dropdown.locator('.ant-select-tree-title').getByText(name, { exact: true });
  if (offered) {
    await expect(entry.first()).toBeVisible();
  } else {
    // the search has applied once the list shows a match or says there is none
    await expect(
      dropdown.locator('.ant-select-tree-title, .ant-empty, .ant-select-empty').first(),
    ).toBeVisible();
    await page.waitForTimeout(300);
    await expect(entry).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
}
