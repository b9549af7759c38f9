import { useCallback, useEffect } from 'react';
import { actionEndpoints } from '@hotline/contract/client';
import { endpointUrl } from '../../lib/api-client';
import { getToken } from '../../lib/storage';
import { releaseLock, takeLock } from '../order-actions';

/** Orders whose lock this page took and still holds (the dialog's content outlives its closing). */
const held = new Set<number>();

/** Releases the lock this page took on the order, if it still holds one. */
export async function releaseHeldLock(id: number): Promise<void> {
  if (!held.delete(id)) return;
  await releaseLock(id);
}

/**
 * Leaving the page (reload, closing the tab) releases the locks it holds: a keep-alive request
 * outlives the page (a beacon could not carry the bearer token).
 */
function releaseAllOnLeave() {
  const token = getToken();
  for (const id of held) {
    void fetch(endpointUrl(actionEndpoints.unlock), {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token ?? ''}` },
      body: JSON.stringify({ id }),
    }).catch(() => undefined);
  }
  held.clear();
}
if (typeof window !== 'undefined') window.addEventListener('pagehide', releaseAllOnLeave);

/** Actions that do not lock: a note or a supervision must not block the host (docs/workflow.md). */
const NO_LOCK = new Set(['add_note', 'supervise']);

/**
 * The console's side of order locking: starting an action takes the lock (when the server offers
 * it), leaving the order (closing the dialog, leaving the page) releases a lock this view took.
 */
export function useOrderLock(id: number) {
  useEffect(() => () => void releaseHeldLock(id), [id]);

  /** Takes the lock before acting; throws the server's refusal (e.g. someone else holds it). */
  const ensure = useCallback(
    async (action: string, abilities: readonly string[]): Promise<boolean> => {
      if (NO_LOCK.has(action)) return false;
      if (abilities.includes('unlock')) {
        held.add(id);
        return false;
      }
      if (held.has(id) || !abilities.includes('lock')) return false;
      await takeLock(id);
      held.add(id);
      return true;
    },
    [id],
  );

  /** After an action: a move to another queue released the lock on the server. */
  const update = useCallback(
    (abilities: readonly string[]) => {
      if (!abilities.includes('unlock')) held.delete(id);
    },
    [id],
  );

  return { ensure, update };
}
