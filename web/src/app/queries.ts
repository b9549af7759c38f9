import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { SESSION_QUERY_KEY } from '../features/auth/session';
import { fetchMenu, fetchWebConfig } from './api';

export function useWebConfig() {
  return useQuery({ queryKey: ['webConfig'], queryFn: fetchWebConfig, staleTime: 5 * 60_000 });
}

/** The configured website name, or the product's generic title when the config has none. */
export function useWebsiteName(): string | undefined {
  const { t } = useTranslation();
  const config = useWebConfig();
  if (config.isPending) return undefined;
  return config.data?.website_name || t('app.defaultTitle');
}

export function useMenu() {
  return useQuery({ queryKey: [...SESSION_QUERY_KEY, 'menu'], queryFn: fetchMenu });
}

/** Page title: the route title plus the website name as suffix (spec section 2). */
export function useDocumentTitle(title: string): void {
  const websiteName = useWebsiteName();
  useEffect(() => {
    document.title = websiteName ? `${title} - ${websiteName}` : title;
  }, [title, websiteName]);
}
