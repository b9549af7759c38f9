import type { PageProps } from '../page-props';
import { KeysView } from '../../features/admin-settings/components/KeysView';
import { usePageTitle } from '../page-title';

/** 接口密钥: integration keys, created (shown once), listed and revoked. */
export default function Page(props: PageProps) {
  return <KeysView title={usePageTitle(props)} />;
}
