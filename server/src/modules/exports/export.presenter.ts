import { exportEndpoints, type ExportRecord } from '@hotline/contract';
import { API_PREFIX } from '../../http/route';
import type { RecordRow } from './export.repository';

export const CSV_DOWNLOAD_PATH = API_PREFIX + exportEndpoints.exportCsv.paths[0];

/** One export of the history (or a job's state). */
export function presentRecord(r: RecordRow): ExportRecord {
  return {
    id: Number(r.id),
    userId: r.user_id,
    userName: r.user_name,
    format: r.format,
    status: r.status,
    rows: r.rows,
    total: r.total,
    masked: r.masked,
    columns: r.columns,
    filter: r.filter,
    fileName: r.file_name,
    error: r.error,
    createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
    downloadUrl:
      r.format === 'csv' && r.status === 'done' ? `${CSV_DOWNLOAD_PATH}?jobId=${r.id}` : null,
  };
}
