import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '../support/test';
import ExcelJS from 'exceljs';
import { settle } from '../support/console';
import { b, dialog, openUsers, stamp, type UserListReply } from './support/admin';
import { pagesDir } from './support/list-helpers';
import { apiPost, loginAs } from './support/session';

/**
 * 用户管理's import (issue 17 item 1): a file with one bad row imports nobody and names the row;
 * the fixed file imports all its users. The rest of the page: admin-users.spec.ts.
 */

async function userTotal(request: APIRequestContext, token: string): Promise<number> {
  return (await apiPost<UserListReply>(request, '/api/admin/user/list', token, { pageSize: 1 }))
    .total;
}

/** The template the page downloads, filled with `count` users; `bad` (0-based) gets a bad unit. */
async function fillTemplate(path: string, prefix: string, count: number, bad: number | null) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = sheet.getRow(1).values as (string | null | undefined)[];
  const col = (start: string) =>
    header.findIndex((h) => typeof h === 'string' && h.startsWith(start));
  for (let i = 0; i < count; i += 1) {
    const row = sheet.getRow(i + 2);
    row.getCell(col('用户名')).value = `${prefix}${String(i + 1).padStart(2, '0')}`;
    row.getCell(col('姓名')).value = `导入测试${i + 1}`;
    row.getCell(col('单位')).value = i === bad ? '不存在的单位' : '望湖街道';
    row.getCell(col('角色')).value = '街乡镇承办人';
    row.getCell(col('管理员')).value = '否';
    row.commit();
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('an import of 50 users with one bad row imports nobody and names the row; the fixed file imports all 50', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const adminToken = await loginAs(page, 'admin');
  const view = await openUsers(page);
  const before = await userTotal(request, adminToken);
  await expect(view).toContainText(`共 ${before} 位用户`);

  await view.getByRole('button', { name: '导入' }).click();
  const modal = dialog(page);
  await expect(modal).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    modal.getByRole('button', { name: '下载模板' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const template = await download.path();

  // row 27 of the sheet (the 26th user) names a unit that does not exist
  const prefix = `imp${stamp()}_`;
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const badFile = await fillTemplate(template, prefix, 50, 25);
  await modal.locator('input[type="file"]').setInputFiles({
    name: 'users.xlsx',
    mimeType: xlsx,
    buffer: badFile,
  });
  await expect(modal).toContainText('users.xlsx');
  await modal.getByRole('button', { name: '开始导入' }).click();
  const errors = modal.getByTestId('import-errors');
  await expect(errors).toContainText('未导入任何用户');
  const errorRows = errors.locator('.ant-table-tbody tr.ant-table-row');
  await expect(errorRows).toHaveCount(1);
  await expect(errorRows.first().locator('td').nth(0)).toHaveText('27');
  await expect(errorRows.first()).toContainText('单位');
  await expect(errorRows.first()).toContainText('不存在的单位');
  await settle(page);
  await page.screenshot({ path: `${pagesDir()}/admin-users-import-errors-1280.png` });

  // nothing was written
  expect(await userTotal(request, adminToken)).toBe(before);
  const probe = await apiPost<UserListReply>(request, '/api/admin/user/list', adminToken, {
    keyword: prefix,
  });
  expect(probe.total).toBe(0);

  // the fixed file: all 50, each with a one-time password, the list refreshed
  const goodFile = await fillTemplate(template, prefix, 50, null);
  await modal.locator('input[type="file"]').setInputFiles({
    name: 'users-fixed.xlsx',
    mimeType: xlsx,
    buffer: goodFile,
  });
  await modal.getByRole('button', { name: '开始导入' }).click();
  const done = modal.getByTestId('import-done');
  await expect(done).toContainText('已导入 50 位用户');
  await expect(done).toContainText('首次登录时必须修改密码');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    done.getByRole('button', { name: '下载 CSV' }).click(),
  ]);
  const text = await readFile(await csv.path(), 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toBe('用户名,姓名,一次性密码');
  expect(lines).toHaveLength(51);
  expect(lines[1]).toMatch(new RegExp(`^${prefix}01,导入测试1,\\S{8,}$`));
  await settle(page);
  await page.screenshot({ path: `${pagesDir()}/admin-users-import-done-1280.png` });
  await modal
    .locator('.ant-modal-footer')
    .getByRole('button', { name: b('关闭') })
    .click();

  expect(await userTotal(request, adminToken)).toBe(before + 50);
  await expect(view).toContainText(`共 ${before + 50} 位用户`);
});
