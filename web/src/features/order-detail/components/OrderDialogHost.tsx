import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { authEndpoints, EndpointData } from '@hotline/contract';
import { hasRule } from '@hotline/domain';
import { DraggableDialog } from '../../../components/DraggableDialog';
import {
  emitOrderEvent,
  onOrderEvent,
  useCurrentOrder,
  type OpenOrderRequest,
} from '../../../lib/order-bus';
import type { OrderDetail } from '../api';
import { releaseHeldLock } from '../use-order-lock';
import { OrderDetailView } from './OrderDetailView';

/** The signed-in user: the session query's cached user info. */
type SessionUser = EndpointData<typeof authEndpoints.userInfo>;
const HOST_KINDS = new Set(['street', 'town', 'community', 'village', 'department']);

/** The caller acts for a host unit: street, town or department handlers. */
export function useIsHostUser(): boolean {
  const user = useQueryClient().getQueryData<SessionUser>(['session', 'userInfo']);
  if (user?.info?.unitKind) return HOST_KINDS.has(user.info.unitKind);
  return hasRule(user?.permissions ?? [], '/jsjb/street#/jsjb/bm');
}

/** Keeps `useCurrentOrder` on the order shown (the call bar dials its caller). */
export function useCurrentOrderSync() {
  const setCurrent = useCurrentOrder((s) => s.setCurrent);
  useEffect(() => () => setCurrent(null), [setCurrent]);
  return useCallback(
    (detail: OrderDetail) =>
      setCurrent({
        id: detail.order.id,
        orderNum: detail.order.orderNum,
        callerName: detail.order.callerName,
        callerPhone: detail.order.callerPhone,
        data: detail,
      }),
    [setCurrent],
  );
}

export interface OrderDialogHostProps {
  /** The calling feature's call-record list for an order, when the app provides one. */
  renderCalls?: (orderNum: string) => ReactNode;
}

/**
 * Listens for `open` on the order bus and shows the order in the draggable dialog (normal, full
 * screen, minimised). Closing emits `closed` and releases a lock the detail took.
 */
export function OrderDialogHost({ renderCalls }: OrderDialogHostProps) {
  const { t } = useTranslation();
  const [shown, setShownState] = useState<OpenOrderRequest | null>(null);
  const [title, setTitle] = useState('');
  const shownRef = useRef<OpenOrderRequest | null>(null);
  /** Each opening mounts a fresh detail (no form left open from the last time). */
  const [opening, setOpening] = useState(0);
  const openingRef = useRef(0);
  /** Shows another order (or none); the one shown before is announced as closed. */
  const setShown = useCallback((next: OpenOrderRequest | null) => {
    const previous = shownRef.current;
    if (previous && previous.id !== next?.id) {
      // the dialog keeps its content while closed: leaving the order releases its lock here
      void releaseHeldLock(previous.id);
      emitOrderEvent({ type: 'closed', id: previous.id });
    }
    shownRef.current = next;
    setShownState(next);
    if (next) {
      openingRef.current += 1;
      setOpening(openingRef.current);
    }
    if (!next) setTitle('');
  }, []);
  const host = useIsHostUser();
  const sync = useCurrentOrderSync();
  const setCurrent = useCurrentOrder((s) => s.setCurrent);

  useEffect(
    () =>
      onOrderEvent((event) => {
        if (event.type === 'open') setShown(event.order);
      }),
    [setShown],
  );
  const close = useCallback(() => {
    setShown(null);
    setCurrent(null);
  }, [setShown, setCurrent]);
  const onLoaded = useCallback(
    (detail: OrderDetail) => {
      sync(detail);
      setTitle(`${detail.order.orderNum} · ${detail.order.title}`);
    },
    [sync],
  );
  // An auto-jump from an opening no longer shown (the user opened another order, opened the
  // same one again, or closed the dialog while the queue was read for the jump) does not
  // override that choice: each opening gets its own callback, live only while it is shown.
  const openNext = useMemo(() => {
    const mine = opening;
    return (id: number, from?: number) => {
      if (openingRef.current !== mine || !shownRef.current) return;
      if (from !== undefined && shownRef.current.id !== from) return;
      setShown({ ...shownRef.current, id, orderNum: undefined });
    };
  }, [opening, setShown]);

  return (
    <DraggableDialog
      open={shown !== null}
      width={1100}
      title={
        <span data-testid="order-dialog-title">
          {t('orderDetail.dialogTitle')}
          {title ? ` · ${title}` : ''}
        </span>
      }
      onClose={close}
      footer={
        <Button onClick={close} data-testid="order-dialog-close">
          {t('orderDetail.close')}
        </Button>
      }
    >
      {shown ? (
        <div className="hl-order-dialog" data-testid="order-dialog">
          <OrderDetailView
            key={`${shown.id}:${opening}`}
            id={shown.id}
            menuId={shown.menuId}
            siblings={shown.siblings}
            onOpen={openNext}
            host={host}
            renderCalls={renderCalls}
            onLoaded={onLoaded}
          />
        </div>
      ) : null}
    </DraggableDialog>
  );
}
