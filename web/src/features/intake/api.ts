import { queryOptions } from '@tanstack/react-query';
import { type EndpointData } from '@hotline/contract';
import { detailEndpoints, intakeEndpoints, listEndpoints } from '@hotline/contract/client';
import { call, endpointPath } from '../../lib/api-client';
import { request } from '../../lib/request';

/** Calls of the intake form (docs/api.md "The self-built order form", "One order"). */

/** similarOrder: one order like the one being written. */
export type SimilarOrder = EndpointData<typeof listEndpoints.similar>['list'][number];

export function similarQueryOptions(q: { title: string; content?: string } | null) {
  return queryOptions({
    queryKey: ['intake', 'similar', q],
    queryFn: ({ signal }) => call(listEndpoints.similar, q ?? {}, { signal, noError: true }),
    enabled: q !== null,
    staleTime: 30_000,
    retry: false,
  });
}

export type CreatedOrder = EndpointData<typeof intakeEndpoints.createOrder>;

/**
 * redaction/insert with the body the form built (its rules ran first; the server checks the
 * same schema); the caller shows the server's message when it refuses.
 */
export function createOrder(body: Record<string, unknown>): Promise<CreatedOrder> {
  const path = endpointPath(intakeEndpoints.createOrder);
  return request<CreatedOrder>(path, { method: 'POST', body, noError: true });
}

/** org/treeWangGe: streets and towns with their communities and villages. */
export const gridTreeQuery = queryOptions({
  queryKey: ['orgTree', 'grid'],
  queryFn: () => call(detailEndpoints.gridTree, {}, { noError: true }),
  // Enabled units only; an administrator's change reaches the form within seconds.
  staleTime: 5_000,
  retry: false,
});

/** One problem category with its sub-categories. */
export type CategoryNode = EndpointData<typeof listEndpoints.categoryTree>['list'][number];

/** lists/categoryTree: the problem-category tree (intake takes a level-3 category). */
export const intakeCategoryQuery = queryOptions({
  queryKey: ['categoryTree'],
  queryFn: () => call(listEndpoints.categoryTree, {}, { noError: true }),
  staleTime: 5_000,
  retry: false,
});
