import { useCallback } from 'react';
import { Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../page-props';
import { OrderDetailView } from '../../features/order-detail/components/OrderDetailView';
import {
  useCurrentOrderSync,
  useIsHostUser,
} from '../../features/order-detail/components/OrderDialogHost';
import { useTabsStore } from '../../features/tabs/tabs-store';
import type { OrderDetail } from '@hotline/contract';
import { usePageTitle } from '../page-title';

/** Order ids are positive integers; anything else in the link is refused before any request. */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /jsjb/order/:id — the same detail as the dialog, as a page for a shared link. */
export default function OrderDetailPage(props: PageProps) {
  const { t } = useTranslation();
  const title = usePageTitle(props);
  const navigate = useNavigate();
  const host = useIsHostUser();
  const sync = useCurrentOrderSync();
  const id = parseId(props.params.id);
  const open = useCallback((next: number) => void navigate(`/jsjb/order/${next}`), [navigate]);
  const label = useTabsStore((s) => s.label);
  // the tab says which order it holds (the order's number after 工单详情)
  const loaded = useCallback(
    (detail: OrderDetail) => {
      sync(detail);
      label(`/jsjb/order/${detail.order.id}`, detail.order.orderNum);
    },
    [sync, label],
  );
  if (id === null) return <Result status="404" title={t('orderDetail.badId')} />;
  return (
    <Card title={title} className="hl-detail-page" data-testid="order-detail-page">
      <OrderDetailView
        key={id}
        id={id}
        menuId={props.query.menuId}
        onOpen={open}
        host={host}
        onLoaded={loaded}
      />
    </Card>
  );
}
