import type { ExportFormat } from '@hotline/domain';
import { request, RequestError } from '../../lib/request';
import { getToken } from '../../lib/storage';
import { fileNameOf } from './export-rules';

/** The export endpoints of docs/api.md "Exports and reports". */
export const EXPORT_BASE = '/addons/jsjb/export';
/** Column preferences of the export dialog, stored per user with cols/setCols. */
export const EXPORT_COLS_KEY = 'export.columns';

export interface ExportJob {
  id: number;
  userName: string;
  format: ExportFormat | 'print';
  status: 'queued' | 'running' | 'done' | 'failed' | 'expired';
  rows: number;
  total: number | null;
  masked: boolean;
  fileName: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  downloadUrl: string | null;
}

export interface ExportRequest {
  columns: string[];
  filter: Record<string, unknown>;
  ids?: number[];
}

let language = 'zh-CN';
export function setExportLanguage(lang: string): void {
  language = lang;
}

/**
 * A binary answer (xlsx, csv, docx) fetched with the bearer token and handed to the browser as a
 * download. An error answers with the JSON envelope: its `msg` becomes the thrown error.
 */
export async function downloadFile(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  fallbackName: string,
): Promise<{ fileName: string; size: number; masked: boolean; rows?: number }> {
  const headers: Record<string, string> = {
    'accept-language': language,
    authorization: `Bearer ${getToken() ?? ''}`,
  };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api${path}`, {
    method: init.method,
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await res.json()) as { code: number; msg: string };
    throw new RequestError(env.msg, env.code, res.status);
  }
  const blob = await res.blob();
  const fileName = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  const rows = res.headers.get('x-export-rows');
  return {
    fileName,
    size: blob.size,
    masked: res.headers.get('x-export-masked') === '1',
    ...(rows ? { rows: Number(rows) } : {}),
  };
}

export const exportExcel = (body: ExportRequest) =>
  downloadFile(`${EXPORT_BASE}/exportExcel`, { method: 'POST', body }, 'export.xlsx');

export const exportWord = (ids: number[]) =>
  downloadFile(`${EXPORT_BASE}/exportWord`, { method: 'POST', body: { ids } }, 'orders.docx');

export async function initCsv(body: ExportRequest): Promise<ExportJob> {
  const data = await request<{ job: ExportJob }>(`${EXPORT_BASE}/initCsv`, { body: { ...body } });
  return data.job;
}

export async function exportJob(jobId: number): Promise<ExportJob> {
  const data = await request<{ job: ExportJob }>(`${EXPORT_BASE}/queryExportInfo`, {
    body: { jobId },
  });
  return data.job;
}

export async function exportHistory(pageNo = 1, pageSize = 10) {
  return request<{ list: ExportJob[]; totalCount: number }>(`${EXPORT_BASE}/queryExportInfo`, {
    body: { pageNo, pageSize },
  });
}

export const downloadCsv = (job: ExportJob) =>
  downloadFile(
    `${EXPORT_BASE}/exportCsv?jobId=${job.id}`,
    { method: 'GET' },
    `export-${job.id}.csv`,
  );

export async function loadPickedColumns(): Promise<string[] | null> {
  const data = await request<{ cols: { key: string; visible: boolean | number }[] | null }>(
    '/addons/jsjb/cols/getCols',
    { body: { key: EXPORT_COLS_KEY } },
  );
  return data.cols ? data.cols.filter((c) => c.visible).map((c) => c.key) : null;
}

export async function savePickedColumns(keys: readonly string[]): Promise<void> {
  await request('/addons/jsjb/cols/setCols', {
    body: { key: EXPORT_COLS_KEY, cols: keys.map((key) => ({ key, visible: 1 })) },
  });
}
