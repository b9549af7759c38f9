import { queryOptions } from '@tanstack/react-query';
import { type EndpointInput } from '@hotline/contract';
import { statsEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

/** The assessment board: `period` 'YYYY-MM' (19th to 19th) or `from`/`to` days. */
export type KanbanQuery = EndpointInput<typeof statsEndpoints.kanban>;

export const fetchKanban = (q: KanbanQuery, signal?: AbortSignal) =>
  call(statsEndpoints.kanban, { ...q }, { signal });

export const kanbanQuery = (q: KanbanQuery) =>
  queryOptions({
    queryKey: ['stats', 'kanban', q],
    queryFn: ({ signal }) => fetchKanban(q, signal),
    staleTime: 60_000,
  });

/** The ranking table as XLSX (the server writes it with the export writer). */
export const exportKanban = (q: KanbanQuery) =>
  downloadFile(statsEndpoints.kanbanExcel, { body: q }, 'kanban.xlsx');
