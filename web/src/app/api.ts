import type { ConfigEntry, MenuNode } from '@hotline/contract';
import { request } from '../lib/request';

export type { MenuNode };

/** POST /getWebConfig (no login needed): the public web config of group jsjb. */
export async function fetchWebConfig(): Promise<Record<string, string>> {
  const data = await request<{ lists?: Pick<ConfigEntry, 'name' | 'value'>[] }>('/getWebConfig', {
    method: 'POST',
    body: { group: 'jsjb', pageNo: 1, pageSize: 1000 },
  });
  const config: Record<string, string> = {};
  for (const entry of data?.lists ?? []) config[entry.name] = entry.value;
  return config;
}

/** GET /rule/menu?ismenu=1: the user's menu tree. */
export async function fetchMenu(): Promise<MenuNode[]> {
  const data = await request<{ list?: MenuNode[] }>('/rule/menu', { query: { ismenu: 1 } });
  return Array.isArray(data?.list) ? data.list : [];
}
