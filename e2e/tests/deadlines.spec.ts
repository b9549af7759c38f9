import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '../support/test';
import { expectAccessible } from '../support/axe';
import { api, apiLogin, loginAs, settle } from '../support/console';
import { startServer, type ExtraServer } from '../support/server';
import { ok, PAGES_DIR, queue } from './support/detail-helpers';

/**
 * Reminders and escalation in the browser (issue 21), on a server of its own whose deadline
 * sweeper runs every second (DEADLINE_SWEEP_MS=1000; the suite's server does not sweep). The
 * real clock runs; deadlines come due within seconds through what an administrator or the city
 * centre may honestly set:
 *  - a reminder 23.999 hours before the 24-hour sign limit (系统配置 → 时限: offsets may be
 *    fractions of an hour) fires 3.6 s after a dispatch: the street handler gets the notice in
 *    the notice list and hears it (speech synthesis, recorded by a stub);
 *  - the city centre pushes an order whose sign limit it sets 8 s ahead: when it passes, the
 *    order is escalated and the district leader and the dispatchers are told; the order shows
 *    已升级 and its escalated state in the list and the detail.
 */

test.describe.configure({ mode: 'serial' });

/** A port nobody listens on (parallel runs use neighbouring fixed ports). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
let server: ExtraServer;
let api0: APIRequestContext;
let admin: string;
let dispatcher: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(PAGES_DIR, { recursive: true });
  server = await startServer(await freePort(), { DEADLINE_SWEEP_MS: '1000' });
  api0 = await apiRequest.newContext({ baseURL: server.baseURL });
  admin = await apiLogin(api0, 'admin');
  dispatcher = await apiLogin(api0, 'dispatcher');
  await api(api0, 'POST', '/api/admin/settings/save', admin, {
    group: 'jsjb',
    values: { remind_sign_hours: '23.999' },
  });
});
test.afterAll(async () => {
  await api0?.dispose();
  await server?.stop();
});

/** Records what the console reads aloud (window.speechSynthesis.speak). */
const SPEECH_STUB = `
  window.__spoken = [];
  const record = (u) => window.__spoken.push({ text: u.text, lang: u.lang });
  if (typeof SpeechSynthesisUtterance === 'undefined') {
    window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; this.lang = ''; } };
  }
  const synth = { speak: record, cancel() {}, pause() {}, resume() {}, getVoices: () => [],
    speaking: false, pending: false, paused: false,
    addEventListener() {}, removeEventListener() {} };
  try {
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  } catch {
    SpeechSynthesis.prototype.speak = record;
  }
`;

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: { text: string }[] }).__spoken);

interface Session {
  page: Page;
  token: string;
  close: () => Promise<void>;
}

/** A browser of the user's own, logged in, push channel live, speech recorded. */
async function session(
  browser: Browser,
  username: string,
  viewport = { width: 1280, height: 800 },
  language: 'zh-CN' | 'en-US' = 'zh-CN',
): Promise<Session> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: language, viewport });
  await context.addInitScript(SPEECH_STUB);
  if (language !== 'zh-CN') {
    await context.addInitScript((value) => localStorage.setItem('language', value), language);
  }
  const page = await context.newPage();
  const token = await loginAs(page, username);
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'live');
  return { page, token, close: () => context.close() };
}

async function noticePanel(page: Page, orderNum: string, text: string) {
  await expect(page.getByTestId('notice-dot').locator('.ant-badge-dot')).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: '消息通知' }).click();
  const item = page.getByTestId('notice-panel').locator('.hl-notice-item', { hasText: orderNum });
  await expect(item.filter({ hasText: text }).first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

/** The order list filtered to one order, as a person would look it up. */
async function listRow(page: Page, orderNum: string) {
  await page.goto(`/#/jsjb/orders?orderNum=${orderNum}`);
  const row = page.locator('.hl-order-list:visible .ant-table-row', { hasText: orderNum });
  await expect(row).toHaveCount(1);
  return row;
}

async function openDetail(page: Page, orderNum: string) {
  const row = await listRow(page, orderNum);
  await row.locator('.hl-order-link').click();
  const detail = page.getByTestId('order-dialog').getByTestId('order-detail');
  await expect(detail).toBeVisible();
  return detail;
}

test('a street handler is reminded before the sign limit: notice, voice, due soon in list and detail', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const street = await session(browser, 'street1');
  try {
    const me = await api<{ info: { orgid: number } }>(
      street.page.request,
      'GET',
      '/api/user/userInfo',
      street.token,
    );
    // The dispatcher signs a waiting order and dispatches it to the street's unit.
    const waiting = (await queue(api0, dispatcher, 'qu_dqs')).list.find(
      (o) => o.urgency === 'general',
    );
    expect(waiting, 'a demo order waiting to be signed').toBeTruthy();
    const order = waiting!;
    await ok(api0, '/api/addons/jsjb/cy/a5HandleOrderSignInCy', dispatcher, {
      id: order.id,
      signType: 1,
    });
    await ok(api0, '/api/addons/jsjb/org/submitHandleOrgInfo', dispatcher, {
      id: order.id,
      hostUnitId: me.info.orgid,
    });

    // 3.6 s later the sweep sends the reminder: in the notice list, and read aloud.
    await noticePanel(street.page, order.orderNum, '距签收时限还有 24 小时');
    await expect
      .poll(async () => (await spoken(street.page)).map((u) => u.text), { timeout: 15_000 })
      .toContainEqual(`工单 ${order.orderNum} 距签收时限还有 24 小时`);

    // From its first reminder on the order is due soon: the list's tag and the detail head.
    const row = await listRow(street.page, order.orderNum);
    const cell = row.locator('td[data-col="nextDeadline"] .hl-next-deadline');
    await expect(cell).toHaveAttribute('data-deadline-state', 'dueSoon');
    await expect(cell.locator('.ant-tag')).toHaveText('临期');
    await expect(cell).toContainText('签收');
    await settle(street.page);
    await street.page.screenshot({ path: `${PAGES_DIR}deadlines-list-1280.png` });
    await expectAccessible(street.page, 'order list with the next deadline');

    await row.locator('.hl-order-link').click();
    const head = street.page.getByTestId('order-dialog').getByTestId('detail-head-deadline');
    await expect(head).toHaveAttribute('data-deadline-state', 'dueSoon');
    await expect(head).toContainText('临期');
    await expect(head).toContainText('签收时限');
  } finally {
    await street.close();
  }
});

test('an order missing its sign limit is escalated: the leader is told, the order shows it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const leader = await session(browser, 'leader');
  const desk = await session(browser, 'dispatcher');
  try {
    const key = await api<{ secret: string }>(api0, 'POST', '/api/admin/key/create', admin, {
      name: `e2e-deadlines-${Date.now() % 100000}`,
    });
    const cityOrderNum = `ESC-${Date.now()}`;
    const pushed = await api0.post('/api/open/city/orders', {
      headers: { 'x-api-key': key.secret },
      data: {
        cityOrderNum,
        title: '井盖缺失无人处理',
        majorContent: '市民反映望湖路口井盖缺失，存在安全隐患。',
        callerName: '周先生',
        callerPhone: '13612340000',
        address: '望湖路口',
        urgency: 'general',
        orderNature: 'report',
        callTime: new Date().toISOString(),
        // the city's own sign limit, 8 seconds from now
        refuseDeadline: new Date(Date.now() + 8_000).toISOString(),
      },
    });
    const body = (await pushed.json()) as {
      code: number;
      msg: string;
      data: { order: { orderNum: string } };
    };
    expect(body.code, body.msg).toBe(201); // created
    const orderNum = body.data.order.orderNum;

    const text = `工单 ${orderNum} 已超过签收时限，已升级`;
    await noticePanel(leader.page, orderNum, '已超过签收时限，已升级');
    await expect
      .poll(async () => (await spoken(leader.page)).map((u) => u.text), { timeout: 15_000 })
      .toContainEqual(text);
    // the district's dispatchers hear of it too
    await noticePanel(desk.page, orderNum, '已超过签收时限，已升级');

    // The list: 已升级 in the tip column, the next deadline's state escalated.
    const row = await listRow(leader.page, orderNum);
    await expect(row.locator('td[data-col="tip"]')).toContainText('已升级');
    const cell = row.locator('td[data-col="nextDeadline"] .hl-next-deadline');
    await expect(cell).toHaveAttribute('data-deadline-state', 'escalated');
    await expect(cell.locator('.ant-tag')).toHaveText('超期已升级');

    // The detail head says the same.
    const detail = await openDetail(leader.page, orderNum);
    await expect(detail.getByTestId('detail-head-escalated')).toContainText('已升级');
    const head = detail.getByTestId('detail-head-deadline');
    await expect(head).toHaveAttribute('data-deadline-state', 'escalated');
    await expect(head).toContainText('超期已升级');
    await settle(leader.page);
    await leader.page.screenshot({ path: `${PAGES_DIR}deadlines-detail-1280.png` });
    await expectAccessible(leader.page, 'order detail with the next deadline', {
      include: '[data-testid="order-dialog"]',
    });
  } finally {
    await leader.close();
    await desk.close();
  }
});

for (const [language, words] of [
  ['zh-CN', { escalated: '超期已升级', tag: '已升级', file: '390' }],
  ['en-US', { escalated: 'Escalated', tag: 'Escalated', file: '390-en' }],
] as const) {
  test(`at 390 px the list and the detail show the state (${language})`, async ({ browser }) => {
    const phone = await session(browser, 'leader', { width: 390, height: 844 }, language);
    try {
      await expect(phone.page.locator('html')).toHaveAttribute('lang', language);
      const escalated = await api<{ list: { orderNum: string }[] }>(
        api0,
        'POST',
        '/api/addons/jsjb/lists/search',
        dispatcher,
        { escalated: 1, pageSize: 10 },
      );
      const orderNum = escalated.list[0]!.orderNum;
      // on a phone the list is a column of cards (OrderCards.tsx)
      await phone.page.goto(`/#/jsjb/orders?orderNum=${orderNum}`);
      const card = phone.page.locator('.hl-order-list:visible li.hl-card', { hasText: orderNum });
      await expect(card).toHaveCount(1);
      const cell = card.locator('.hl-card-tags .hl-next-deadline');
      await cell.scrollIntoViewIfNeeded();
      await expect(cell).toHaveAttribute('data-deadline-state', 'escalated');
      await expect(cell.locator('.ant-tag')).toHaveText(words.escalated);
      await settle(phone.page);
      await phone.page.screenshot({ path: `${PAGES_DIR}deadlines-list-${words.file}.png` });
      await expectAccessible(phone.page, `order list at 390 px (${language})`);
      await card.locator('.hl-order-link').click();
      const detail = phone.page.getByTestId('order-dialog').getByTestId('order-detail');
      await expect(detail).toBeVisible();
      const head = detail.getByTestId('detail-head-deadline');
      await expect(head).toBeVisible();
      await expect(head).toContainText(words.escalated);
      await expect(detail.getByTestId('detail-head-escalated')).toContainText(words.tag);
      // The head fits the full-screen detail: nothing wider than the phone.
      const box = await head.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await settle(phone.page);
      await phone.page.screenshot({ path: `${PAGES_DIR}deadlines-detail-${words.file}.png` });
    } finally {
      await phone.close();
    }
  });
}

test('the board counts escalations per unit', async ({ browser }) => {
  const leader = await session(browser, 'leader');
  try {
    await leader.page.goto('/#/stats/kanban');
    const board = leader.page.getByTestId('stats-kanban');
    await expect(board).toBeVisible();
    const streets = leader.page.getByTestId('ranking-streets');
    await expect(streets.getByRole('columnheader', { name: '一级升级' })).toBeVisible();
    await expect(streets.getByRole('columnheader', { name: '二级升级' })).toBeVisible();
    await expect(board).toContainText(/超时升级 一级 \d+ \/ 二级 \d+/);
    await settle(leader.page);
    await leader.page.screenshot({ path: `${PAGES_DIR}deadlines-kanban-1280.png` });
    await expectAccessible(leader.page, 'board with escalations');
  } finally {
    await leader.close();
  }
});
