import type { PageProps } from '../page-props';
import { UnitsView } from '../../features/admin-org/components/UnitsView';
import { usePageTitle } from '../page-title';

/** 组织机构 (menu "System" → "Organisation"): the unit tree, administrators only. */
export default function Page(props: PageProps) {
  return <UnitsView title={usePageTitle(props)} />;
}
