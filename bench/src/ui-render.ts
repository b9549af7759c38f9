// Section 6 of `npm run bench`: how long the console takes to show a 150-row × all-column
// queue page in Chromium, and how smoothly it scrolls. Needs a server serving the built
// console (`npm run build`) — `--base http://127.0.0.1:8290` (run.ts passes its own).
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { summarize, ms } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    user: { type: 'string', default: 'dispatcher' },
    route: { type: 'string', default: '/jsjb/district/qu_blz' },
    runs: { type: 'string', default: '5' },
  },
});
const base = args.base;
const route = args.route;
const listKey = `orderList:${route.split('/').pop() ?? ''}`;

/** Scrolls the virtual table to the end, one step per frame; the 95th percentile frame gap. */
const SCROLL_SCRIPT = `(async () => {
  const holder = document.querySelector('.hl-order-list .ant-table-tbody-virtual-holder');
  if (!holder) return NaN;
  const gaps = [];
  let last = performance.now();
  let running = true;
  const tick = (t) => { gaps.push(t - last); last = t; if (running) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  for (let y = 0; y <= holder.scrollHeight; y += 120) {
    holder.scrollTop = y;
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  }
  running = false;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length * 0.95)] ?? NaN;
})()`;

/** The page's own frame gaps with nothing happening (the floor of the scroll figure). */
const IDLE_SCRIPT = `(async () => {
  const gaps = [];
  let last = performance.now();
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const t = performance.now();
    gaps.push(t - last);
    last = t;
  }
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length * 0.95)] ?? NaN;
})()`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 }, locale: 'zh-CN' });
  await page.goto(`${base}/#/login`);
  await page.locator('input#login_username').fill(args.user);
  await page.locator('input#login_password').fill('Demo@12345');
  await page.locator('form#login button[type="submit"]').click();
  await page.locator('[data-layout]').waitFor();
  const token = (await page.evaluate(`localStorage.getItem('jsjb')`)) as string;

  // every column on: read the chooser's keys, store them the way the chooser does
  await page.goto(`${base}/#${route}`);
  await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('table-settings').first().click();
  const keys = await page
    .locator('.hl-col-settings .hl-col-list li[data-col-pref]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-col-pref') ?? ''));
  await page.keyboard.press('Escape');
  await fetch(`${base}/api/addons/jsjb/cols/setCols`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ key: listKey, cols: keys.map((key) => ({ key, visible: 1 })) }),
  });

  const renders: number[] = [];
  const scrollP95: number[] = [];
  const idleP95: number[] = [];
  for (let i = 0; i < Number(args.runs); i++) {
    await page.goto(`${base}/#/`);
    await page.locator('[data-layout]').waitFor();
    const started = Date.now();
    await page.goto(`${base}/#${route}?pageSize=150`);
    await page.locator('.hl-order-list .ant-table-row').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      `document.querySelectorAll('.hl-order-list .ant-table-thead th[data-col]').length >= ${keys.length}`,
    );
    renders.push(Date.now() - started);
    // A string, not a function: tsx would add helpers the page does not have.
    idleP95.push((await page.evaluate(IDLE_SCRIPT)) as number);
    const p95 = (await page.evaluate(SCROLL_SCRIPT)) as number;
    scrollP95.push(p95);
  }
  const r = summarize(renders);
  const s = summarize(scrollP95);
  const idle = summarize(idleP95);
  console.log(
    `150 rows × ${keys.length} columns: open to rows shown p50 ${ms(r.p50)} ms (max ${ms(Math.max(...renders))}), scroll frame gap p95 ${ms(s.p50)} ms`,
  );
  console.log(
    `RESULT ${JSON.stringify({
      case: `list page 150 rows × ${keys.length} columns (${args.user} ${route})`,
      figure: `route → rows shown p50 ${ms(r.p50)} ms (${renders.length} runs); scroll frame gap p95 ${ms(s.p50)} ms`,
      floor: `idle frame gap p95 ${ms(idle.p50)} ms (60 fps = 16.7 ms)`,
      target: 'smooth scrolling',
      verdict: s.p50 < 50 ? 'met' : 'missed',
    })}`,
  );
} finally {
  await browser.close();
}
