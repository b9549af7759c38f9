import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { clickAction, openOrder, queue } from './support/detail-helpers';
import { tableRows } from './support/list-helpers';
import { apiPost, loginAs, openRoute } from './support/session';

/**
 * Faster hands (issue 20): common phrases (常用语) managed on their page and inserted into an
 * action's text field by click and by Alt+P; keyboard shortcuts of queue work (j/k, Enter, an
 * action's key, ? for help, never while typing).
 */

const dialogs = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');
/** Takes the focus out of any field, as after clicking an empty part of the page. */
const blur = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test('a phrase made on 常用语 is inserted into a reply at the cursor, by click and by Alt+P, and submitted', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'street1');
  // A retry starts from street1's demo phrases: an earlier try's phrase is deleted.
  const made = '经现场核实已清理完毕（';
  const { mine } = await apiPost<{ mine: { id: number; text: string }[] }>(
    request,
    '/api/phrase/list',
    token,
  );
  for (const old of mine.filter((p) => p.text.startsWith(made))) {
    await apiPost(request, '/api/phrase/delete', token, { id: old.id });
  }
  await openRoute(page, '/account/phrases');
  const view = page.locator('.hl-view[data-view="/account/phrases"]');
  // street1's own demo phrases, and 望湖街道's shared ones read-only (no add button).
  await expect(view.getByTestId('phrases-user').locator('.ant-table-row')).toHaveCount(2);
  await expect(view.getByTestId('phrases-unit').locator('.ant-table-row')).toHaveCount(5);
  await expect(view.getByTestId('phrase-add-unit')).toHaveCount(0);

  const phrase = `${made}${Date.now() % 100000}）`;
  await view.getByTestId('phrase-add-user').click();
  const dialog = dialogs(page);
  // Enter in the order field saves — here it is refused, the text being empty.
  await dialog.getByTestId('phrase-sort').fill('7');
  await dialog.getByTestId('phrase-sort').press('Enter');
  await expect(dialog.getByText('请填写常用语内容')).toBeVisible();
  await dialog.getByTestId('phrase-text').fill(phrase);
  await dialog.getByTestId('phrase-category').click();
  await page.locator('.ant-select-item-option', { hasText: '答复/办理结果' }).click();
  // Ctrl+Enter saves from the text.
  await dialog.getByTestId('phrase-text').press('Control+Enter');
  await expect(dialog).toHaveCount(0);
  await expect(view.getByTestId('phrases-user').locator('.ant-table-row')).toHaveCount(3);
  await expect(view.getByTestId('phrases-user')).toContainText(phrase);
  const saved = await apiPost<{ mine: { text: string; sort: number }[] }>(
    request,
    '/api/phrase/list',
    token,
  );
  expect(saved.mine.find((p) => p.text === phrase)?.sort).toBe(7);

  const { list } = await queue(request, token, 'jd_blz');
  expect(list.length).toBeGreaterThan(0);
  const detail = await openOrder(page, list[0]!.id);
  await clickAction(detail, 'reply');
  const panel = detail.getByTestId('action-panel');
  const content = panel.getByTestId('field-content');
  await content.fill('市民来电反映的问题，');

  // By click: the picker offers reply and general phrases, not review or visit ones.
  await panel.getByTestId('phrase-button').click();
  const picker = page.getByTestId('phrase-picker');
  await expect(picker).toBeVisible();
  await expect(picker.getByTestId('phrase-option').filter({ hasText: phrase })).toHaveCount(1);
  await expect(picker.getByTestId('phrase-option').filter({ hasText: '同意。' })).toHaveCount(0);
  await picker.getByTestId('phrase-option').filter({ hasText: phrase }).click();
  await expect(picker).toHaveCount(0);
  await expect(content).toHaveValue(`市民来电反映的问题，${phrase}`);
  await expect(content).toBeFocused();

  // By key: Alt+P in the field, search, Enter picks the first match; Esc would just close.
  await content.press('Home');
  await content.press('Alt+KeyP');
  await expect(picker).toBeVisible();
  const search = picker.getByRole('textbox');
  await expect(search).toBeFocused();
  await page.keyboard.type('网格员');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  const shared = '已联系社区网格员上门核实，情况属实，已督促物业限期整改。';
  await expect(content).toHaveValue(`${shared}市民来电反映的问题，${phrase}`);
  await content.press('Alt+KeyP');
  await expect(picker).toBeVisible();
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(panel).toBeVisible();
  await expect(content).toBeFocused();
  // Esc before the search box has the focus (a quick hand) also closes only the picker.
  await content.press('Alt+KeyP');
  await content.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(panel).toBeVisible();
  await expect(content).toBeFocused();

  await panel.getByTestId('field-contacted').getByText('是').click();
  await panel.getByTestId('field-resolved').getByText('是').click();
  await panel.getByTestId('action-submit').click();
  await expect(panel).toHaveCount(0);
  await expect(detail.getByTestId('order-detail')).toContainText(phrase);
});

test('queue keys: j/k move the highlighted row, Enter opens it, s signs for it, ? lists the keys', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'street1');
  const { list } = await queue(request, token, 'jd_dqs');
  expect(list.length).toBeGreaterThan(2);
  await openRoute(page, '/jsjb/street/jd_dqs');
  const rows = tableRows(page);
  await expect(rows.first()).toBeVisible();
  const cursor = page.locator('.hl-order-list:visible .hl-row-cursor');
  const cursorId = () => cursor.getAttribute('data-order-id');

  // Typing in the filter's field moves nothing.
  const keyword = page.locator('.hl-order-list:visible input').first();
  await keyword.focus();
  await page.keyboard.press('j');
  await expect(cursor).toHaveCount(0);
  await keyword.fill('');

  await blur(page);
  await page.keyboard.press('j');
  await expect(cursor).toHaveCount(1);
  const first = await rows.nth(0).getAttribute('data-order-id');
  expect(await cursorId()).toBe(first);
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowDown');
  expect(await cursorId()).toBe(await rows.nth(2).getAttribute('data-order-id'));
  await page.keyboard.press('k');
  const second = await rows.nth(1).getAttribute('data-order-id');
  await expect(cursor).toHaveAttribute('data-order-id', second!);

  await page.keyboard.press('Enter');
  const detail = page.getByTestId('order-dialog');
  await expect(
    detail.locator(`[data-testid="order-detail"][data-order-id="${second}"]`),
  ).toBeVisible();
  // The list's keys are off behind the dialog; the detail's sign button shows its key.
  const sign = detail.locator('button[data-action="host_sign"], button[data-action="sign"]');
  await expect(sign).toHaveCount(1);
  await expect(sign).toHaveAttribute('aria-keyshortcuts', 's');
  await expect(sign).toHaveAttribute('title', '快捷键 S');
  await page.keyboard.press('j');
  await expect(cursor).toHaveAttribute('data-order-id', second!);

  // s presses 签收: its confirmation gets the focus, Enter confirms.
  await page.keyboard.press('s');
  const okButton = page.locator('.ant-popconfirm [data-testid="confirm-ok"]:visible');
  await expect(okButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(okButton).toHaveCount(0);
  // Signed: it left 待签收 (the detail may have jumped to the queue's next order).
  await expect
    .poll(async () => (await queue(request, token, 'jd_dqs')).list.map((o) => String(o.id)))
    .not.toContain(second);

  // On the signed order, r opens the reply form with the focus in its text; letters then
  // type, Esc cancels the form and leaves the detail open.
  const signed = await openOrder(page, Number(second));
  const shown = signed.locator(`[data-testid="order-detail"][data-order-id="${second}"]`);
  await expect(signed.locator('button[data-action="reply"]')).toHaveAttribute('title', '快捷键 R');
  await blur(page);
  await page.keyboard.press('r');
  const panel = signed.getByTestId('action-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('field-content')).toBeFocused();
  await page.keyboard.type('sdx');
  await expect(panel.getByTestId('field-content')).toHaveValue('sdx');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(shown).toBeVisible();

  // ? shows the keys of lists and of the detail; Esc closes the help only.
  await blur(page);
  await page.keyboard.press('?');
  const help = page.getByTestId('shortcut-help-body');
  await expect(help).toBeVisible();
  await expect(page.locator('.ant-modal-title', { hasText: '键盘快捷键' })).toBeVisible();
  await expect(help).toContainText('下移一行');
  await expect(help).toContainText('签收');
  await expect(help).toContainText('在输入框中插入常用语');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(shown).toBeVisible();
  await page.getByTestId('order-dialog-close').click();
  await expect(shown).toBeHidden();

  // Back on the list: ? works there too.
  await blur(page);
  await page.keyboard.press('?');
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});
