import type { PageProps } from '../page-props';
import { RolesView } from '../../features/admin-roles/components/RolesView';
import { usePageTitle } from '../page-title';

/** 角色权限 (menu "System" → "Roles"): roles as sets of permission rules, administrators only. */
export default function Page(props: PageProps) {
  return <RolesView title={usePageTitle(props)} />;
}
