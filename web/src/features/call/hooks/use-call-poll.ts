import { useEffect, useRef } from 'react';
import { fetchCall } from '../api';
import { useCallBar } from '../call-store';
import { isLive } from '../call-rules';

/**
 * Follows the live call by polling index/getList once a second (the push channel is not
 * relied on; docs/telephony.md). `onEnded` runs once per call when it is seen ended.
 */
export function useCallPoll(onEnded: (callOutId: string) => void) {
  const call = useCallBar((s) => s.call);
  const setCall = useCallBar((s) => s.setCall);
  const seenEnded = useRef(new Set<string>());
  const endedRef = useRef(onEnded);
  endedRef.current = onEnded;

  const live = isLive(call);
  const id = call?.callOutId ?? null;

  useEffect(() => {
    if (!id || !live) return;
    let stopped = false;
    const timer = setInterval(() => {
      void fetchCall(id).then(
        (fresh) => {
          if (!stopped && fresh) setCall(fresh);
        },
        () => {},
      );
    }, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id, live, setCall]);

  useEffect(() => {
    if (!call || call.state !== 'ended' || seenEnded.current.has(call.callOutId)) return;
    seenEnded.current.add(call.callOutId);
    endedRef.current(call.callOutId);
  }, [call]);
}
