import type { EndpointShape } from '@hotline/contract';
import { endpointUrl } from './api-client';
import { RequestError } from './request';
import { getToken } from './storage';

/**
 * File downloads of any endpoint that answers with a file (xlsx, csv, docx): plumbing shared by
 * the export dialog and the statistics board.
 */

let language = 'zh-CN';
/** The `accept-language` of the next downloads (the export dialog keeps it in step with i18n). */
export function setDownloadLanguage(lang: string): void {
  language = lang;
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  const cd = contentDisposition ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(cd);
  return plain?.[1] ?? fallback;
}

/**
 * A binary answer (xlsx, csv, docx) fetched with the bearer token and handed to the browser as a
 * download. An error answers with the JSON envelope: its `msg` becomes the thrown error.
 */
export async function downloadFile(
  ep: Pick<EndpointShape, 'method' | 'paths'>,
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
