import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EndpointData, EndpointInput, SettingGroup } from '@hotline/contract';
import { adminSettingsEndpoints, adminUserEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';
import { downloadFile, setDownloadLanguage } from '../../lib/download';
import { webConfigQuery } from '../../hooks/use-web-config';

/**
 * Calls of 系统配置, 接口密钥 and 操作日志 (docs/api.md "Administration"). Writes pass `noError`:
 * the page shows the server's message itself (on the field, or in the dialog).
 */

export type SettingsGroup = EndpointData<
  typeof adminSettingsEndpoints.getSettings
>['groups'][number];
export type SettingEntry = SettingsGroup['entries'][number];
export type SaveResult = EndpointData<typeof adminSettingsEndpoints.saveSettings>;
export type IntegrationKey = EndpointData<typeof adminSettingsEndpoints.listKeys>['list'][number];
export type CreatedKey = EndpointData<typeof adminSettingsEndpoints.createKey>;
export type AuditFilter = Omit<EndpointInput<typeof adminSettingsEndpoints.exportAudit>, 'noError'>;
export type AuditList = EndpointData<typeof adminSettingsEndpoints.listAudit>;
export type AuditEntry = AuditList['list'][number];
export type UserOption = EndpointData<typeof adminUserEndpoints.listUsers>['list'][number];

const KEY = 'admin-settings';

export const settingsQuery = () =>
  queryOptions({
    queryKey: [KEY, 'settings'],
    queryFn: ({ signal }) =>
      call(adminSettingsEndpoints.getSettings, undefined, { signal, noError: true }),
    staleTime: 0,
  });

/** Saves the changed values of one group; all or none (the server validates every one). */
export function saveSettings(
  group: SettingGroup,
  values: Record<string, string>,
): Promise<SaveResult> {
  return call(adminSettingsEndpoints.saveSettings, { group, values }, { noError: true });
}

/**
 * After a save: the settings page's copy and the public web config (title, login methods,
 * switches) are read afresh, so this console applies the change at once.
 */
export async function afterSettingsSaved(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: [KEY, 'settings'] }),
    client.invalidateQueries({ queryKey: webConfigQuery.queryKey }),
  ]);
}

export const keysQuery = () =>
  queryOptions({
    queryKey: [KEY, 'keys'],
    queryFn: ({ signal }) =>
      call(adminSettingsEndpoints.listKeys, undefined, { signal, noError: true }),
  });

export const keysKey = [KEY, 'keys'] as const;

export function createKey(name: string): Promise<CreatedKey> {
  return call(adminSettingsEndpoints.createKey, { name }, { noError: true });
}

export function revokeKey(id: number): Promise<IntegrationKey> {
  return call(adminSettingsEndpoints.revokeKey, { id }, { noError: true });
}

export interface AuditPage {
  pageNo: number;
  pageSize: number;
}

export const auditKey = [KEY, 'audit'] as const;

export const auditQuery = (filter: AuditFilter, page: AuditPage) =>
  queryOptions({
    queryKey: [KEY, 'audit', filter, page],
    queryFn: ({ signal }) =>
      call(adminSettingsEndpoints.listAudit, { ...filter, ...page }, { signal, noError: true }),
    placeholderData: keepPreviousData,
  });

/** Users matching a keyword, for the audit log's user filter (the first 20). */
export const userSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: [KEY, 'users', keyword],
    queryFn: ({ signal }) =>
      call(
        adminUserEndpoints.listUsers,
        { ...(keyword ? { keyword } : {}), pageNo: 1, pageSize: 20 },
        { signal, noError: true },
      ),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** The audit log with the same filters as an XLSX download (its name comes from the server). */
export async function exportAudit(filter: AuditFilter, language: string) {
  setDownloadLanguage(language);
  return downloadFile(adminSettingsEndpoints.exportAudit, { body: filter }, 'audit-log.xlsx');
}
