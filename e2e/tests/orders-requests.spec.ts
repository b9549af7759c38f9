import { expect, test, type Page, type Request } from '../support/test';
import { presetTheme } from '../support/console';
import { badge, clickAction, confirmAction, counts, queue } from './support/detail-helpers';
import { loginAs, openRoute } from './support/session';

/**
 * What one work-order action costs in requests (docs/performance.md "Requests per action"):
 * from the click that sends the action until the UI has settled (the detail shows the new
 * state, the menu badge moved, the list dropped the row), every /api request the page makes is
 * recorded by kind. The action's reply carries the fresh detail and the push channel moves the
 * badges, so the only other read is the one list refetch.
 */

const J = '/api/addons/jsjb';
const NO_JUMP = {
  saveAutoJumpOrder: false,
  banjieAutoJumpOrder: false,
  hufuAutoJumpOrder: false,
  huifangAutoJumpOrder: false,
  fenpaiAutoJumpOrder: false,
  fenpaiBmAutoJumpOrder: false,
};

type Kind = 'action' | 'lock' | 'detail' | 'counts' | 'list' | 'other';

function kindOf(path: string, actionPath: string): Kind {
  if (path === actionPath) return 'action';
  if (path.startsWith(`${J}/lock/`)) return 'lock';
  if (path === `${J}/lists/detail`) return 'detail';
  if (path === `${J}/lists/counts`) return 'counts';
  if (path === `${J}/lists/search` || path.startsWith(`${J}/Approve/`)) return 'list';
  return 'other';
}

/** Records the page's /api requests from `start()` on; `quiet()` waits for the network to rest. */
function apiRecorder(page: Page) {
  const log: string[] = [];
  let recording = false;
  // a set, not a counter: requests sent before the recorder was attached finish too
  const pending = new Set<Request>();
  let last = Date.now();
  const isApi = (r: Request) => new URL(r.url()).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (!isApi(r)) return;
    pending.add(r);
    last = Date.now();
    if (recording) log.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  const done = (r: Request) => {
    if (!isApi(r)) return;
    pending.delete(r);
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    start: () => {
      log.length = 0;
      recording = true;
    },
    /** No /api request in flight and none for a second and a half. */
    quiet: () =>
      expect
        .poll(() => pending.size === 0 && Date.now() - last >= 1500, {
          intervals: [250],
          timeout: 45_000,
        })
        .toBe(true),
    /** The recorded requests by kind, e.g. `{ action: 1, list: 1 }`, and the raw log. */
    tally: (actionPath: string) => {
      const byKind: Partial<Record<Kind, number>> = {};
      for (const entry of log) {
        const kind = kindOf(entry.split(' ')[1] ?? '', actionPath);
        byKind[kind] = (byKind[kind] ?? 0) + 1;
      }
      return { byKind, log: [...log] };
    },
  };
}

async function signIn(page: Page, username: string): Promise<string> {
  const token = await loginAs(page, username);
  await presetTheme(page, NO_JUMP);
  await page.reload();
  await expect(page.locator('[data-layout]')).toBeVisible();
  return token;
}

/** Opens the queue's first row in the detail dialog; returns the dialog and the order id. */
async function openFirstRow(page: Page, path: string, id: number) {
  await openRoute(page, path);
  const row = page.locator(`.hl-view[data-view="${path}"] tr[data-order-id="${id}"]`);
  await row.dblclick();
  const dialog = page.getByTestId('order-dialog');
  await expect(dialog.locator(`[data-order-id="${id}"]`)).toBeVisible();
  return { dialog, row };
}

test('a dispatcher signs an order: one lock, one action, one list read', async ({
  page,
  request,
}) => {
  const token = await signIn(page, 'dispatcher');
  const recorder = apiRecorder(page);
  const DQS = '/jsjb/district/qu_dqs';
  const order = (await queue(request, token, 'qu_dqs')).list[0]!;
  const { dialog, row } = await openFirstRow(page, DQS, order.id);
  const before = (await counts(request, token)).qu_dqs ?? 0;
  await expect.poll(() => badge(page, 'qu_dqs')).toBe(before);
  await recorder.quiet();

  recorder.start();
  await confirmAction(page, dialog, 'sign');
  await expect(dialog.getByTestId('detail-head-status')).toHaveText('办理中');
  await expect.poll(() => badge(page, 'qu_dqs')).toBe(before - 1);
  await expect(row).toHaveCount(0);
  await recorder.quiet();

  const { byKind, log } = recorder.tally(`${J}/cy/a5HandleOrderSignInCy`);
  test.info().annotations.push({ type: 'requests', description: JSON.stringify(log) });
  expect(byKind, log.join('\n')).toEqual({ lock: 1, action: 1, list: 1 });
});

test('a street handler replies: one action, one list read', async ({ page, request }) => {
  const token = await signIn(page, 'street1');
  const recorder = apiRecorder(page);
  const BLZ = '/jsjb/street/jd_blz';
  const order = (await queue(request, token, 'jd_blz')).list.find((o) => o.mainOrgStatus === 1)!;
  const { dialog, row } = await openFirstRow(page, BLZ, order.id);
  await clickAction(dialog, 'reply');
  const panel = dialog.getByTestId('action-panel');
  await panel.getByTestId('field-content').fill('已到现场核实处理，并与来电人沟通。');
  await panel.getByTestId('field-contacted').getByText('是').click();
  await panel.getByTestId('field-resolved').getByText('是').click();
  const before = (await counts(request, token)).jd_blz ?? 0;
  await expect.poll(() => badge(page, 'jd_blz')).toBe(before);
  await recorder.quiet();

  recorder.start();
  await panel.getByTestId('action-submit').click();
  await expect(dialog.getByTestId('detail-head-status')).toHaveText('答复审核中');
  const after = (await counts(request, token)).jd_blz ?? 0;
  await expect.poll(() => badge(page, 'jd_blz')).toBe(after);
  await expect(row).toHaveCount(0);
  await recorder.quiet();

  const { byKind, log } = recorder.tally(`${J}/town/updateProResult`);
  test.info().annotations.push({ type: 'requests', description: JSON.stringify(log) });
  expect(byKind, log.join('\n')).toEqual({ action: 1, list: 1 });
});
