import type { PageProps } from '../page-props';
import { CallRecordsView } from '../../features/call/components/CallRecordsView';
import { usePageTitle } from '../page-title';

/** Call records (menu "Outbound calls" → "Call records") with the agent monitor. */
export default function Page(props: PageProps) {
  return <CallRecordsView title={usePageTitle(props)} />;
}
