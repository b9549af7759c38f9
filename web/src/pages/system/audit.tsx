import type { PageProps } from '../page-props';
import { AuditView } from '../../features/admin-settings/components/AuditView';
import { usePageTitle } from '../page-title';

/** 操作日志: the audit log, filtered, paged and exported. */
export default function Page(props: PageProps) {
  return <AuditView title={usePageTitle(props)} />;
}
