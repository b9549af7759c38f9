import { Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/pages';
import { ComingLater } from '../../components/ComingLater';
import { useBadgeStore } from '../../features/menu/badge-store';
import { usePageTitle } from '../page-title';

/** A work-order queue. The list arrives with the work-order release; the count is real. */
export default function QueuePage(props: PageProps) {
  const { t } = useTranslation();
  const title = usePageTitle(props);
  const menuId = props.route.meta.menuId ?? '';
  const count = useBadgeStore((s) => s.counts[menuId]);
  return (
    <ComingLater
      title={title}
      release={t('later.workOrders')}
      extra={
        count === undefined ? null : (
          <Statistic className="hl-queue-count" title={t('later.queueCount')} value={count} />
        )
      }
    />
  );
}
