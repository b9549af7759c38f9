import ExcelJS from 'exceljs';
import { ACCEPT_LANGUAGE, type Lang } from '../support/api';
import { bearer, type TestApp } from '../support/test-app';

/** Shared helpers of the export suites (server/test/exports-*.test.ts). */

export const EXPORT = '/api/addons/jsjb/export';

export interface Download {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
  /** The envelope when the answer is JSON (an error). */
  json?: { code: number; msg: string; data: unknown };
}

export async function download(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: unknown,
  lang: Lang = 'zh',
): Promise<Download> {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      ...bearer(token),
      'accept-language': ACCEPT_LANGUAGE[lang],
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  const type = String(res.headers['content-type'] ?? '');
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.rawPayload,
    ...(type.includes('application/json') ? { json: res.json() } : {}),
  };
}

/** The first sheet as rows of cell values (row 1 = headers). */
export async function readXlsx(buffer: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const values = row.values as unknown[];
    out[n - 1] = values.slice(1);
  });
  return out;
}

/** A China-time wall clock read back from an XLSX date cell (exceljs reads serials as UTC). */
export const fromXlsxDate = (d: Date) => new Date(d.getTime() - 8 * 3_600_000);
