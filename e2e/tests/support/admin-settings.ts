import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, settle } from '../../support/console';
import { PAGES_DIR, ok } from './detail-helpers';
import { openRoute } from './session';

/** Helpers of the settings spec (系统配置): read and put back settings, open the page, screenshots. */

export const SAVE = '/api/admin/settings/save';

interface Entry {
  name: string;
  value: string;
}

export async function jsjbValues(request: APIRequestContext, token: string) {
  const data = await ok<{ groups: { name: string; entries: Entry[] }[] }>(
    request,
    '/api/admin/settings/get',
    token,
  );
  const group = data.groups.find((g) => g.name === 'jsjb');
  return Object.fromEntries((group?.entries ?? []).map((e) => [e.name, e.value]));
}

export async function restore(request: APIRequestContext, values: Record<string, string>) {
  const token = await apiLogin(request, 'admin');
  await ok(request, SAVE, token, { group: 'jsjb', values });
}

/** A setting's form item on the settings page. */
export const setting = (page: Page, name: string) => page.locator(`[data-setting="${name}"]`);

export async function openSettings(page: Page) {
  await openRoute(page, '/system/config');
  await expect(page.getByTestId('settings-form-jsjb')).toBeVisible();
}

export async function shot(page: Page, name: string) {
  mkdirSync(PAGES_DIR, { recursive: true });
  await settle(page);
  await page.screenshot({ path: `${PAGES_DIR}${name}`, fullPage: false });
}
