import type { PageProps } from '../page-props';
import { UsersView } from '../../features/admin-users/components/UsersView';
import { usePageTitle } from '../page-title';

/** 用户管理 (menu "System" → "Users"): the user administration. */
export default function Page(props: PageProps) {
  return <UsersView title={usePageTitle(props)} />;
}
