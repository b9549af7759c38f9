import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderSummary, UnitTreeNode } from '@hotline/contract';
import { request } from '../../lib/request';
import { listRequest, type ListFilter } from './filter-url';
import type { ColsBody, ServerCols } from './table-prefs';

/** Calls of the work-order lists (docs/api.md "Work-order lists and counts"). */

export interface ListPage {
  list: OrderSummary[];
  totalCount?: number;
  hasMore: boolean;
  pageNo: number;
  pageSize: number;
}

export const LIST_QUERY_ROOT = ['orderList'] as const;

export function listQuery(menuId: string | undefined, filter: ListFilter) {
  const { path, body } = listRequest(menuId, filter);
  return queryOptions({
    queryKey: [...LIST_QUERY_ROOT, path, body],
    queryFn: ({ signal }) => request<ListPage>(path, { method: 'POST', body, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** lists/counts: every queue of the caller's menu at once. */
export function fetchCounts(): Promise<{ counts: Record<string, number> }> {
  return request('/addons/jsjb/lists/counts', { method: 'POST', body: {}, noError: true });
}

export function fetchCols(key: string): Promise<ServerCols & { key: string }> {
  return request('/addons/jsjb/cols/getCols', { method: 'POST', body: { key }, noError: true });
}

export function saveCols(body: ColsBody) {
  return request<unknown>('/addons/jsjb/cols/setCols', { method: 'POST', body, noError: true });
}

export interface HostGroup {
  kind: string;
  name: string;
  children: UnitTreeNode[];
}

/** org/queryOrgInfoHdTree: the host units, grouped (for the host-unit filter). */
export const hostTreeQuery = queryOptions({
  queryKey: ['orgTree', 'hosts'],
  queryFn: () =>
    request<{ list: HostGroup[] }>('/addons/jsjb/org/queryOrgInfoHdTree', {
      method: 'POST',
      body: {},
      noError: true,
    }),
  staleTime: 10 * 60_000,
  retry: false,
});

export interface BatchResult {
  succeeded: number[];
  refused: { id: number; code: number; msg: string }[];
}

/** Cy/batchSupervision: supervise several orders; each is decided on its own. */
export function batchSupervise(ids: number[], comment: string): Promise<BatchResult> {
  return request('/addons/jsjb/Cy/batchSupervision', {
    method: 'POST',
    body: { ids, comment },
    noError: true,
  });
}

export interface MyLock {
  id: number;
  orderNum: string;
  title: string;
  status: number;
  lockExpiresAt: string;
}

export function myLocksQuery(pageNo: number, pageSize: number) {
  return queryOptions({
    queryKey: ['myLocks', pageNo, pageSize],
    queryFn: () =>
      request<{ list: MyLock[]; totalCount: number; pageNo: number; pageSize: number }>(
        '/addons/jsjb/Assignlock/getMyOrders',
        { method: 'POST', body: { pageNo, pageSize } },
      ),
    placeholderData: keepPreviousData,
  });
}

export function unlockOrder(id: number): Promise<unknown> {
  return request('/addons/jsjb/lock/assignUnlock', { method: 'POST', body: { id }, noError: true });
}

export interface CategoryNode {
  id: number;
  code: string;
  name: string;
  level: number;
  children: CategoryNode[];
}

/** lists/categoryTree: the problem-category tree (three levels). */
export const categoryTreeQuery = queryOptions({
  queryKey: ['categoryTree'],
  queryFn: () =>
    request<{ list: CategoryNode[] }>('/addons/jsjb/lists/categoryTree', {
      method: 'POST',
      body: {},
      noError: true,
    }),
  staleTime: 30 * 60_000,
  retry: false,
});
