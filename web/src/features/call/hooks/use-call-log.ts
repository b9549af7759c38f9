import { useCallback, useEffect, useRef } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentOrder } from '../../../lib/order-bus';
import { insertCallOut, type TelephonyCall } from '../api';
import { useCallBar } from '../call-store';
import { callRecordBody } from '../call-rules';

/**
 * Logs ended calls with Callout/insertCallOut. A call is logged while its order's detail is
 * open; otherwise the console warns ("enter the order detail page before calling to record
 * call log") and logs it as soon as that order's detail is opened again.
 */
export function useCallLog(agent: { realname: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useCurrentOrder((s) => s.current);
  const unlogged = useCallBar((s) => s.unlogged);
  const { addUnlogged, removeUnlogged, openResult } = useCallBar.getState();
  const inFlight = useRef(new Set<string>());

  const log = useCallback(
    async (call: TelephonyCall) => {
      if (inFlight.current.has(call.callOutId)) return;
      inFlight.current.add(call.callOutId);
      try {
        await insertCallOut(callRecordBody(call, agent));
        removeUnlogged(call.callOutId);
        void queryClient.invalidateQueries({ queryKey: ['calls', 'records'] });
        void queryClient.invalidateQueries({ queryKey: ['order-detail'] });
        openResult(call.callOutId);
      } catch {
        // the request layer has shown the reason; the call stays in the unlogged list
      } finally {
        inFlight.current.delete(call.callOutId);
      }
    },
    [agent, queryClient, removeUnlogged, openResult],
  );

  /** Called once when a call is seen ended. */
  const ended = useCallback(
    (call: TelephonyCall) => {
      const open = useCurrentOrder.getState().current;
      if (open && open.id === call.orderId) {
        void log(call);
      } else {
        addUnlogged(call);
        void message.warning(t('calls.bar.needOrderForLog'));
      }
    },
    [addUnlogged, log, message, t],
  );

  // Log waiting calls when their order's detail is opened again.
  useEffect(() => {
    if (!current) return;
    for (const call of unlogged) if (call.orderId === current.id) void log(call);
  }, [current, unlogged, log]);

  return { ended };
}
