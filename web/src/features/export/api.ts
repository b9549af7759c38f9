import { type EndpointData, type EndpointInput } from '@hotline/contract';
import { exportEndpoints, listEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';
import { downloadFile, setDownloadLanguage } from '../../lib/download';
import { RequestError } from '../../lib/request';

/** The export endpoints of docs/api.md "Exports and reports". */

/** Column preferences of the export dialog, stored per user with cols/setCols. */
export const EXPORT_COLS_KEY = 'export.columns';

/** One export of the history, or a CSV job's state. */
export type ExportJob = EndpointData<typeof exportEndpoints.initCsv>['job'];

/** The body of exportExcel and initCsv: columns, the list's filter, a selection. */
export type ExportRequest = EndpointInput<typeof exportEndpoints.exportExcel>;

/** The language the export files are written in (it sets every download's, see lib/download). */
export function setExportLanguage(lang: string): void {
  setDownloadLanguage(lang);
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
    cols: keys.map((key) => ({ key, visible: true })),
  });
}
