import { useEffect, useState } from 'react';
import { App, Button, Popover, Space, Tag, Tooltip } from 'antd';
import { PoweroffOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createPortal } from 'react-dom';
import { useCurrentOrder } from '../../../lib/order-bus';
import { dialOut, fetchLatestCall, hangUpCall, seatsQuery, updateSeat } from '../api';
import { useCallBar } from '../call-store';
import { isLive, signInWait } from '../call-rules';
import { useCallLog } from '../hooks/use-call-log';
import { useCallPoll } from '../hooks/use-call-poll';
import { CallControls } from './CallControls';
import { CallResultDialog } from './CallResultDialog';
import { CallWindowDialog } from './CallWindowDialog';
import { SeatPicker } from './SeatPicker';

export interface CallBarProps {
  /** The signed-in user (handed to the call window as the user info). */
  user: { username: string; realname: string };
}

const DOCK_STYLE = {
  position: 'fixed',
  left: 16,
  bottom: 16,
  zIndex: 1050,
  display: 'flex',
  gap: 6,
  alignItems: 'center',
  padding: '8px 12px',
  background: '#fff',
  borderRadius: 8,
  boxShadow: '0 6px 16px rgba(0,0,0,0.16)',
} as const;

/**
 * A clock that re-renders once a second while `on`. It answers the time of the render: the
 * last tick stored in state dates from before `on` turned true (the sign-out wait then began
 * at "7 秒" for a 5 s wait), so the state only drives the re-renders.
 */
function useNow(on: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return Date.now();
}

/**
 * The outbound-call bar (spec section 2): checked out / checked in to a seat, dial the caller
 * of the order open in the detail, hang up, live state and talk time; the sign-in button
 * reappears 5 s after sign-out. Calls run on the seat simulator, and the bar says so.
 */
export function CallBar({ user }: CallBarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const seats = useQuery(seatsQuery());
  const call = useCallBar((s) => s.call);
  const signedOutAt = useCallBar((s) => s.signedOutAt);
  const { setCall, signedOut } = useCallBar.getState();
  const [picking, setPicking] = useState(false);
  const [windowOpen, setWindowOpen] = useState(false);
  const { ended } = useCallLog(user);
  useCallPoll(() => {
    const last = useCallBar.getState().call;
    if (last) ended(last);
  });

  // After a reload the store is empty: pick up a call still in progress so it can be hung up.
  useEffect(() => {
    if (useCallBar.getState().call) return;
    fetchLatestCall().then(
      (latest) => {
        if (latest && isLive(latest) && !useCallBar.getState().call) setCall(latest);
      },
      () => {},
    );
  }, [setCall]);

  const live = isLive(call);
  const waiting = signInWait(signedOutAt, Date.now()) > 0;
  const now = useNow(live || waiting);
  const wait = signInWait(signedOutAt, now);
  const mySeat = seats.data?.mySeat ?? null;
  const seatName = seats.data?.list.find((s) => s.seatNo === mySeat)?.name ?? '';

  const refreshSeats = () => queryClient.invalidateQueries({ queryKey: ['calls', 'seats'] });
  const take = useMutation({
    mutationFn: (seatNo: number) => updateSeat(seatNo, 1),
    onSuccess: () => {
      setPicking(false);
      void refreshSeats();
    },
  });
  const release = useMutation({
    mutationFn: (seatNo: number) => updateSeat(seatNo, 0),
    onSuccess: () => {
      signedOut(Date.now());
      void refreshSeats();
    },
  });
  const dial = useMutation({ mutationFn: dialOut, onSuccess: (c) => setCall(c) });
  const hangUp = useMutation({ mutationFn: hangUpCall, onSuccess: (c) => setCall(c) });

  const orderOpen = useCurrentOrder((s) => s.current !== null);
  const controls = (where: 'bar' | 'dock') => (
    <CallControls
      key={where}
      call={call}
      live={live}
      now={now}
      dialing={dial.isPending}
      hangingUp={hangUp.isPending}
      onDial={onDial}
      onHangUp={() => call && hangUp.mutate(call.callOutId)}
      onWindow={() => setWindowOpen(true)}
    />
  );

  const onDial = () => {
    const order = useCurrentOrder.getState().current;
    if (!order) {
      void message.warning(t('calls.bar.needOrder'));
      return;
    }
    dial.mutate(order.id);
  };

  return (
    <Space size={6} className="hl-call-bar" data-testid="call-bar" wrap={false}>
      {seats.data?.simulated !== false ? (
        <Tooltip title={t('calls.bar.simulatorHint')}>
          <Tag color="orange" data-testid="call-simulator">
            {t('calls.bar.simulator')}
          </Tag>
        </Tooltip>
      ) : null}
      {mySeat !== null ? (
        <>
          <Tag color="green" data-testid="call-state-checked-in">
            {t('calls.bar.checkedIn', { seat: seatName })}
          </Tag>
          {controls('bar')}
          <Button
            size="small"
            icon={<PoweroffOutlined />}
            disabled={live}
            loading={release.isPending}
            onClick={() => release.mutate(mySeat)}
          >
            {t('calls.bar.signOut')}
          </Button>
        </>
      ) : (
        <>
          <Tag data-testid="call-state-checked-out">{t('calls.bar.checkedOut')}</Tag>
          {wait > 0 ? (
            <span className="hl-call-wait" data-testid="call-sign-in-wait">
              {t('calls.bar.signInSoon', { seconds: wait })}
            </span>
          ) : (
            <Popover
              trigger="click"
              open={picking}
              onOpenChange={(open) => {
                setPicking(open);
                if (open) void refreshSeats();
              }}
              content={
                <SeatPicker
                  seats={seats.data}
                  busy={take.isPending}
                  onPick={(n) => take.mutate(n)}
                />
              }
            >
              <Button size="small" type="primary" data-testid="call-sign-in">
                {t('calls.bar.signIn')}
              </Button>
            </Popover>
          )}
        </>
      )}
      {mySeat !== null && orderOpen
        ? // The order detail is a modal whose mask covers the top bar: while an order is open,
          // the same controls float above it so the agent can call from the detail view.
          createPortal(
            <div className="hl-call-dock" data-testid="call-dock" style={DOCK_STYLE}>
              {seats.data?.simulated !== false ? (
                <Tag color="orange">{t('calls.bar.simulator')}</Tag>
              ) : null}
              <Tag color="green">{seatName}</Tag>
              {controls('dock')}
            </div>,
            document.body,
          )
        : null}
      <CallResultDialog />
      <CallWindowDialog open={windowOpen} onClose={() => setWindowOpen(false)} user={user} />
    </Space>
  );
}
