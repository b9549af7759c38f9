import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onOrderEvent } from '../../../lib/order-bus';
import { useBadgeStore } from '../../menu/badge-store';
import { fetchCounts, LIST_QUERY_ROOT } from '../api';

/** Re-reads the lists and the menu counts (lists/counts → badge store). */
export async function refreshListsAndCounts(
  queryClient: ReturnType<typeof useQueryClient>,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: LIST_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: ['myLocks'] }),
    fetchCounts()
      .then(({ counts }) => {
        const { setBadge } = useBadgeStore.getState();
        for (const [menuId, n] of Object.entries(counts)) setBadge(menuId, n);
      })
      .catch(() => undefined),
  ]);
}

/**
 * After an action on an order succeeds anywhere in the console (`changed` on the order bus),
 * the lists and the badge counts are read again: no manual refresh.
 */
export function useListSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onOrderEvent((event) => {
        if (event.type === 'changed') void refreshListsAndCounts(queryClient);
      }),
    [queryClient],
  );
}
