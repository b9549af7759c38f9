import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onOrderEvent } from '../../../lib/order-bus';
import { refreshBadgeCounts } from '../../menu';
import { LIST_QUERY_ROOT } from '../api';

type Client = ReturnType<typeof useQueryClient>;

/** The lists (and the caller's locks) are read again. */
function refreshLists(queryClient: Client): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: LIST_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: ['myLocks'] }),
  ]).then(() => undefined);
}

/** A list's refresh button (and a batch or an unlock): the lists and the menu counts re-read. */
export async function refreshListsAndCounts(queryClient: Client): Promise<void> {
  await Promise.all([refreshLists(queryClient), refreshBadgeCounts().catch(() => undefined)]);
}

/** One bus listener per query cache, however many list views are mounted (kept-alive tabs). */
const listeners = new Map<Client, { views: number; stop: () => void }>();

/**
 * After an action on an order succeeds anywhere in the console (`changed` on the order bus),
 * the lists are read again, once: no manual refresh. The badge counts are not: the push
 * channel's deltas for the same commit move them.
 */
export function useListSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const entry = listeners.get(queryClient) ?? {
      views: 0,
      stop: onOrderEvent((event) => {
        if (event.type === 'changed') void refreshLists(queryClient);
      }),
    };
    entry.views += 1;
    listeners.set(queryClient, entry);
    return () => {
      entry.views -= 1;
      if (entry.views > 0) return;
      entry.stop();
      listeners.delete(queryClient);
    };
  }, [queryClient]);
}
