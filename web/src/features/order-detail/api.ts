import { queryOptions } from '@tanstack/react-query';
import type { OrderDetail } from '@hotline/contract';
import { useBadgeStore } from '../menu/badge-store';
import { request } from '../../lib/request';

export type { OrderDetail };
export type DetailOrder = OrderDetail['order'];

export const detailKey = (id: number) => ['order-detail', id] as const;

/** lists/detail: the order, its timeline, files, requests, visits, merges, calls, similar, lock, abilities. */
export function fetchDetail(id: number): Promise<OrderDetail> {
  return request<OrderDetail>('/addons/jsjb/lists/detail', {
    method: 'POST',
    body: { id },
    noError: true,
  });
}

export const detailQuery = (id: number) =>
  queryOptions({ queryKey: detailKey(id), queryFn: () => fetchDetail(id), staleTime: 0 });

/** lists/counts: every queue count of the caller's menu, written into the menu badges. */
export async function refreshBadgeCounts(): Promise<void> {
  const data = await request<{ counts: Record<string, number> }>('/addons/jsjb/lists/counts', {
    method: 'POST',
    body: {},
    noError: true,
  });
  const { setBadge } = useBadgeStore.getState();
  for (const [menuId, count] of Object.entries(data.counts)) setBadge(menuId, count);
}
