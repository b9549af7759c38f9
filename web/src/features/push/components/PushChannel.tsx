import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Button } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pushProtocols } from '@hotline/contract';
import { useExportJobsStore } from '../../export';
import { refreshBadgeCounts, useBadgeStore } from '../../menu';
import { useNoticesStore } from '../../notices';
import { useThemeStore } from '../../theme';
import { bindPush, checkSession } from '../api';
import { useQueueChanges } from '../../../lib/queue-changes';
import { applyPushMessage } from '../apply-message';
import { deadlineNoticeItem, speakNotice } from '../deadline-notice';
import { browserClock, startClockResync } from '../clock-resync';
import { PushSocket, pushUrl, type SocketLike } from '../../../lib/push-socket';
import { getToken } from '../../../lib/storage';
import { VoicePlayer, useSoundStore, type AlertSettings, type AudioLike } from '../voice';

function alertSettings(): AlertSettings {
  const { settings, voice } = useThemeStore.getState();
  return {
    on: voice,
    voice: settings.audioset_voice,
    volume: settings.audioset_volumn,
    loop: settings.audioset_loop,
    lists: settings.audioset_lists,
  };
}

const PROMPT_STYLE: CSSProperties = {
  position: 'fixed',
  right: 24,
  bottom: 24,
  zIndex: 1100,
  display: 'flex',
  gap: 12,
  alignItems: 'center',
  padding: '10px 14px',
  borderRadius: 8,
  background: 'var(--ant-color-bg-elevated, #fff)',
  boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)',
};

/** The menu counts read afresh (lists/counts); a failure waits for the next (re)connect. */
async function rereadCounts(): Promise<void> {
  await refreshBadgeCounts().catch(() => undefined);
}

/**
 * Mounted once by the shell: keeps the push channel open while the user is signed in, patches
 * badges and notices, sounds alerts, and shows the "enable sound" prompt when the browser
 * blocks autoplay.
 */
export function PushChannel() {
  const { t } = useTranslation();
  const blocked = useSoundStore((s) => s.blocked);
  const [state, setState] = useState<'connecting' | 'live' | 'down'>('connecting');
  const player = useRef<VoicePlayer | null>(null);
  // The socket lives as long as the shell; notices use the language of the moment.
  const translate = useRef(t);
  translate.current = t;

  useEffect(() => {
    const voice = new VoicePlayer(
      () => new Audio() as AudioLike,
      (b) => useSoundStore.getState().setBlocked(b),
      import.meta.env.BASE_URL,
    );
    player.current = voice;
    const socket = new PushSocket({
      url: pushUrl(window.location),
      // The token as a subprotocol (push-socket.ts): the server lets only this session bind
      // the socket. Read at every (re)open, so a reconnect after a refresh sends the new one.
      // The browser's WebSocket has these members; its handler types are just wider.
      open: (url) => new WebSocket(url, pushProtocols(getToken())) as unknown as SocketLike,
      bind: bindPush,
      onBound: () => void rereadCounts(),
      onSessionEnded: () => void checkSession(),
      onState: (next) => {
        setState(next);
        useExportJobsStore.getState().setLive(next === 'live');
      },
      onMessage: (message) =>
        applyPushMessage(message, {
          addBadge: (menuId, delta) => useBadgeStore.getState().addBadge(menuId, delta),
          addNotice: (notice) => useNoticesStore.getState().add(notice),
          alert: (menuId) => voice.alert(menuId, alertSettings()),
          resync: () => void rereadCounts(),
          queueChanged: (menuId, num) => useQueueChanges.getState().note(menuId, num),
          exportJob: (job) => useExportJobsStore.getState().apply(job),
          deadlineNotice: (notice) => {
            const item = deadlineNoticeItem(notice, translate.current);
            useNoticesStore.getState().add(item);
            speakNotice(item.msg, alertSettings().on);
          },
        }),
    });
    socket.start();
    const stopClock = startClockResync(browserClock(() => void rereadCounts()));
    // A looping alert repeats until the user next does something on the page.
    const quiet = () => {
      if (useThemeStore.getState().settings.audioset_loop) voice.stop();
    };
    document.addEventListener('pointerdown', quiet, true);
    return () => {
      document.removeEventListener('pointerdown', quiet, true);
      socket.stop();
      stopClock();
      voice.stop();
    };
  }, []);

  return (
    <>
      <span hidden data-testid="push-state" data-state={state} />
      {blocked ? (
        <div
          className="hl-sound-prompt"
          style={PROMPT_STYLE}
          role="alert"
          data-testid="sound-prompt"
        >
          <span>{t('push.soundBlocked')}</span>
          <Button
            type="primary"
            size="small"
            icon={<SoundOutlined />}
            data-testid="enable-sound"
            onClick={() => void player.current?.unlock()}
          >
            {t('push.enableSound')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
