import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type EndpointData } from '@hotline/contract';
import { actionEndpoints, listEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';
import { listRequest, type ListFilter } from './filter-url';
import type { ColsBody } from './table-prefs';

/** Calls of the work-order lists (docs/api.md "Work-order lists and counts"). */

export const LIST_QUERY_ROOT = ['orderList'] as const;

export function listQuery(menuId: string | undefined, filter: ListFilter) {
  const { endpoint, body } = listRequest(menuId, filter);
  return queryOptions({
    queryKey: [...LIST_QUERY_ROOT, endpoint.paths[0], body],
    queryFn: ({ signal }) => call(endpoint, body, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * The same list counted in full (`exactTotal`): the "exact count" of a capped total. Its own
 * cache root, so the list's refreshes (after every action) do not recount millions of rows;
 * the toolbar's refresh button asks again.
 */
export const EXACT_TOTAL_ROOT = ['orderListExactTotal'] as const;

export function exactTotalQuery(menuId: string | undefined, filter: ListFilter) {
  // the smallest page: only the total is read
  const { endpoint, body } = listRequest(menuId, { ...filter, pageNo: 1, pageSize: 10 });
  const { pageNo: _p, pageSize: _s, ...which } = body;
  return queryOptions({
    queryKey: [...EXACT_TOTAL_ROOT, endpoint.paths[0], which],
    queryFn: async ({ signal }) =>
      (await call(endpoint, { ...body, exactTotal: 1 }, { signal })).totalCount ?? 0,
    staleTime: Infinity,
    retry: false,
  });
}

export function fetchCols(key: string) {
  return call(listEndpoints.getCols, { key }, { noError: true });
}

export function saveCols(body: ColsBody) {
  return call(listEndpoints.setCols, body, { noError: true });
}

/** org/queryOrgInfoHdTree: the host units, grouped (for the host-unit filter). */
/**
 * The filters' trees include disabled units and categories (old orders still name them), so
 * they have cache keys of their own (the pickers offer enabled entries only); a few seconds
 * stale at most, so an administrator's change reaches every open console quickly.
 */
export const hostTreeQuery = queryOptions({
  queryKey: ['orgTree', 'hosts', 'all'],
  queryFn: () => call(listEndpoints.hostTree, { all: 1 }, { noError: true }),
  staleTime: 5_000,
  retry: false,
});

export type BatchResult = EndpointData<typeof actionEndpoints.batchSupervise>;

/** Cy/batchSupervision: supervise several orders; each is decided on its own. */
export function batchSupervise(ids: number[], comment: string): Promise<BatchResult> {
  return call(actionEndpoints.batchSupervise, { ids, comment }, { noError: true });
}

/** One order the caller holds locked. */
export type MyLock = EndpointData<typeof actionEndpoints.myLocks>['list'][number];

export function myLocksQuery(pageNo: number, pageSize: number) {
  return queryOptions({
    queryKey: ['myLocks', pageNo, pageSize],
    queryFn: () => call(actionEndpoints.myLocks, { pageNo, pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function unlockOrder(id: number): Promise<unknown> {
  return call(actionEndpoints.unlock, { id }, { noError: true });
}

/** lists/categoryTree: the problem-category tree (three levels). */
export const categoryTreeQuery = queryOptions({
  queryKey: ['categoryTree', 'all'],
  queryFn: () => call(listEndpoints.categoryTree, { all: 1 }, { noError: true }),
  staleTime: 5_000,
  retry: false,
});
