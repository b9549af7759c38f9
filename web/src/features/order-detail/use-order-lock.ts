import { useCallback, useEffect, useRef } from 'react';
import { releaseLock, takeLock } from '../order-actions/api';

/** Actions that do not lock: a note or a supervision must not block the host (docs/workflow.md). */
const NO_LOCK = new Set(['add_note', 'supervise']);

/**
 * The console's side of order locking: starting an action takes the lock (when the server offers
 * it), leaving the order (closing the dialog, leaving the page) releases a lock this view took.
 */
export function useOrderLock(id: number) {
  const held = useRef(false);

  useEffect(
    () => () => {
      if (held.current) {
        held.current = false;
        void releaseLock(id);
      }
    },
    [id],
  );

  /** Takes the lock before acting; throws the server's refusal (e.g. someone else holds it). */
  const ensure = useCallback(
    async (action: string, abilities: readonly string[]): Promise<boolean> => {
      if (NO_LOCK.has(action)) return false;
      if (abilities.includes('unlock')) {
        held.current = true;
        return false;
      }
      if (held.current || !abilities.includes('lock')) return false;
      await takeLock(id);
      held.current = true;
      return true;
    },
    [id],
  );

  /** After an action: a move to another queue released the lock on the server. */
  const update = useCallback((abilities: readonly string[]) => {
    held.current = held.current && abilities.includes('unlock');
  }, []);

  const release = useCallback(async () => {
    if (!held.current) return;
    held.current = false;
    await releaseLock(id);
  }, [id]);

  return { ensure, update, release, held };
}
