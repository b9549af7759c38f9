import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEndpoints } from '@hotline/contract/client';
import { DraggableDialog } from '../../../components/DraggableDialog';
import { endpointUrl } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';
import { useCurrentOrder } from '../../../lib/order-bus';
import { isFrameMessage, WINDOW_INIT, WINDOW_LOADED, WINDOW_READY } from '../call-rules';

/** The call-window page (served by our own server, so it shares the console's origin). */
const CALL_WINDOW_URL = endpointUrl(callEndpoints.callWindow);

/**
 * The embedded call window (spec section 2): the frame is handed the detail data, the user
 * info and the token with postMessage addressed to our own origin only; its messages are
 * accepted only from our origin and from that frame (the page checks the same on its side).
 * Lives inside the draggable dialog, so it can be moved, maximised or minimised mid-call.
 */
export function CallWindowDialog({
  open,
  onClose,
  user,
}: {
  open: boolean;
  onClose: () => void;
  user: object;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const current = useCurrentOrder((s) => s.current);

  const handOver = useCallback(() => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    const detail = current?.data ?? (current ? { order: current } : null);
    target.postMessage(
      { type: WINDOW_INIT, detail, user, token: getToken() },
      window.location.origin,
    );
  }, [current, user]);

  useEffect(() => {
    if (!open) return;
    const onMessage = (event: MessageEvent) => {
      const own = window.location.origin;
      const source = frame.current?.contentWindow;
      if (isFrameMessage(event, own, source, WINDOW_LOADED)) handOver();
      if (isFrameMessage(event, own, source, WINDOW_READY)) setReady(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, handOver]);

  // A different order opened while the window is up: hand the new detail over.
  useEffect(() => {
    if (open && ready) handOver();
  }, [open, ready, handOver]);

  return (
    <DraggableDialog
      open={open}
      width={780}
      title={t('calls.window.title')}
      onClose={() => {
        setReady(false);
        onClose();
      }}
    >
      <Alert
        type={ready ? 'success' : 'info'}
        showIcon
        data-testid="call-window-status"
        title={ready ? t('calls.window.ready') : t('calls.window.waiting')}
        style={{ marginBottom: 8 }}
      />
      {open ? (
        <iframe
          ref={frame}
          title={t('calls.window.frameTitle')}
          src={CALL_WINDOW_URL}
          data-testid="call-window-frame"
          style={{ width: '100%', height: 360, border: '1px solid #e5e6eb', borderRadius: 4 }}
        />
      ) : null}
    </DraggableDialog>
  );
}
