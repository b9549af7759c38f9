import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { expectAccessible } from '../support/axe';
import { api, apiLogin, loginAs, settle } from '../support/console';
import { chooseOption, PAGES_DIR } from './support/detail-helpers';
import { openRoute } from './support/session';

/**
 * 工作日历 as an administrator uses it (issue 21): the year view of the seeded national schedule,
 * the provisional 2027 (seen and changed in the year view), a day set and cleared, a year
 * exported and imported (and a bad file refused with its entry named); in English at 390 px.
 * What a test changes is put back through the API: the other specs share this server.
 */

interface YearData {
  year: number;
  provisional: boolean;
  defined: boolean;
  days: { date: string; kind: 'holiday' | 'workday'; name: string }[];
}

const yearData = (request: APIRequestContext, token: string, year: number) =>
  api<YearData>(request, 'POST', '/api/admin/calendar/year', token, { year });

const day = (page: Page, date: string) =>
  page.locator(`button.work-calendar-day[data-date="${date}"]`);

/** Steps the year view from the current year to `year` with its buttons. */
async function showYear(page: Page, year: number, english = false) {
  const input = page.getByRole('spinbutton', { name: english ? 'Year' : '年份' });
  const now = Number(await input.inputValue());
  const button = page.getByRole('button', {
    name: english ? (year > now ? 'Next year' : 'Previous year') : year > now ? '下一年' : '上一年',
  });
  for (let i = 0; i < Math.abs(year - now); i++) await button.click();
  await expect(input).toHaveValue(String(year));
  await expect(day(page, `${year}-01-01`)).toBeVisible();
}

// A busy machine: each test logs in and walks several steps of a page of 12 months.
test.describe.configure({ timeout: 180_000 });

async function shot(page: Page, name: string) {
  mkdirSync(PAGES_DIR, { recursive: true });
  await settle(page);
  await page.screenshot({ path: `${PAGES_DIR}${name}`, fullPage: false });
}

test('the year view: the national schedule, provisional 2027 marked and unmarked, a day set and cleared', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  try {
    await loginAs(page, 'admin');
    await openRoute(page, '/system/calendar');
    await showYear(page, 2026);
    // 国庆 Oct 1–7 off, Sep 20 (Sunday) and Oct 10 (Saturday) work.
    await expect(day(page, '2026-10-01')).toHaveClass(/is-holiday/);
    await expect(day(page, '2026-10-01')).toHaveAttribute('aria-label', '2026-10-01 国庆节 放假');
    await expect(day(page, '2026-10-10')).toHaveClass(/is-adjusted/);
    await expect(day(page, '2026-10-09')).toHaveClass(/is-workday/);
    const provisional = page.getByRole('checkbox', { name: '暂定（通知未发布）' });
    await expect(provisional).not.toBeChecked();
    await shot(page, 'calendar-2026-1280.png');

    // 2027 is provisional: the box is ticked and the page says what is missing.
    await showYear(page, 2027);
    await expect(provisional).toBeChecked();
    const hint = page.getByRole('alert').filter({ hasText: '本年度安排为暂定' });
    await expect(hint).toBeVisible();
    await shot(page, 'calendar-2027-provisional-1280.png');
    await expectAccessible(page, 'work calendar, provisional 2027');

    // The administrator enters a 调休 Saturday (2027-02-06) …
    await day(page, '2027-02-06').click();
    const dialog = page.getByRole('dialog', { name: '设置 2027-02-06' });
    await dialog.getByRole('radio', { name: '调休上班' }).check();
    await dialog.getByRole('textbox', { name: '名称' }).fill('春节调休');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect(dialog).toBeHidden();
    await expect(day(page, '2027-02-06')).toHaveClass(/is-adjusted/);
    expect((await yearData(request, admin, 2027)).days).toContainEqual({
      date: '2027-02-06',
      kind: 'workday',
      name: '春节调休',
    });
    // … and, the notice entered, says the year is no longer provisional.
    await provisional.uncheck();
    await expect(provisional).not.toBeChecked();
    await expect(hint).toBeHidden();
    expect((await yearData(request, admin, 2027)).provisional).toBe(false);
    // Ticked again (as seeded); the day cleared back to an ordinary weekend day.
    await provisional.check();
    await expect(hint).toBeVisible();
    expect((await yearData(request, admin, 2027)).provisional).toBe(true);
    await day(page, '2027-02-06').click();
    await dialog.getByRole('radio', { name: '正常休息日（周末）' }).check();
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect(dialog).toBeHidden();
    await expect(day(page, '2027-02-06')).toHaveClass(/is-weekend/);

    // Each change is in the audit log, named and offered by the action filter.
    await openRoute(page, '/system/audit');
    await chooseOption(page, page.locator('.hl-audit-action'), '修改工作日历');
    const rows = page.getByTestId('audit-table').locator('tbody tr[data-row-key]');
    await expect(rows.first()).toContainText('修改工作日历');
    await expect(rows.first()).toContainText('工作日历 2027');
    await expect(rows.first()).toContainText('#2027-02-06');
    expect(
      new Set(
        await rows
          .locator('[data-action]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-action'))),
      ),
    ).toEqual(new Set(['calendar.change']));
  } finally {
    await api(request, 'POST', '/api/admin/calendar/day', admin, {
      date: '2027-02-06',
      kind: null,
    });
    await api(request, 'POST', '/api/admin/calendar/provisional', admin, {
      year: 2027,
      provisional: true,
    });
  }
  const back = await yearData(request, admin, 2027);
  expect(back.provisional).toBe(true);
  expect(back.days.map((d) => d.date)).not.toContain('2027-02-06');
});

test('a year is exported as a file and a file imported; a bad file is refused with its entry named', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await openRoute(page, '/system/calendar');
  await showYear(page, 2027);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('work-calendar-2027.json');
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as YearData;
  expect(exported.year).toBe(2027);
  expect(exported.provisional).toBe(true);
  expect(exported.days).toContainEqual({ date: '2027-10-01', kind: 'holiday', name: '国庆节' });

  // The same shape for another year (2035: no other spec reads it).
  const file = {
    year: 2035,
    provisional: false,
    days: [
      { date: '2035-01-01', kind: 'holiday', name: '元旦' },
      { date: '2035-01-06', kind: 'workday', name: '调休' }, // a Saturday
    ],
  };
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'work-calendar-2035.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  // it replaces the whole year: asked first, and a "no" changes nothing
  const ask = page.locator('.ant-modal-confirm');
  await expect(ask).toContainText('文件中的 2 条设置将替换 2035 年现有的全部日历设置');
  await ask.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page.getByText('已导入 2035 年（2 天）')).toHaveCount(0);
  await input.setInputFiles({
    name: 'work-calendar-2035.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await ask.getByRole('button', { name: '替换并导入' }).click();
  await expect(page.getByText('已导入 2035 年（2 天）')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: '年份' })).toHaveValue('2035');
  await expect(day(page, '2035-01-01')).toHaveClass(/is-holiday/);
  await expect(day(page, '2035-01-06')).toHaveClass(/is-adjusted/);

  // An adjusted working day on a Monday: refused whole, the entry named.
  await input.setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        ...file,
        days: [file.days[0], { date: '2035-01-08', kind: 'workday', name: 'x' }],
      }),
    ),
  });
  await ask.getByRole('button', { name: '替换并导入' }).click();
  const refused = page.getByRole('alert').filter({ hasText: '导入失败，日历未作任何修改' });
  await expect(refused).toContainText('第 2 条：调休上班日只能是周六或周日');
  await expect(day(page, '2035-01-06')).toHaveClass(/is-adjusted/);
});

test('in English on a phone-wide screen (390 px) the year view fits and says what is provisional', async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
  });
  await context.addInitScript(() => localStorage.setItem('language', 'en-US'));
  const page = await context.newPage();
  try {
    await loginAs(page, 'admin');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await openRoute(page, '/system/calendar');
    await showYear(page, 2027, true);
    await expect(
      page.getByRole('checkbox', { name: 'Provisional (notice not published)' }),
    ).toBeChecked();
    await expect(page.getByRole('alert').filter({ hasText: 'provisional' })).toBeVisible();
    await expect(day(page, '2027-10-01')).toHaveAttribute(
      'aria-label',
      '2027-10-01 国庆节 day off',
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'calendar-2027-390-en.png');
    await day(page, '2027-10-01').scrollIntoViewIfNeeded();
    await shot(page, 'calendar-2027-390-en-october.png');
    await expectAccessible(page, 'work calendar at 390 px (en-US)');
  } finally {
    await context.close();
  }
});
