import { expect, test, type Locator, type Page } from '../support/test';
import { settle, switchToEnglish, type MenuNode } from '../support/console';
import { pagesDir } from './support/list-helpers';
import { dialog, confirmPopup } from './support/admin';
import {
  categories,
  findInTree,
  expectIntakeOffers,
  selectInTree,
  units,
  type Role,
} from './support/admin-org';
import { api, apiLogin, apiPost, loginAs, newSession, openRoute } from './support/session';

/**
 * 组织机构, 问题分类 and 角色权限 as an administrator uses them (issue 17 items 2–4): the
 * pickers of the intake form follow the trees at once; a role made from the catalogue changes
 * its holder's menu at their next sign-in. Phone-width (390 px) screenshots of each page.
 */

const UNITS = '/system/units';
const CATEGORIES = '/system/categories';
const ROLES = '/system/roles';

/**
 * A button's accessible name: antd puts a space between two Chinese characters, and a button
 * that once showed a spinner may keep its hidden "loading" icon's label in front.
 */
const b = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}$`);

const stamp = () => String(Date.now() % 100000);

async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

test('units: add a community under 望湖街道, rename, move, disable; a referenced street is not deleted', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await loginAs(page, 'admin');
  await openRoute(page, UNITS);
  const tree = page.getByTestId('unit-tree');
  await expect(tree.getByRole('tree')).toBeVisible();

  // add a community under 望湖街道: only community and village are offered there
  const name = `e2e社区${stamp()}`;
  await selectInTree(page, tree, '望湖街道');
  const detail = page.getByTestId('unit-detail');
  await expect(detail).toContainText('街道');
  await detail.getByRole('button', { name: '新增下级单位' }).click();
  const modal = dialog(page);
  await expect(modal).toContainText('在「望湖街道」下新增单位');
  // the form checks the body schema before sending: the name is required
  await modal.getByRole('button', { name: b('保存') }).click();
  await expect(modal.getByText('请填写单位名称')).toBeVisible();
  await modal.getByLabel('单位名称').fill(name);
  await modal.getByLabel('类型').click();
  const kinds = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(kinds).toHaveText(['社区', '村']);
  await kinds.filter({ hasText: '社区' }).click();
  await modal.getByRole('button', { name: b('保存') }).click();
  await expect(modal).toBeHidden();
  await expect(detail).toContainText(name);
  await expect(detail).toContainText('望湖街道');

  let created = (await units(request, token)).find((u) => u.name === name);
  expect(created).toMatchObject({ kind: 'community', disabled: false });
  const streets = (await units(request, token)).filter((u) => u.kind === 'street');
  const wanghu = streets.find((u) => u.name === '望湖街道')!;
  expect(created?.parentId).toBe(wanghu.id);

  // rename it
  const renamed = `${name}改`;
  await detail.getByRole('button', { name: b('编辑') }).click();
  await dialog(page).getByLabel('单位名称').fill(renamed);
  // Enter in a field saves, as 保存 does
  await dialog(page).getByLabel('单位名称').press('Enter');
  await expect(dialog(page)).toHaveCount(0);
  await expect(detail.locator('.ant-descriptions')).toContainText(renamed);

  // move it to 柳荫街道: only streets and towns are offered, not its own street
  await detail.getByRole('button', { name: b('移动') }).click();
  const move = dialog(page);
  await expect(move).toContainText(`移动「${renamed}」`);
  await move.getByLabel('新的上级单位').click();
  const parents = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(parents.filter({ hasText: '柳荫街道' })).toHaveCount(1);
  await expect(parents.filter({ hasText: '河口镇' })).toHaveCount(1);
  await expect(parents.filter({ hasText: /望湖街道$/ })).toHaveCount(0);
  await expect(parents.filter({ hasText: '区住建委' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await chooseOption(page, move.getByLabel('新的上级单位'), '柳荫街道');
  await move.getByRole('button', { name: b('移动') }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(detail).toContainText('柳荫街道');
  created = (await units(request, token)).find((u) => u.name === renamed);
  expect(created?.parentId).toBe(streets.find((u) => u.name === '柳荫街道')!.id);

  // the intake form offers it now ...
  const agent = await newSession(browser, 'dispatcher');
  await expectIntakeOffers(agent.page, '村/社区', renamed, true);

  // ... and no longer once it is disabled (greyed in the tree, 已停用)
  await confirmPopup(page, detail.getByRole('button', { name: b('停用') }));
  await expect(detail.locator('.ant-descriptions')).toContainText('已停用');
  const row = await findInTree(page, tree, renamed);
  await expect(row.locator('.hl-org-node.is-disabled')).toBeVisible();
  await expect(row).toContainText('已停用');
  expect((await units(request, token)).find((u) => u.name === renamed)?.disabled).toBe(true);
  await expectIntakeOffers(agent.page, '村/社区', renamed, false);
  await agent.close();

  // 望湖街道 is referenced (users, orders, communities): the refusal says so
  await selectInTree(page, tree, '望湖街道');
  await confirmPopup(page, detail.getByRole('button', { name: b('删除') }));
  const refusal = detail.getByTestId('org-refusal');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('不能删除「望湖街道」');
  await expect(refusal).toContainText(/用户|工单|下级单位/);
  expect((await units(request, token)).some((u) => u.id === wanghu.id)).toBe(true);
  await expect(page.locator('.ant-popconfirm:visible')).toHaveCount(0);
  await settle(page);
  await page.screenshot({ path: `${pagesDir()}/admin-units-zh.png` });

  // the new community: nothing refers to it, so it is deleted
  await selectInTree(page, tree, renamed);
  await expect(detail.getByTestId('org-refusal')).toHaveCount(0);
  await confirmPopup(page, detail.getByRole('button', { name: b('删除') }));
  await expect(page.getByTestId('unit-detail')).toHaveCount(0);
  expect((await units(request, token)).some((u) => u.name === renamed)).toBe(false);
});

test('categories: add a level-3 category under a level-2 one and disable it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await loginAs(page, 'admin');
  await openRoute(page, CATEGORIES);
  const tree = page.getByTestId('category-tree');
  await expect(tree.getByRole('tree')).toBeVisible();

  const name = `e2e分类${stamp()}`;
  await selectInTree(page, tree, '市政设施');
  const detail = page.getByTestId('category-detail');
  await expect(detail).toContainText('二级');
  await detail.getByRole('button', { name: '新增下级分类' }).click();
  await expect(dialog(page)).toContainText('在「市政设施」下新增分类');
  await dialog(page).getByLabel('分类名称').fill(name);
  await dialog(page).getByLabel('分类名称').press('Enter');
  await expect(dialog(page)).toHaveCount(0);
  await expect(detail.locator('.ant-descriptions')).toContainText(name);
  await expect(detail).toContainText('三级');
  // a level-3 category holds no sub-categories
  await expect(detail.getByRole('button', { name: '新增下级分类' })).toHaveCount(0);
  const created = (await categories(request, token)).find((c) => c.name === name);
  expect(created).toMatchObject({ level: 3, disabled: false });

  const agent = await newSession(browser, 'dispatcher');
  await expectIntakeOffers(agent.page, '问题分类', name, true);

  await confirmPopup(page, detail.getByRole('button', { name: b('停用') }));
  await expect(detail.locator('.ant-descriptions')).toContainText('已停用');
  const row = await findInTree(page, tree, name);
  await expect(row.locator('.hl-org-node.is-disabled')).toBeVisible();
  expect((await categories(request, token)).find((c) => c.name === name)?.disabled).toBe(true);
  await expectIntakeOffers(agent.page, '问题分类', name, false);
  await agent.close();
  await settle(page);
  await page.screenshot({ path: `${pagesDir()}/admin-categories-zh.png` });
});

test('roles: a custom district read-only role gives its holder the district menu; built-in roles are read-only', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await loginAs(page, 'admin');
  await openRoute(page, ROLES);
  const roles = page.getByTestId('roles-page');
  await expect(roles).toContainText('下次登录或刷新页面');

  // a built-in role opens read-only
  const dispatcherRow = roles.locator('tr[data-role="dispatcher"]');
  await expect(dispatcherRow).toContainText('内置');
  await expect(dispatcherRow.getByRole('button', { name: b('删除') })).toHaveCount(0);
  await dispatcherRow.getByRole('button', { name: b('查看') }).click();
  const drawer = page.getByTestId('role-drawer');
  await expect(drawer).toContainText('内置角色为只读');
  await expect(drawer.getByRole('checkbox', { name: /区级工单查询/ })).toBeChecked();
  await expect(drawer.getByRole('checkbox', { name: /区级工单查询/ })).toBeDisabled();
  await expect(drawer.getByLabel('角色名称')).toBeDisabled();
  await expect(drawer.getByRole('button', { name: b('保存') })).toHaveCount(0);
  await drawer.getByRole('button', { name: b('确定') }).click();
  await expect(drawer).toBeHidden();

  // create the custom role from the catalogue
  const key = `district_ro_${stamp()}`;
  await roles.getByRole('button', { name: '新建角色' }).click();
  const form = page.getByTestId('role-drawer');
  await form.getByLabel('角色标识').fill('District RO');
  await form.getByLabel('角色名称').fill('区级只读');
  await form.getByRole('checkbox', { name: /区级工单查询/ }).check();
  await form.getByRole('button', { name: b('保存') }).click();
  // the body schema refuses the key before anything is sent
  await expect(form.getByText(/角色标识须以小写字母开头/)).toBeVisible();
  await form.getByLabel('角色标识').fill(key);
  await form.getByRole('button', { name: b('保存') }).click();
  await expect(form).toBeHidden();
  const row = roles.locator(`tr[data-role="${key}"]`);
  await expect(row).toContainText('区级只读');
  await expect(row).not.toContainText('内置');
  await expect(row.locator('td').nth(2)).toHaveText('1');

  const { list } = await apiPost<{ list: Role[] }>(request, '/api/auth/get', token, {
    pageSize: 1000,
  });
  const role = list.find((r) => r.name === key)!;
  expect(role).toMatchObject({ rules: ['/jsjb/dw'], builtin: false });

  // edit it: a custom role opens editable
  await row.getByRole('button', { name: b('编辑') }).click();
  await expect(form.getByLabel('角色标识')).toHaveValue(key);
  await expect(form.getByRole('checkbox', { name: /区级工单查询/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /区级审核/ })).not.toBeChecked();
  await form.getByLabel('角色名称').fill('区级只读（查询）');
  await form.getByRole('button', { name: b('保存') }).click();
  await expect(form).toBeHidden();
  await expect(row).toContainText('区级只读（查询）');

  // give it to the agent (who had only 自建工单) through the users API; the agent gets the
  // built-in role back at the end, for the specs that follow on the same server
  const agentToken = await apiLogin(request, 'agent');
  const info = await api<{ info: { uid: number } }>(
    request,
    'GET',
    '/api/user/userInfo',
    agentToken,
  );
  const setAgentRoles = (groupIds: number[]) =>
    apiPost(request, '/api/admin/batchupdategroup', token, {
      userIds: [info.info.uid],
      groupIds,
    });
  const agentRole = list.find((r) => r.name === 'agent')!;
  await setAgentRoles([role.id]);
  try {
    await roles.getByRole('button', { name: '刷新' }).click();
    await expect(row.locator('td').nth(3)).toHaveText('1');

    // the agent signs in again: 区级工单 is in their menu, 自建工单 is not
    const agent = await newSession(browser, 'agent');
    const menu = await api<{ list: MenuNode[] }>(
      request,
      'GET',
      '/api/rule/menu?ismenu=1',
      agent.token,
    );
    const titles = JSON.stringify(
      menu.list.map((n) => [n.meta.title, n.children.map((c) => c.meta.title)]),
    );
    expect(titles).toContain('区级工单');
    expect(titles).not.toContain('自建工单');
    await expect(agent.page.locator('[data-layout]').getByText('区级工单').first()).toBeVisible();
    await agent.close();

    // a role users hold is not deleted: the server's reason is shown
    await confirmPopup(page, row.getByRole('button', { name: b('删除') }));
    await expect(roles.getByTestId('roles-refusal')).toBeVisible();
    await expect(row).toBeVisible();
    await expect(page.locator('.ant-popconfirm:visible')).toHaveCount(0);
    await page.screenshot({ path: `${pagesDir()}/admin-roles-zh.png` });
  } finally {
    await setAgentRoles([agentRole.id]);
  }

  // nobody holds it any more: it is deleted
  await roles.getByRole('button', { name: '刷新' }).click();
  await expect(row.locator('td').nth(3)).toHaveText('0');
  await confirmPopup(page, row.getByRole('button', { name: b('删除') }));
  await expect(row).toHaveCount(0);
  await expect(roles.getByTestId('roles-refusal')).toHaveCount(0);
});

test('the three pages at 390 px: tree above details, tables scroll in their box, full-width drawer', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'admin');

  await openRoute(page, UNITS);
  const unitTree = page.getByTestId('unit-tree');
  await selectInTree(page, unitTree, '望湖街道');
  const unitDetail = page.getByTestId('unit-detail');
  await expect(unitDetail).toBeVisible();
  const treeBox = (await unitTree.boundingBox())!;
  const detailBox = (await unitDetail.boundingBox())!;
  expect(detailBox.y).toBeGreaterThanOrEqual(treeBox.y + treeBox.height - 1);
  expect(treeBox.x + treeBox.width).toBeLessThanOrEqual(391);
  expect(detailBox.x + detailBox.width).toBeLessThanOrEqual(391);
  await settle(page);
  await page.screenshot({ path: `${pagesDir()}/admin-units-390.png`, fullPage: true });
  // the add dialog fits the phone too
  await unitDetail.getByRole('button', { name: '新增下级单位' }).click();
  const modal = dialog(page);
  await expect(modal.getByLabel('单位名称')).toBeVisible();
  await page.waitForTimeout(400);
  const modalBox = (await modal.boundingBox())!;
  expect(modalBox.x).toBeGreaterThanOrEqual(0);
  expect(modalBox.x + modalBox.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${pagesDir()}/admin-unit-dialog-390.png` });
  await modal.getByRole('button', { name: b('取消') }).click();
  await expect(dialog(page)).toHaveCount(0);

  await openRoute(page, CATEGORIES);
  const catTree = page.getByTestId('category-tree');
  await selectInTree(page, catTree, '路灯不亮');
  const catDetail = page.getByTestId('category-detail');
  const catTreeBox = (await catTree.boundingBox())!;
  expect((await catDetail.boundingBox())!.y).toBeGreaterThanOrEqual(
    catTreeBox.y + catTreeBox.height - 1,
  );
  await settle(page);
  await page.screenshot({ path: `${pagesDir()}/admin-categories-390.png`, fullPage: true });

  await openRoute(page, ROLES);
  const roles = page.getByTestId('roles-page');
  await expect(roles.locator('tr[data-role="dispatcher"]')).toBeVisible();
  // the page's own box fits the phone (the shell's header is not this page's) and the table
  // scrolls inside it
  const rolesBox = (await roles.boundingBox())!;
  expect(rolesBox.width).toBeLessThanOrEqual(390);
  const table = roles.locator('.ant-table-content, .ant-table-body').first();
  const [scrollWidth, clientWidth] = await table.evaluate((e) => [e.scrollWidth, e.clientWidth]);
  expect(clientWidth).toBeLessThanOrEqual(rolesBox.width);
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  await settle(page);
  await page.screenshot({ path: `${pagesDir()}/admin-roles-390.png`, fullPage: true });
  await roles
    .locator('tr[data-role="dispatcher"]')
    .getByRole('button', { name: b('查看') })
    .click();
  const drawer = page.getByTestId('role-drawer');
  await expect(drawer).toBeVisible();
  await page.waitForTimeout(400);
  const drawerBox = (await drawer.boundingBox())!;
  expect(Math.round(drawerBox.width)).toBe(390);
  await page.screenshot({ path: `${pagesDir()}/admin-role-drawer-390.png` });
});

test('the pages in English', async ({ page }) => {
  await loginAs(page, 'admin');
  await openRoute(page, UNITS);
  await switchToEnglish(page);
  const tree = page.getByTestId('unit-tree');
  await expect(tree.getByRole('button', { name: 'Add top-level unit' })).toBeVisible();
  await selectInTree(page, tree, '望湖街道');
  await expect(page.getByTestId('unit-detail')).toContainText('Street');
  await expect(
    page.getByTestId('unit-detail').getByRole('button', { name: 'Add sub-unit' }),
  ).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${pagesDir()}/admin-units-en.png` });

  await openRoute(page, CATEGORIES);
  await expect(
    page.getByTestId('category-tree').getByRole('button', { name: 'Add level-1 category' }),
  ).toBeVisible();

  await openRoute(page, ROLES);
  const roles = page.getByTestId('roles-page');
  await expect(roles).toContainText('next sign-in or page load');
  await roles.locator('tr[data-role="reviewer"]').getByRole('button', { name: 'View' }).click();
  const drawer = page.getByTestId('role-drawer');
  await expect(drawer.getByRole('checkbox', { name: /District review/ })).toBeChecked();
  await settle(page);
  await page.screenshot({ path: `${pagesDir()}/admin-role-drawer-en.png` });
});
