import { Button, Tag, Tooltip } from 'antd';
import { DesktopOutlined, PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCallDuration } from '@hotline/domain';
import type { TelephonyCall } from '../api';
import { liveSeconds } from '../call-rules';

export interface CallControlsProps {
  call: TelephonyCall | null;
  live: boolean;
  now: number;
  dialing: boolean;
  hangingUp: boolean;
  onDial: () => void;
  onHangUp: () => void;
  onWindow: () => void;
}

/** Dial, hang up, the live state with talk time, and the call-window button. */
export function CallControls(props: CallControlsProps) {
  const { call, live, now, dialing, hangingUp, onDial, onHangUp, onWindow } = props;
  const { t } = useTranslation();
  return (
    <>
      <Button
        size="small"
        icon={<PhoneOutlined />}
        type="primary"
        disabled={live}
        loading={dialing}
        onClick={onDial}
      >
        {t('calls.bar.dial')}
      </Button>
      <Button size="small" danger disabled={!live} loading={hangingUp} onClick={onHangUp}>
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
          onClick={onWindow}
        />
      </Tooltip>
    </>
  );
}
