import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { type EndpointData } from '@hotline/contract';
import { detailEndpoints, listEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

/** lists/detail: the order, its timeline, files, requests, visits, merges, calls, lock, abilities. */
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

/** similarOrder by id: up to 10 orders like this one in the caller's scope, best first. */
export type SimilarOrder = EndpointData<typeof listEndpoints.similar>['list'][number];

/**
 * Similar orders are read when shown (their tab, the merge form), not with every detail: the
 * trigram search was the costliest statement of opening an order (docs/decisions/0011). Their
 * key is not under the detail's, so re-reading the detail (after an action, a call, a push)
 * does not search again.
 */
export const similarQuery = (id: number) =>
  queryOptions({
    queryKey: ['order-similar', id] as const,
    queryFn: ({ signal }) => call(listEndpoints.similar, { id }, { signal, noError: true }),
    staleTime: 60_000,
    retry: false,
  });
