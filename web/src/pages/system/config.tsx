import type { PageProps } from '../page-props';
import { SettingsView } from '../../features/admin-settings/components/SettingsView';
import { usePageTitle } from '../page-title';

/** 系统配置: every settings group in typed forms (administrators only). */
export default function Page(props: PageProps) {
  return <SettingsView title={usePageTitle(props)} />;
}
