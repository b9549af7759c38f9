import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configEndpoints } from '@hotline/contract/client';
import { call } from '../lib/api-client';

/** The public web config of group jsjb, by name (no login needed); odd entries are skipped. */
export async function fetchWebConfig(): Promise<Record<string, string>> {
  const data: { lists?: unknown } | null = await call(configEndpoints.webList, {
    group: 'jsjb',
    pageNo: 1,
    pageSize: 1000,
  });
  const config: Record<string, string> = {};
  const lists = Array.isArray(data?.lists) ? data.lists : [];
  for (const entry of lists as { name?: unknown; value?: unknown }[]) {
    if (typeof entry.name === 'string') config[entry.name] = String(entry.value ?? '');
  }
  return config;
}

export const webConfigQuery = queryOptions({
  queryKey: ['webConfig'],
  queryFn: fetchWebConfig,
  staleTime: 5 * 60_000,
});

export function useWebConfig() {
  return useQuery(webConfigQuery);
}

/** The configured website name, or the product's generic title when the config has none. */
export function useWebsiteName(): string | undefined {
  const { t } = useTranslation();
  const config = useWebConfig();
  if (config.isPending) return undefined;
  return config.data?.website_name || t('app.defaultTitle');
}

/** Page title: the route title plus " - " and the website name (spec section 2). */
export function useDocumentTitle(title: string | undefined): void {
  const websiteName = useWebsiteName();
  useEffect(() => {
    if (title === undefined) return;
    document.title = websiteName ? `${title} - ${websiteName}` : title;
  }, [title, websiteName]);
}
