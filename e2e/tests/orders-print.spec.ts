import { expect, test } from '../support/test';
import { ok, openOrder, queue } from './support/detail-helpers';
import { loginAs } from './support/session';

/**
 * The case sheet (issue 20, defects 4 and 9): reached and failed visits in words, no lock
 * records, and the detail links to it.
 */

const JSJB = '/api/addons/jsjb';

test('a failed and a reached visit print in words; the detail opens the sheet', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'visitor');
  const { list } = await queue(request, token, 'hf_dhf');
  const order = list[0]!;
  await ok(request, `${JSJB}/updateHuifangSjs`, token, {
    id: order.id,
    reached: 0,
    remark: '无人接听',
  });
  await ok(request, `${JSJB}/updateHuifangSjs`, token, {
    id: order.id,
    reached: 1,
    hostContacted: 1,
    resolved: 1,
    satisfaction: 'satisfied',
    remark: '市民表示满意',
  });

  const dialog = await openOrder(page, order.id);
  const opening = page.waitForEvent('popup');
  await dialog.getByTestId('detail-print').click();
  const sheetPage = await opening;
  const sheet = sheetPage.getByTestId('print-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(order.orderNum);
  const visits = sheet.getByTestId('print-visit');
  await expect(visits).toHaveCount(2);
  await expect(visits.nth(0)).toContainText('第 1 次');
  await expect(visits.nth(0)).toContainText('未接通');
  await expect(visits.nth(0)).toContainText('无人接听');
  await expect(visits.nth(1)).toContainText('接通 · 满意');
  await expect(sheet).not.toContainText('satisfied');
  await expect(sheet.getByTestId('print-event')).not.toHaveCount(0);
});

test('the timeline hides lock records until asked; the sheet leaves them out', async ({
  page,
  request,
}) => {
  const token = await loginAs(page, 'dispatcher');
  const { list } = await queue(request, token, 'qu_blz');
  const order = list[0]!;
  await ok(request, `${JSJB}/lock/assignLock`, token, { id: order.id });
  await ok(request, `${JSJB}/lock/assignUnlock`, token, { id: order.id });
  const dialog = await openOrder(page, order.id);
  await dialog.getByRole('tab', { name: /^办理记录/ }).click();
  const timeline = dialog.getByTestId('detail-timeline');
  await expect(timeline).toBeVisible();
  const lockRows = timeline.locator(
    '.hl-timeline-item[data-action="lock"], .hl-timeline-item[data-action="unlock"]',
  );
  await expect(lockRows).toHaveCount(0);
  await dialog.getByTestId('timeline-show-locks').click();
  await expect.poll(() => lockRows.count()).toBeGreaterThanOrEqual(2);

  const trail = await ok<{ timeline: { action: string }[] }>(
    request,
    `${JSJB}/export/getOrder`,
    token,
    { id: order.id },
  );
  expect(trail.timeline.map((e) => e.action)).toContain('lock');
  await page.goto(`/#/jsjb/order/print/${order.id}`);
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet.getByTestId('print-event')).not.toHaveCount(0);
  const sheetLocks = sheet.locator(
    '[data-testid="print-event"][data-action="lock"], [data-testid="print-event"][data-action="unlock"]',
  );
  await expect(sheetLocks).toHaveCount(0);
});
