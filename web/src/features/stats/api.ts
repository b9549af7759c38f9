import { queryOptions } from '@tanstack/react-query';
import type { KanbanData } from '@hotline/contract';
import { request } from '../../lib/request';
import { downloadFile } from '../export/api';

/** The assessment board: `period` 'YYYY-MM' (19th to 19th) or `from`/`to` days. */
export interface KanbanQuery {
  period?: string;
  from?: string;
  to?: string;
}

export const KANBAN_PATH = '/addons/jsjb/export/kanban';

export const fetchKanban = (q: KanbanQuery, signal?: AbortSignal) =>
  request<KanbanData>(KANBAN_PATH, { body: { ...q }, signal });

export const kanbanQuery = (q: KanbanQuery) =>
  queryOptions({
    queryKey: ['stats', 'kanban', q],
    queryFn: ({ signal }) => fetchKanban(q, signal),
    staleTime: 60_000,
  });

/** The ranking table as XLSX (the server writes it with the export writer). */
export const exportKanban = (q: KanbanQuery) =>
  downloadFile(`${KANBAN_PATH}Excel`, { method: 'POST', body: q }, 'kanban.xlsx');
