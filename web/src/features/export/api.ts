import {
  exportEndpoints,
  listEndpoints,
  type EndpointData,
  type EndpointInput,
  type EndpointShape,
} from '@hotline/contract';
import { call, endpointUrl } from '../../lib/api-client';
import { RequestError } from '../../lib/request';
import { getToken } from '../../lib/storage';
import { fileNameOf } from './export-rules';

/** The export endpoints of docs/api.md "Exports and reports". */

/** Column preferences of the export dialog, stored per user with cols/setCols. */
export const EXPORT_COLS_KEY = 'export.columns';

/** One export of the history, or a CSV job's state. */
export type ExportJob = EndpointData<typeof exportEndpoints.initCsv>['job'];

/** The body of exportExcel and initCsv: columns, the list's filter, a selection. */
export type ExportRequest = EndpointInput<typeof exportEndpoints.exportExcel>;

let language = 'zh-CN';
export function setExportLanguage(lang: string): void {
  language = lang;
}

/**
 * A binary answer (xlsx, csv, docx) fetched with the bearer token and handed to the browser as a
 * download. An error answers with the JSON envelope: its `msg` becomes the thrown error.
 */
export async function downloadFile(
  ep: EndpointShape,
  init: { body?: unknown; query?: Record<string, string | number> },
  fallbackName: string,
): Promise<{ fileName: string; size: number; masked: boolean; rows?: number }> {
  const headers: Record<string, string> = {
    'accept-language': language,
    authorization: `Bearer ${getToken() ?? ''}`,
  };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const query = init.query
    ? `?${new URLSearchParams(Object.entries(init.query).map(([k, v]) => [k, String(v)]))}`
    : '';
  const res = await fetch(endpointUrl(ep) + query, {
    method: ep.method,
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
  downloadFile(exportEndpoints.exportExcel, { body }, 'export.xlsx');

export const exportWord = (ids: number[]) =>
  downloadFile(exportEndpoints.exportWord, { body: { ids } }, 'orders.docx');

export async function initCsv(body: ExportRequest): Promise<ExportJob> {
  const data = await call(exportEndpoints.initCsv, body);
  return data.job;
}

export async function exportJob(jobId: number): Promise<ExportJob> {
  const data = await call(exportEndpoints.queryExportInfo, { jobId });
  if (!data.job) throw new RequestError(`export job ${jobId}: no state`, 404, 200);
  return data.job;
}

export const exportHistory = (pageNo = 1, pageSize = 10) =>
  call(exportEndpoints.queryExportInfo, { pageNo, pageSize });

export const downloadCsv = (job: ExportJob) =>
  downloadFile(exportEndpoints.exportCsv, { query: { jobId: job.id } }, `export-${job.id}.csv`);

export async function loadPickedColumns(): Promise<string[] | null> {
  const data = await call(listEndpoints.getCols, { key: EXPORT_COLS_KEY });
  return data.cols ? data.cols.filter((c) => c.visible).map((c) => c.key) : null;
}

export async function savePickedColumns(keys: readonly string[]): Promise<void> {
  await call(listEndpoints.setCols, {
    key: EXPORT_COLS_KEY,
    cols: keys.map((key) => ({ key, visible: 1 })),
  });
}
