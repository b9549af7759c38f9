import { queryOptions } from '@tanstack/react-query';
import type { UnitTreeNode } from '@hotline/contract';
import { request } from '../../lib/request';

/** Calls of the intake form (docs/api.md "The self-built order form", "One order"). */

export interface SimilarOrder {
  id: number;
  orderNum: string;
  title: string;
  status: number;
  callTime: string;
  similarity: number;
}

export function similarQueryOptions(q: { title: string; content?: string } | null) {
  return queryOptions({
    queryKey: ['intake', 'similar', q],
    queryFn: ({ signal }) =>
      request<{ list: SimilarOrder[] }>('/addons/jsjb/similarOrder', {
        method: 'POST',
        body: q ?? {},
        signal,
        noError: true,
      }),
    enabled: q !== null,
    staleTime: 30_000,
    retry: false,
  });
}

export interface CreatedOrder {
  order: { id: number; orderNum: string; status: number; mergedIntoId: number | null };
  similar: SimilarOrder[];
}

/** redaction/insert; the caller shows the server's message when it refuses. */
export function createOrder(body: Record<string, unknown>): Promise<CreatedOrder> {
  return request('/addons/jsjb/redaction/insert', { method: 'POST', body, noError: true });
}

/** org/treeWangGe: streets and towns with their communities and villages. */
export const gridTreeQuery = queryOptions({
  queryKey: ['orgTree', 'grid'],
  queryFn: () =>
    request<{ list: UnitTreeNode[] }>('/addons/jsjb/org/treeWangGe', {
      method: 'POST',
      body: {},
      noError: true,
    }),
  staleTime: 10 * 60_000,
  retry: false,
});

export interface CategoryNode {
  id: number;
  code: string;
  name: string;
  level: number;
  children: CategoryNode[];
}

/** lists/categoryTree: the problem-category tree (intake takes a level-3 category). */
export const intakeCategoryQuery = queryOptions({
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
