import type { PageProps } from '../page-props';
import { CalendarView } from '../../features/work-calendar/components/CalendarView';
import { usePageTitle } from '../page-title';

/** 工作日历: days off and adjusted working days per year (issue 21). */
export default function Page(props: PageProps) {
  return <CalendarView title={usePageTitle(props)} />;
}
