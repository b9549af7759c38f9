import { queryOptions } from '@tanstack/react-query';
import { type EndpointData } from '@hotline/contract';
import { miscEndpoints, ORDER_NUMBER_TYPED } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

/** A search entry: `url` is '#/…' for a console page, https for an external link. */
export type Suggestion = EndpointData<typeof miscEndpoints.search>['list'][number];

/** The server's suggestions for a keyword; malformed entries are dropped. */
export async function fetchSuggestions(keyword: string, signal?: AbortSignal) {
  const data: { list?: unknown } | null = await call(miscEndpoints.search, { keyword }, { signal });
  const list = Array.isArray(data?.list) ? data.list : [];
  return list.filter(
    (s): s is Suggestion =>
      typeof (s as Suggestion).title === 'string' && typeof (s as Suggestion).url === 'string',
  );
}

export const suggestionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['session', 'search', keyword],
    queryFn: ({ signal }) => fetchSuggestions(keyword, signal),
    staleTime: 60_000,
  });

/** Where an external search goes when no suggestion fits. */
export function externalSearchUrl(keyword: string): string {
  return `https://www.baidu.com/s?wd=${encodeURIComponent(keyword)}`;
}

/** Local menu entries matching the keyword (title or path), case-insensitive. */
export function matchEntries(entries: readonly Suggestion[], keyword: string): Suggestion[] {
  const k = keyword.trim().toLowerCase();
  if (k === '') return [...entries];
  return entries.filter(
    (e) => e.title.toLowerCase().includes(k) || e.url.toLowerCase().includes(k),
  );
}

/** The orders page (工单查询), which reads its filter from the address. */
export const ORDERS_PATH = '/jsjb/orders';

/** The orders page filtered by what was typed: an order number, or a keyword of 2+ characters. */
export function ordersSearchUrl(keyword: string): string | null {
  const k = keyword.trim();
  if (ORDER_NUMBER_TYPED.test(k)) return `#${ORDERS_PATH}?orderNum=${encodeURIComponent(k)}`;
  if (k.length < 2 || k.length > 100) return null;
  return `#${ORDERS_PATH}?keyword=${encodeURIComponent(k)}`;
}
