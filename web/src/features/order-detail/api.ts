import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { type EndpointData } from '@hotline/contract';
import { detailEndpoints } from '@hotline/contract/client';
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

/**
 * The detail an action's reply carries (the server read it after the commit) replaces the
 * cached one: no second request.
 */
export async function putDetail(
  queryClient: QueryClient,
  id: number,
  detail: OrderDetail,
): Promise<void> {
  // a read still in flight began before the commit: it must not overwrite the newer detail
  await queryClient.cancelQueries({ queryKey: detailKey(id) });
  queryClient.setQueryData(detailKey(id), detail);
}
