import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import { clickAction, ok, openOrder, queue } from './support/detail-helpers';
import { loginAs } from './support/session';

/**
 * The edit forms the 'edit' ability opens (issue 5): the district's correction (category,
 * urgency), remarks and attributes; a street handler's community. Real server, real Chromium.
 */

interface Detail {
  order: {
    id: number;
    categoryId: number | null;
    urgency: string;
    hostUnitId: number | null;
    communityUnitId: number | null;
    remarks: string;
    labels: string[];
    sevenFiveCategory: string | null;
    riskLevel: number;
  };
  abilities: string[];
  timeline: { action: string; comment: string }[];
}
interface Node {
  id: number;
  name: string;
  level?: number;
  kind?: string;
  children: Node[];
}

const detailOf = (request: APIRequestContext, token: string, id: number) =>
  ok<Detail>(request, '/api/addons/jsjb/lists/detail', token, { id });

const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** Opens a Select / TreeSelect of the action panel, types to filter, picks the exact text. */
async function choose(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-tree-title, .ant-select-item-option-content')
    .getByText(text, { exact: true })
    .first()
    .click();
}

async function submit(panel: Locator): Promise<void> {
  await panel.getByTestId('action-submit').click();
  await expect(panel).toHaveCount(0);
}

test('the dispatcher corrects category and urgency, then remarks and attributes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await loginAs(page, 'dispatcher');
  const { list } = await queue(request, token, 'qu_blz');
  const order = list.find((o) => o.urgency !== 'emergency') ?? list[0]!;
  const before = await detailOf(request, token, order.id);
  expect(before.abilities).toContain('edit');
  const tree = await ok<{ list: Node[] }>(request, '/api/addons/jsjb/lists/categoryTree', token);
  // a level-3 category with a name found once in the tree, other than the order's
  const leaves = flatten(tree.list).filter((n) => n.level === 3);
  const category = leaves.find(
    (n) => n.id !== before.order.categoryId && leaves.filter((m) => m.name === n.name).length === 1,
  )!;

  const dialog = await openOrder(page, order.id);
  const panel = dialog.getByTestId('action-panel');
  const bar = dialog.getByTestId('detail-actions');
  await expect(bar.locator('button[data-action="edit_remarks"]')).toBeVisible();
  await expect(bar.locator('button[data-action="edit_attributes"]')).toBeVisible();

  // the correction: category (tree select) and urgency
  await clickAction(dialog, 'edit');
  await choose(page, panel.getByTestId('field-categoryId'), category.name);
  await choose(page, panel.getByTestId('field-urgency'), '紧急');
  await submit(panel);
  await expect(dialog.locator('[data-field="urgency"]')).toHaveText('紧急');
  await expect(dialog.locator('[data-field="categoryPath"]')).toContainText(category.name);

  // remarks
  await clickAction(dialog, 'edit_remarks');
  await expect(panel).toHaveAttribute('data-action', 'edit_remarks');
  await panel.getByTestId('field-remarks').fill('已电话核实现场情况');
  await submit(panel);
  await expect(dialog.locator('[data-field="remarks"]')).toHaveText('已电话核实现场情况');

  // attributes: the form starts from queryOrderAttributeSjs
  await clickAction(dialog, 'edit_attributes');
  await expect(panel).toHaveAttribute('data-action', 'edit_attributes');
  await panel.getByTestId('field-labels').click();
  await page.keyboard.type('夜间施工');
  await page.keyboard.press('Enter');
  await choose(page, panel.getByTestId('field-sevenFiveCategory'), '住有所居');
  await choose(page, panel.getByTestId('field-riskLevel'), '高');
  await submit(panel);
  await expect(dialog.locator('[data-field="labels"]')).toContainText('夜间施工');
  await expect(dialog.locator('[data-field="sevenFiveCategory"]')).toHaveText('住有所居');
  await expect(dialog.locator('[data-field="riskLevel"]')).toHaveText('高');

  // nothing changed: said before sending
  await clickAction(dialog, 'edit_remarks');
  await panel.getByTestId('action-submit').click();
  await expect(panel.getByTestId('action-error')).toHaveText('没有修改任何内容');
  await panel.getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(panel).toHaveCount(0);

  // the timeline shows the three edits, each naming only what changed
  await dialog.getByRole('tab', { name: /办理记录/ }).click();
  const edits = dialog.locator('.hl-timeline-item[data-action="edit"]');
  await expect(edits).toHaveCount(before.timeline.filter((e) => e.action === 'edit').length + 3);
  const after = await detailOf(request, token, order.id);
  const comments = after.timeline.filter((e) => e.action === 'edit').map((e) => e.comment);
  const [correction, remarks, attributes] = comments.slice(-3);
  expect(correction).toContain(`categoryId: ${before.order.categoryId ?? '—'} → ${category.id}`);
  expect(correction).toContain('urgency:');
  expect(correction).not.toContain('title');
  expect(remarks).toMatch(/^remarks: .* → 已电话核实现场情况$/);
  expect(attributes).toContain('夜间施工');
  expect(attributes).toContain('riskLevel:');
  expect(attributes).not.toContain('orderNature');
  await expect(edits.last()).toContainText('riskLevel');
  expect(after.order).toMatchObject({
    categoryId: category.id,
    urgency: 'emergency',
    remarks: '已电话核实现场情况',
    sevenFiveCategory: '住有所居',
    riskLevel: 3,
  });
});

test('a street handler changes the community; a refusal keeps what was chosen', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await loginAs(page, 'street1');
  const { list } = await queue(request, token, 'jd_blz');
  let target: Detail | null = null;
  for (const item of list.filter((o) => o.mainOrgStatus === 1)) {
    const detail = await detailOf(request, token, item.id);
    if (detail.abilities.includes('edit') && detail.order.hostUnitId !== null) {
      target = detail;
      break;
    }
  }
  expect(target, 'an order the street is handling').not.toBeNull();
  const order = target!.order;
  const grid = await ok<{ list: Node[] }>(request, '/api/addons/jsjb/org/treeWangGe', token);
  const host = flatten(grid.list).find((n) => n.id === order.hostUnitId)!;
  const community = host.children.find((c) => c.id !== order.communityUnitId)!;
  expect(community, 'a community of the host unit').toBeTruthy();

  const dialog = await openOrder(page, order.id);
  const bar = dialog.getByTestId('detail-actions');
  await expect(bar.locator('button[data-action="edit_remarks"]')).toBeVisible();
  // attributes are district fields: no form for a host
  await expect(bar.locator('button[data-action="edit_attributes"]')).toHaveCount(0);

  await clickAction(dialog, 'edit');
  const panel = dialog.getByTestId('action-panel');
  await expect(panel.getByTestId('field-title')).toHaveCount(0);
  await choose(page, panel.getByTestId('field-communityUnitId'), community.name);
  await submit(panel);
  await expect(dialog.locator('[data-field="communityName"]')).toHaveText(community.name);
  const after = await detailOf(request, token, order.id);
  expect(after.order.communityUnitId).toBe(community.id);
  expect(after.timeline.filter((e) => e.action === 'edit').pop()?.comment).toBe(
    `communityUnitId: ${order.communityUnitId ?? '—'} → ${community.id}`,
  );

  // the server refuses (the order was replied to meanwhile): message shown, choice kept
  const other = host.children.find((c) => c.id !== community.id)!;
  await clickAction(dialog, 'edit');
  await choose(page, panel.getByTestId('field-communityUnitId'), other.name);
  await ok(request, '/api/addons/jsjb/town/updateProResult', token, {
    id: order.id,
    content: '已现场处理完毕',
    contacted: 1,
    resolved: 1,
  });
  await panel.getByTestId('action-submit').click();
  await expect(panel.getByTestId('action-error')).toHaveText(
    '承办单位仅在办理期间可修改工单或记录办理人',
  );
  await expect(panel.getByTestId('field-communityUnitId')).toContainText(other.name);
  const kept = await detailOf(request, token, order.id);
  expect(kept.order.communityUnitId).toBe(community.id);
});
