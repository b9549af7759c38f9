import { expect, test } from '../support/test';
import { ok } from './support/detail-helpers';
import { loginAs, openRoute } from './support/session';

/** The board's drill-down (issue 20): a unit's row opens its orders of the period. */

test("a unit's name on the board opens its orders of the period", async ({ page, request }) => {
  const token = await loginAs(page, 'leader');
  await openRoute(page, '/stats/kanban');
  const streets = page.getByTestId('ranking-streets');
  const rows$ = streets.locator('tr', { has: page.getByTestId('ranking-unit') });
  await expect(rows$.first()).toBeVisible();
  // a unit with orders in the period (volume: the third column)
  const volumes = await rows$.evaluateAll((els) =>
    els.map((e) => Number(e.querySelectorAll('td')[2]?.textContent ?? 0)),
  );
  const at = volumes.findIndex((v) => v > 0);
  expect(at, 'a street with orders dispatched in the period').toBeGreaterThanOrEqual(0);
  const link = rows$.nth(at).getByTestId('ranking-unit');
  const unitId = Number(await link.getAttribute('data-unit-id'));
  const href = (await link.getAttribute('href')) ?? '';
  const query = Object.fromEntries(new URLSearchParams(href.split('?')[1]));
  expect(query.hostUnitId).toBe(String(unitId));
  expect(query.dispatchTimeFrom).toBeTruthy();
  expect(query.dispatchTimeTo).toBeTruthy();

  await link.click();
  const view = page.locator('.hl-view[data-view="/jsjb/orders"]');
  await expect(view).toBeVisible();
  const expected = await ok<{ list: { id: number }[]; totalCount: number }>(
    request,
    '/api/addons/jsjb/lists/search',
    token,
    { ...query, hostUnitId: unitId, pageSize: 10, isAmount: 1 },
  );
  expect(expected.list.length).toBeGreaterThan(0);
  const rows = view.locator('tr[data-order-id]');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute('data-order-id'))),
  );
  // the page may show more rows a page than the 10 asked for here: its first ten are these
  expect(shown.slice(0, expected.list.length)).toEqual(expected.list.map((o) => o.id));
});
