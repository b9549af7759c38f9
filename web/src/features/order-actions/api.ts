import { queryOptions } from '@tanstack/react-query';
import type { ActionEndpoint, EndpointData, EndpointRef } from '@hotline/contract';
import {
  actionEndpoints,
  authEndpoints,
  intakeEndpoints,
  listEndpoints,
} from '@hotline/contract/client';
import { call, endpointUrl } from '../../lib/api-client';
import { RequestError } from '../../lib/request';
import { getToken } from '../../lib/storage';

/** Calls of the action forms (docs/api.md "Work-order actions", "Files", org trees). */

/** What every action answers: the order as it was left and what the caller may do now. */
export type ActionResult = EndpointData<ActionEndpoint>;

/**
 * Posts one action with the body its form built. `noError`: the form shows the server's message
 * itself (and stays filled); session expiry and the 402 refresh are still handled by the
 * request layer.
 */
export function postAction(
  ep: EndpointRef<ActionEndpoint>,
  body: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<ActionResult> {
  // withDetail: the reply carries the order's fresh detail, which the dialog shows next
  return call<ActionEndpoint>(
    ep,
    { ...body, withDetail: true },
    { noError: true, ...(idempotencyKey ? { idempotencyKey } : {}) },
  );
}

export function takeLock(id: number): Promise<ActionResult> {
  return postAction(actionEndpoints.lock, { id });
}

/** Releases quietly: a lock that is gone already (expired, moved on) is not an error here. */
export async function releaseLock(id: number): Promise<void> {
  try {
    await postAction(actionEndpoints.unlock, { id });
  } catch {
    // nothing to release
  }
}

/** One host unit with the units under it. */
export type HostUnit = EndpointData<
  typeof listEndpoints.hostTree
>['list'][number]['children'][number];

/** org/queryOrgInfoHdTree: the units a dispatcher chooses from, grouped by kind. */
export function fetchHostTree() {
  return call(listEndpoints.hostTree);
}

/** The ids of a queue's first page as the server lists them now (for auto-jump). */
export async function fetchQueueIds(menuId: string): Promise<number[]> {
  const body = { menuId, pageNo: 1, pageSize: 20 };
  const data = await call(listEndpoints.search, body, { noError: true });
  return data.list.map((o) => o.id);
}

export type UploadedFile = EndpointData<typeof intakeEndpoints.upload>;

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
    await call(authEndpoints.userInfo, undefined, { noError: true }).catch(() => undefined);
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

/** file/pUpload without an order: the file waits, unattached, until `attachFiles`. */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const url = endpointUrl(intakeEndpoints.upload);
  const response = await authorizedFetch(url, { method: 'POST', body: form });
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { code: number; msg: string; data: UploadedFile };
  if (body.code !== 200) throw new RequestError(body.msg, body.code, response.status);
  return body.data;
}

/** Lists/fileAppend: attaches the caller's uploaded files (a retry with the same ids succeeds). */
export function attachFiles(id: number, fileIds: number[]): Promise<unknown> {
  return call(intakeEndpoints.fileAppend, { id, fileIds }, { noError: true });
}

/** A file body as a blob (downloads need the bearer token, so no plain links). */
export async function fetchFileBlob(url: string): Promise<Blob> {
  const response = await authorizedFetch(url);
  if (!response.ok) throw await failure(response);
  return response.blob();
}

/** queryOrderAttributeSjs: what the attributes form starts from (read fresh each time). */
export const attributesQuery = (id: number) =>
  queryOptions({
    queryKey: ['order-actions', 'attributes', id],
    queryFn: () => call(actionEndpoints.orderAttributes, { id }, { noError: true }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
