import { queryOptions } from '@tanstack/react-query';
import type { EndpointData } from '@hotline/contract';
import { listViewEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

/** Calls of the saved list views (我的查询, docs/api.md "Saved list views"). */

export type ListViews = EndpointData<typeof listViewEndpoints.listViews>;
export type SavedView = ListViews['views'][number];

export const viewsKey = (key: string) => ['list-views', key] as const;

export const viewsQuery = (key: string) =>
  queryOptions({
    queryKey: viewsKey(key),
    queryFn: ({ signal }) => call(listViewEndpoints.listViews, { key }, { signal, noError: true }),
    staleTime: 60_000,
  });

export const saveView = (key: string, name: string, query: Record<string, string>) =>
  call(listViewEndpoints.saveListView, { key, name, query }, { noError: true });

export const deleteView = (key: string, name: string) =>
  call(listViewEndpoints.deleteListView, { key, name }, { noError: true });
