import { expect, test, type Browser, type Page } from '../support/test';
import type { MenuNode } from '../support/console';
import { api, loginAs, newSession } from './support/session';
import { ok, queue } from './support/detail-helpers';

/**
 * The live push channel in two browsers: the dispatcher dispatches, the street handler's menu
 * badge, notice and alert sound arrive without a reload; "view" opens the order; a browser
 * that blocks autoplay gets a one-click "enable sound" prompt.
 */

/** Records every HTMLMediaElement.play (and can refuse the first, as a blocking browser does). */
const spy = (refuseFirst: boolean) => `
  window.__plays = [];
  window.__refuseNext = ${refuseFirst};
  const original = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    window.__plays.push(this.src);
    if (window.__refuseNext) {
      window.__refuseNext = false;
      return Promise.reject(new DOMException('autoplay blocked', 'NotAllowedError'));
    }
    return original.call(this).catch(() => undefined);
  };
`;

const plays = (page: Page) =>
  page.evaluate(() => (window as unknown as { __plays: string[] }).__plays);

async function routeOf(page: Page, token: string, menuId: string): Promise<string> {
  const menu = await api<{ list: MenuNode[] }>(
    page.request,
    'GET',
    '/api/rule/menu?ismenu=1',
    token,
  );
  const walk = (nodes: MenuNode[]): MenuNode | undefined =>
    nodes.map((n) => (n.meta.menuId === menuId ? n : walk(n.children))).find(Boolean);
  const node = walk(menu.list);
  expect(node, `${menuId} in the menu`).toBeTruthy();
  return node!.path;
}

async function badgeOf(page: Page, menuId: string): Promise<number> {
  const count = page.locator(`.hl-side-menu [data-menu-id="${menuId}"] .ant-scroll-number`);
  if ((await count.count()) === 0) return 0;
  return Number((await count.first().getAttribute('title')) ?? (await count.first().innerText()));
}

/** Signs (if needed) and dispatches an order to the unit, as the dispatcher, through the API. */
async function dispatch(
  page: Page,
  token: string,
  unitId: number,
): Promise<{ id: number; orderNum: string }> {
  const pending = await queue(page.request, token, 'qu_dqs');
  // A general order: an urgent one would also enter the near-deadline queue and sound twice.
  const order = pending.list.find((o) => o.urgency === 'general');
  expect(order, 'a demo order waiting to be signed').toBeTruthy();
  await ok(page.request, '/api/addons/jsjb/cy/a5HandleOrderSignInCy', token, {
    id: order!.id,
    signType: 1,
  });
  await ok(page.request, '/api/addons/jsjb/org/submitHandleOrgInfo', token, {
    id: order!.id,
    hostUnitId: unitId,
  });
  return { id: order!.id, orderNum: order!.orderNum };
}

async function streetSession(browser: Browser, refuseAutoplay = false) {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript(spy(refuseAutoplay));
  const page = await context.newPage();
  const token = await loginAs(page, 'street1');
  const info = await api<{ info: { orgid: number } }>(
    page.request,
    'GET',
    '/api/user/userInfo',
    token,
  );
  const path = await routeOf(page, token, 'jd_dqs');
  await page.goto(`/#${path}`);
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'live');
  await expect(page.locator('.hl-side-menu [data-menu-id="jd_dqs"]')).toBeVisible();
  return { page, token, unitId: info.info.orgid, close: () => context.close() };
}

test('a dispatch reaches the street handler: badge, notice and sound, without reload', async ({
  browser,
}) => {
  const dispatcher = await newSession(browser, 'dispatcher');
  const street = await streetSession(browser);
  try {
    const before = await badgeOf(street.page, 'jd_dqs');
    await expect(street.page.getByTestId('notice-dot').locator('.ant-badge-dot')).toHaveCount(0);
    const navigations: string[] = [];
    street.page.on('framenavigated', (f) => navigations.push(f.url()));

    const order = await dispatch(dispatcher.page, dispatcher.token, street.unitId);

    await expect.poll(() => badgeOf(street.page, 'jd_dqs')).toBe(before + 1);
    await expect(street.page.getByTestId('notice-dot').locator('.ant-badge-dot')).toHaveCount(1);
    await expect
      .poll(() => plays(street.page))
      .toContainEqual(expect.stringContaining('/static/voice/2/order-to-be-signed-for.mp3'));
    expect(navigations, 'no reload').toEqual([]);

    // The notice names the order; "view" opens it in the detail dialog.
    await street.page.getByRole('button', { name: '消息通知' }).click();
    const panel = street.page.getByTestId('notice-panel');
    await expect(panel).toContainText('您有新的待签收工单');
    await expect(panel).toContainText(order.orderNum);
    await panel
      .locator('.hl-notice-item', { hasText: order.orderNum })
      .getByRole('button', { name: /查\s*看/ })
      .first()
      .click();
    await expect(
      street.page.getByTestId('order-dialog').locator(`[data-order-id="${order.id}"]`),
    ).toBeVisible();

    // The counts the page shows equal the server's after the push.
    const server = await api<{ counts: Record<string, number> }>(
      street.page.request,
      'POST',
      '/api/addons/jsjb/lists/counts',
      street.token,
    );
    expect(await badgeOf(street.page, 'jd_dqs')).toBe(server.counts.jd_dqs);
  } finally {
    await street.close();
    await dispatcher.close();
  }
});

test('a browser that blocks autoplay gets a one-click "enable sound" prompt', async ({
  browser,
}) => {
  const dispatcher = await newSession(browser, 'dispatcher');
  const street = await streetSession(browser, true);
  try {
    await dispatch(dispatcher.page, dispatcher.token, street.unitId);
    const prompt = street.page.getByTestId('sound-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('浏览器阻止了新工单提示音的自动播放');
    expect(await plays(street.page)).toHaveLength(1);
    await street.page.getByTestId('enable-sound').click();
    await expect(prompt).toBeHidden();
    const all = await plays(street.page);
    expect(all).toHaveLength(2);
    expect(all[1]).toContain('/static/voice/2/order-to-be-signed-for.mp3');
  } finally {
    await street.close();
    await dispatcher.close();
  }
});
