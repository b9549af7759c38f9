import { queryOptions } from '@tanstack/react-query';
import { RequestError, request } from '../../lib/request';
import { getToken } from '../../lib/storage';
import { LOCK_PATH, UNLOCK_PATH } from './action-table';

/** Calls of the action forms (docs/api.md "Work-order actions", "Files", org trees). */

/** What every action answers: the order as it was left and what the caller may do now. */
export interface ActionResult {
  order: { id: number; status: number; mainOrgStatus: number; [field: string]: unknown };
  abilities: string[];
}

/**
 * Posts one action. `noError`: the form shows the server's message itself (and stays filled);
 * session expiry and the 402 refresh are still handled by the request layer.
 */
export function postAction(path: string, body: Record<string, unknown>): Promise<ActionResult> {
  return request<ActionResult>(path, { method: 'POST', body, noError: true });
}

export function takeLock(id: number): Promise<ActionResult> {
  return postAction(LOCK_PATH, { id });
}

/** Releases quietly: a lock that is gone already (expired, moved on) is not an error here. */
export async function releaseLock(id: number): Promise<void> {
  try {
    await postAction(UNLOCK_PATH, { id });
  } catch {
    // nothing to release
  }
}

export interface HostUnit {
  id: number;
  name: string;
  kind: string;
  children: HostUnit[];
}

/** org/queryOrgInfoHdTree: the units a dispatcher chooses from, grouped by kind. */
export function fetchHostTree(): Promise<{
  list: { kind: string; name: string; children: HostUnit[] }[];
}> {
  return request('/addons/jsjb/org/queryOrgInfoHdTree', { method: 'POST', body: {} });
}

/** The ids of a queue's first page as the server lists them now (for auto-jump). */
export async function fetchQueueIds(menuId: string): Promise<number[]> {
  const data = await request<{ list: { id: number }[] }>('/addons/jsjb/lists/search', {
    method: 'POST',
    body: { menuId, pageNo: 1, pageSize: 20 },
    noError: true,
  });
  return data.list.map((o) => o.id);
}

export interface UploadedFile {
  id: number;
  fileName: string;
  size: number;
  mimeType: string;
  url: string;
}

/**
 * fetch with the bearer token for what the JSON request layer cannot carry (multipart uploads,
 * file bodies). A 402 lets the request layer refresh the token once, then the call is retried.
 */
export async function authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const send = () =>
    fetch(url, {
      ...init,
      headers: { ...(init.headers ?? {}), Authorization: `Bearer ${getToken() ?? ''}` },
    });
  let response = await send();
  if (response.status === 402) {
    await request('/user/userInfo', { noError: true }).catch(() => undefined);
    response = await send();
  }
  return response;
}

async function failure(response: Response): Promise<RequestError> {
  try {
    const body = (await response.json()) as { code?: number; msg?: string };
    return new RequestError(
      body.msg ?? response.statusText,
      body.code ?? response.status,
      response.status,
    );
  } catch {
    return new RequestError(response.statusText, response.status, response.status);
  }
}

/** POST /file/pUpload without an order: the file waits, unattached, until `attachFiles`. */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await authorizedFetch('/api/file/pUpload', { method: 'POST', body: form });
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { code: number; msg: string; data: UploadedFile };
  if (body.code !== 200) throw new RequestError(body.msg, body.code, response.status);
  return body.data;
}

/** Lists/fileAppend: attaches the caller's uploaded files (a retry with the same ids succeeds). */
export function attachFiles(id: number, fileIds: number[]): Promise<unknown> {
  return request('/addons/jsjb/Lists/fileAppend', {
    method: 'POST',
    body: { id, fileIds },
    noError: true,
  });
}

/** A file body as a blob (downloads need the bearer token, so no plain links). */
export async function fetchFileBlob(url: string): Promise<Blob> {
  const response = await authorizedFetch(url);
  if (!response.ok) throw await failure(response);
  return response.blob();
}

export interface OrderAttributes {
  id: number;
  labels: string[];
  sevenFiveCategory: string | null;
  riskLevel: number;
  orderNature: string;
}

/** queryOrderAttributeSjs: what the attributes form starts from (read fresh each time). */
export const attributesQuery = (id: number) =>
  queryOptions({
    queryKey: ['order-actions', 'attributes', id],
    queryFn: () =>
      request<OrderAttributes>('/addons/jsjb/queryOrderAttributeSjs', {
        method: 'POST',
        body: { id },
        noError: true,
      }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
