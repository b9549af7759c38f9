import { useTranslation } from 'react-i18next';
import type { PageProps } from '../page-props';
import { ComingLater } from '../../components/ComingLater';
import { usePageTitle } from '../page-title';

/** Arrives with the administration release. */
export default function Page(props: PageProps) {
  const { t } = useTranslation();
  return <ComingLater title={usePageTitle(props)} release={t('later.system')} />;
}
