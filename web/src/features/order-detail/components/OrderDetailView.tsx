import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { LockOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDomainLang } from '../../../i18n';
import { RequestError } from '../../../lib/request';
import { CallRecordList } from '../../call';
import { detailQuery, type OrderDetail } from '../api';
import { formatTime, stateName, statusColor } from '../format';
import { useOrderLock } from '../use-order-lock';
import { ForceUnlock, useMayForceUnlock } from './ForceUnlock';
import { OrderActions } from './OrderActions';
import { OrderAttachments } from './OrderAttachments';
import { CallerHistoryPanel } from '../../caller-history';
import { OrderFields } from './OrderFields';
import { OrderRelated } from './OrderRelated';
import { SimilarOrders, SimilarTabLabel } from './SimilarOrders';
import { OrderTimeline, withoutLocks } from './OrderTimeline';
import { deadlineBadge } from '../../order-list';
import '../order-detail.css';

export interface OrderDetailViewProps {
  id: number;
  menuId?: string;
  siblings?: number[];
  /** Shows another order (similar orders, auto-jump). */
  onOpen: (id: number, from?: number) => void;
  /** The caller works for a host unit (edits go to the host's path). */
  host: boolean;
  /** Renders the call records of the order (the calling feature's list), if available. */
  renderCalls?: (orderNum: string) => ReactNode;
  /** Told whenever the detail data arrives (the current-order store, the dialog title). */
  onLoaded?: (detail: OrderDetail) => void;
}

function LockBanner({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const mayForce = useMayForceUnlock(detail);
  const lock = detail.lock;
  if (!lock) return null;
  const time = formatTime(lock.expiresAt);
  const mine = detail.abilities.includes('unlock') && !detail.abilities.includes('lock');
  const other = !detail.abilities.some((a) => a !== 'unlock');
  return (
    <Alert
      className="hl-detail-lock"
      data-testid="detail-lock"
      data-lock={mayForce || other ? 'other' : mine ? 'mine' : 'other'}
      type={mayForce || other ? 'warning' : 'info'}
      showIcon
      icon={<LockOutlined />}
      title={
        mayForce || other
          ? t('orderDetail.lock.other', { name: lock.userName, time })
          : t('orderDetail.lock.mine', { time })
      }
      action={mayForce ? <ForceUnlock detail={detail} /> : undefined}
    />
  );
}

/** The next open limit and its state (issue 21); nothing for an order with no open limit. */
function NextDeadlineTag({ order }: { order: OrderDetail['order'] }) {
  const { t } = useTranslation();
  const badge = deadlineBadge(order);
  if (!badge) return null;
  return (
    <Tag color={badge.color} data-testid="detail-head-deadline" data-deadline-state={badge.state}>
      {t(badge.stateKey)} ·{' '}
      {t('workOrders.deadline.at', { limit: t(badge.limitKey), time: formatTime(badge.at) })}
    </Tag>
  );
}

/** One order: header, lock state, actions, and every part of the detail in tabs. */
export function OrderDetailView(props: OrderDetailViewProps) {
  const { id, onOpen, host, renderCalls } = props;
  const { t } = useTranslation();
  const lang = useDomainLang();
  const query = useQuery(detailQuery(id));
  const lock = useOrderLock(id);
  const detail = query.data;
  const { onLoaded } = props;
  useEffect(() => {
    if (detail) onLoaded?.(detail);
  }, [detail, onLoaded]);

  if (query.isPending) {
    return (
      <div className="hl-detail-loading">
        <Spin tip={t('orderDetail.loading')}>
          <div style={{ height: 120 }} />
        </Spin>
      </div>
    );
  }
  if (query.isError || !detail) {
    const error = query.error;
    const missing = error instanceof RequestError && error.code === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('orderDetail.notFound') : t('orderDetail.loadFailed')}
        subTitle={error?.message}
        extra={<Button onClick={() => void query.refetch()}>{t('orderDetail.retry')}</Button>}
      />
    );
  }
  const order = detail.order;
  const calls = renderCalls ? (
    renderCalls(order.orderNum)
  ) : (
    <CallRecordList orderNum={order.orderNum} />
  );
  return (
    <div className="hl-detail" data-testid="order-detail" data-order-id={order.id}>
      <div className="hl-detail-head">
        <Space wrap>
          <Typography.Text code data-testid="detail-order-num">
            {order.orderNum}
          </Typography.Text>
          <Tag color={statusColor(order.status)} data-testid="detail-head-status">
            {stateName('status', order.status, lang)}
          </Tag>
          {order.mainOrgStatus !== -1 ? (
            <Tag>{stateName('mainOrgStatus', order.mainOrgStatus, lang)}</Tag>
          ) : null}
          {order.isKeyAppeal ? <Tag color="red">{t('orderDetail.fields.isKeyAppeal')}</Tag> : null}
          {order.isSupervised ? (
            <Tag color="volcano">{t('orderDetail.fields.isSupervised')}</Tag>
          ) : null}
          {order.escalationLevel > 0 ? (
            <Tag color="red" data-testid="detail-head-escalated">
              {t('workOrders.tag.escalated')} {order.escalationLevel}
            </Tag>
          ) : null}
          <NextDeadlineTag order={order} />
        </Space>
        <Typography.Title level={5} className="hl-detail-title">
          {order.title}
        </Typography.Title>
        {/* The case sheet in its own window: the dialog stays where the user works. */}
        <Button
          size="small"
          icon={<PrinterOutlined />}
          href={`#/jsjb/order/print/${order.id}`}
          target="_blank"
          rel="noopener"
          data-testid="detail-print"
        >
          {t('orderDetail.print')}
        </Button>
      </div>
      <LockBanner detail={detail} />
      <OrderActions
        detail={detail}
        lock={lock}
        host={host}
        id={id}
        menuId={props.menuId}
        siblings={props.siblings}
        onOpen={onOpen}
      />
      <Tabs
        className="hl-detail-tabs"
        items={[
          {
            key: 'info',
            label: t('orderDetail.tabs.info'),
            children: <OrderFields order={order} />,
          },
          {
            key: 'timeline',
            label: `${t('orderDetail.tabs.timeline')} (${withoutLocks(detail.timeline).length})`,
            children: <OrderTimeline events={detail.timeline} />,
          },
          {
            key: 'attachments',
            label: `${t('orderDetail.tabs.attachments')} (${detail.attachments.length})`,
            children: <OrderAttachments files={detail.attachments} />,
          },
          { key: 'calls', label: t('orderDetail.tabs.calls'), children: calls },
          {
            key: 'similar',
            label: <SimilarTabLabel orderId={order.id} />,
            children: <SimilarOrders orderId={order.id} onOpen={onOpen} />,
          },
          {
            key: 'callers',
            label: t('callerHistory.title'),
            children: (
              <CallerHistoryPanel
                phone={order.callerPhone}
                excludeId={order.id}
                onOpen={(o) => onOpen(o.id)}
              />
            ),
          },
          {
            key: 'related',
            label: t('orderDetail.tabs.related'),
            children: <OrderRelated detail={detail} />,
          },
        ]}
      />
    </div>
  );
}
