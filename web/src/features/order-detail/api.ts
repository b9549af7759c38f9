import { queryOptions } from '@tanstack/react-query';
import { detailEndpoints, listEndpoints, type EndpointData } from '@hotline/contract';
import { useBadgeStore } from '../menu/badge-store';
import { call } from '../../lib/api-client';

/** lists/detail: the order, its timeline, files, requests, visits, merges, calls, similar, lock, abilities. */
export type OrderDetail = EndpointData<typeof detailEndpoints.detail>;
export type DetailOrder = OrderDetail['order'];

export const detailKey = (id: number) => ['order-detail', id] as const;

export function fetchDetail(id: number): Promise<OrderDetail> {
  return call(detailEndpoints.detail, { id }, { noError: true });
}

export const detailQuery = (id: number) =>
  queryOptions({ queryKey: detailKey(id), queryFn: () => fetchDetail(id), staleTime: 0 });

/** lists/counts: every queue count of the caller's menu, written into the menu badges. */
export async function refreshBadgeCounts(): Promise<void> {
  const data = await call(listEndpoints.counts, {}, { noError: true });
  const { setBadge } = useBadgeStore.getState();
  for (const [menuId, count] of Object.entries(data.counts)) setBadge(menuId, count);
}
