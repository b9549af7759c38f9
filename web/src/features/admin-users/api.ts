import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EndpointData, EndpointInput } from '@hotline/contract';
import {
  adminOrgEndpoints,
  adminUserEndpoints,
  authEndpoints,
  roleEndpoints,
} from '@hotline/contract/client';
import { isSuccessCode } from '@hotline/domain';
import type { UserStatus } from './user-rules';
import { call, endpointUrl } from '../../lib/api-client';
import { downloadFile, setDownloadLanguage } from '../../lib/download';
import { RequestError } from '../../lib/request';
import { getToken } from '../../lib/storage';

/**
 * Calls of the user administration (用户管理): the list, one user with their sessions, the
 * writes, and the XLSX import. Writes pass `noError`: the page shows the server's message itself
 * (on the form, or as the refusal of a row action) instead of a generic toast.
 */

export type AdminUser = EndpointData<typeof adminUserEndpoints.listUsers>['list'][number];
export type UserList = EndpointData<typeof adminUserEndpoints.listUsers>;
export type UserDetail = EndpointData<typeof adminUserEndpoints.getUser>;
export type UserSession = UserDetail['sessions'][number];
/** The list's body as the page holds it (numbers, not the digits a form could send). */
export interface UserFilter {
  keyword?: string;
  unitId?: number;
  groupId?: number;
  status?: UserStatus;
  pageNo: number;
  pageSize: number;
}
export type CreateUserBody = EndpointInput<typeof adminUserEndpoints.createUser>;
export type UpdateUserBody = EndpointInput<typeof adminUserEndpoints.updateUser>;
export type CreatedUser = EndpointData<typeof adminUserEndpoints.createUser>;
export type ImportResult = EndpointData<typeof adminUserEndpoints.importUsers>;
export type ImportRowError = ImportResult['errors'][number];
export type Unit = EndpointData<typeof adminOrgEndpoints.listUnits>['list'][number];
export type Role = EndpointData<typeof roleEndpoints.listGroups>['list'][number];

const KEY = 'admin-users';

/**
 * After a write: the lists and the open user's detail are read again. Not awaited by the
 * callers, so a dialog closes (and its message shows) without waiting for the re-read.
 */
export function refreshUsers(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [KEY, 'list'] });
  void queryClient.invalidateQueries({ queryKey: [KEY, 'detail'] });
}

export const usersQuery = (filter: UserFilter) =>
  queryOptions({
    queryKey: [KEY, 'list', filter],
    queryFn: ({ signal }) => call(adminUserEndpoints.listUsers, filter, { signal, noError: true }),
    placeholderData: keepPreviousData,
  });

export const userDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [KEY, 'detail', id],
    queryFn: ({ signal }) => call(adminUserEndpoints.getUser, { id }, { signal, noError: true }),
    staleTime: 0,
  });

/** Every unit, disabled ones too (the filter greys them; the form does not offer them). */
export const unitsQuery = () =>
  queryOptions({
    queryKey: [KEY, 'units'],
    queryFn: ({ signal }) => call(adminOrgEndpoints.listUnits, undefined, { signal }),
    staleTime: 60_000,
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: [KEY, 'roles'],
    queryFn: ({ signal }) => call(roleEndpoints.listGroups, { pageSize: 1000 }, { signal }),
    staleTime: 60_000,
  });

export function createUser(body: CreateUserBody): Promise<CreatedUser> {
  return call(adminUserEndpoints.createUser, body, { noError: true });
}

export function updateUser(body: UpdateUserBody): Promise<AdminUser> {
  return call(adminUserEndpoints.updateUser, body, { noError: true });
}

export function disableUser(id: number): Promise<AdminUser> {
  return call(adminUserEndpoints.disableUser, { id }, { noError: true });
}

export function enableUser(id: number): Promise<AdminUser> {
  return call(adminUserEndpoints.enableUser, { id }, { noError: true });
}

export function unlockUser(id: number): Promise<AdminUser> {
  return call(adminUserEndpoints.unlockUser, { id }, { noError: true });
}

export function resetPassword(id: number): Promise<{ oneTimePassword: string }> {
  return call(adminUserEndpoints.resetPassword, { id }, { noError: true });
}

export function endSession(id: number, sessionId: string): Promise<UserDetail> {
  return call(adminUserEndpoints.endSession, { id, sessionId }, { noError: true });
}

/** The import template as a browser download (its name comes from the server). */
export async function downloadTemplate(language: string): Promise<void> {
  setDownloadLanguage(language);
  await downloadFile(adminUserEndpoints.importTemplate, {}, 'user-import-template.xlsx');
}

/**
 * fetch with the bearer token, for the multipart upload the JSON request layer cannot carry.
 * A 402 (access token expired) lets the request layer refresh the token once, then it is retried.
 */
async function authorizedFetch(url: string, init: RequestInit): Promise<Response> {
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

/**
 * Uploads an import file (multipart, one `file` field). Resolves with the reply's data both when
 * every row was created and when the server refused the file row by row (400 with `errors`:
 * nothing was written); any other failure rejects with the server's message.
 */
export async function importUsers(file: File, language: string): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await authorizedFetch(endpointUrl(adminUserEndpoints.importUsers), {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json', 'Accept-Language': language },
  });
  let body: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new RequestError(response.statusText || String(response.status), response.status, 0);
  }
  const data = (body.data ?? null) as ImportResult | null;
  if (data && Array.isArray(data.errors) && data.errors.length > 0) {
    return { created: [], errors: data.errors };
  }
  const code = Number(body.code) || response.status;
  const msg = typeof body.msg === 'string' ? body.msg : response.statusText;
  if (!isSuccessCode(code) || !data) throw new RequestError(msg, code, response.status);
  return data;
}
