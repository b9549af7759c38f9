import { useEffect, useState } from 'react';
import { App, Button, Popover, Space, Tag, Tooltip } from 'antd';
import { DesktopOutlined, PhoneOutlined, PoweroffOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCallDuration } from '@hotline/domain';
import { useCurrentOrder } from '../../order-bus/order-bus';
import { dialOut, hangUpCall, seatsQuery, updateSeat } from '../api';
import { useCallBar } from '../call-store';
import { isLive, liveSeconds, signInWait } from '../call-rules';
import { useCallLog } from '../hooks/use-call-log';
import { useCallPoll } from '../hooks/use-call-poll';
import { CallResultDialog } from './CallResultDialog';
import { CallWindowDialog } from './CallWindowDialog';
import { SeatPicker } from './SeatPicker';

export interface CallBarProps {
  /** The signed-in user (handed to the call window as the user info). */
  user: { username: string; realname: string };
}

/** A clock that ticks once a second while `on`. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return on ? now : Date.now();
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
          <Button
            size="small"
            icon={<PhoneOutlined />}
            type="primary"
            disabled={live}
            loading={dial.isPending}
            onClick={onDial}
          >
            {t('calls.bar.dial')}
          </Button>
          <Button
            size="small"
            danger
            disabled={!live}
            loading={hangUp.isPending}
            onClick={() => call && hangUp.mutate(call.callOutId)}
          >
            {t('calls.bar.hangUp')}
          </Button>
          {call ? (
            <Tag color={live ? 'processing' : 'default'} data-testid="call-live-state">
              {t(`calls.bar.states.${call.state}`)}
              {call.answeredAt ? ` ${formatCallDuration(liveSeconds(call, now))}` : ''}
              {call.state === 'ended' && call.hangupBy
                ? ` · ${t(`calls.bar.endedBy.${call.hangupBy}`)}`
                : ''}
            </Tag>
          ) : null}
          <Tooltip title={t('calls.bar.window')}>
            <Button
              size="small"
              icon={<DesktopOutlined />}
              aria-label={t('calls.bar.window')}
              onClick={() => setWindowOpen(true)}
            />
          </Tooltip>
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
      <CallResultDialog />
      <CallWindowDialog open={windowOpen} onClose={() => setWindowOpen(false)} user={user} />
    </Space>
  );
}
