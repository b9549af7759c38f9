import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '../support/test';
import ExcelJS from 'exceljs';
import { DEFAULT_EXPORT_COLUMNS, exportColumn, maskPhone } from '@hotline/domain';
import { call, listView, shownTotal } from './support/list-helpers';
import { loginAs, openRoute } from './support/session';

/** Exports: filter a queue, export it, read the downloaded file; print view; stats page. */

const BLZ = '/jsjb/district/qu_blz';
const HEADERS = DEFAULT_EXPORT_COLUMNS.map((k) => exportColumn(k)!.zh);

async function filterByKeyword(page: Page, keyword: string): Promise<void> {
  const bar = listView(page).getByTestId('order-filter');
  await bar.getByLabel('全文检索').fill(keyword);
  await bar.getByTestId('filter-search').click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
}

async function openDialog(page: Page, format: 'Excel' | 'CSV') {
  await listView(page).getByTestId('export').click();
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: '导出工单' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '恢复默认' }).click();
  await dialog.getByText(format, { exact: false }).first().click();
  return dialog;
}

test('a filtered queue exported to XLSX: the downloaded file holds exactly the list, typed and masked as the user may see', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'leader');
  const { list } = await call<{ list: { title: string }[] }>(request, 'lists/search', token, {
    menuId: 'qu_blz',
    pageSize: 10,
  });
  const keyword = list[0]!.title.slice(0, 2);
  const expected = await call<{
    list: { orderNum: string; title: string; callerPhone: string; callTime: string }[];
    totalCount: number;
  }>(request, 'lists/search', token, { menuId: 'qu_blz', keyword, isAmount: 1, pageSize: 150 });
  expect(expected.totalCount).toBeGreaterThan(0);

  await openRoute(page, BLZ);
  await filterByKeyword(page, keyword);
  await expect.poll(() => shownTotal(page)).toBe(expected.totalCount);
  const dialog = await openDialog(page, 'Excel');
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('export-start').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^工单导出-\d{8}-\d{6}\.xlsx$/);
  await expect(dialog.getByTestId('export-done')).toBeVisible();
  await expect(dialog.getByText('诉求人电话已脱敏')).toBeVisible();

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(HEADERS);
  expect(rows.length - 1).toBe(expected.totalCount);
  const col = (key: string) => DEFAULT_EXPORT_COLUMNS.indexOf(key);
  const first = expected.list[0]!;
  expect(rows[1]![col('orderNum')]).toBe(first.orderNum);
  expect(rows[1]![col('callerPhone')]).toBe(maskPhone(first.callerPhone));
  const callTime = rows[1]![col('callTime')] as Date;
  expect(callTime.getTime() - 8 * 3_600_000).toBe(new Date(first.callTime).getTime());
  for (const r of rows.slice(1))
    expect(String(r[col('title')]) + String(r[col('majorContent')] ?? '')).toContain(keyword);
});

test('a CSV job follows its pushed progress and downloads a UTF-8 file with a BOM', async ({
  page,
  request,
}) => {
  const frames: { status: string; rows: number }[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      const m = typeof f.payload === 'string' ? (JSON.parse(f.payload) as { type: string }) : null;
      if (m?.type === 'exportJob') frames.push(m as unknown as { status: string; rows: number });
    }),
  );
  const token = await loginAs(page, 'dispatcher');
  const expected = await call<{ totalCount: number }>(request, 'lists/search', token, {
    menuId: 'qu_blz',
    isAmount: 1,
  });
  await openRoute(page, BLZ);
  // The push channel is bound: the job's progress and end come by push, nothing is polled.
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'live');
  const polls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('queryExportInfo')) polls.push(r.url());
  });
  const dialog = await openDialog(page, 'CSV');
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('export-start').click();
  const file = await downloading;
  expect(polls).toEqual([]);
  expect(frames[0]!.status).toBe('running');
  expect(frames.at(-1)!.status).toBe('done');
  expect(frames.at(-1)!.rows).toBe(expected.totalCount);
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe(HEADERS.join(','));
  // Content may span lines inside quotes: count records by their leading sequence number.
  const seqs = lines
    .slice(1)
    .filter((l) => /^\d+,/.test(l))
    .map((l) => Number(l.split(',')[0]));
  expect(seqs.at(-1)).toBe(expected.totalCount);
  await expect(dialog.getByTestId('export-done')).toBeVisible();
});

test('the print view shows one order on an A4 sheet; the stats page draws its board', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await call<{ list: { id: number; orderNum: string }[] }>(
    request,
    'lists/search',
    token,
    {
      status: [92],
    },
  );
  const order = list[0]!;
  await page.goto(`/#/jsjb/order/print/${order.id}`);
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(order.orderNum);
  await expect(sheet).toContainText('办理过程');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-button')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await openRoute(page, '/stats/kanban');
  await expect(page.getByTestId('ranking-streets')).toBeVisible();
  await expect(page.getByTestId('ranking-departments')).toBeVisible();
  await expect(page.getByTestId('chart-trend').locator('canvas')).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('kanban-export').click();
  expect((await downloading).suggestedFilename()).toMatch(/^考核排名-.*\.xlsx$/);
});
