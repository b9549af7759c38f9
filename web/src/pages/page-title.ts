import { useTranslation } from 'react-i18next';
import { menuTitle } from '../features/menu/routes';
import { isEnglish } from '../i18n';
import type { PageProps } from './page-props';

/** The route's title in the UI language. */
export function usePageTitle({ route }: Pick<PageProps, 'route'>): string {
  const { i18n } = useTranslation();
  return menuTitle(route, isEnglish(i18n.language));
}
