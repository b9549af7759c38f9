import { useCallback, useState } from 'react';
import { parseListView, type ListView } from '../order-card';

const storageKey = (username: string) => `orderListView:${username}`;

function read(key: string): ListView {
  try {
    return parseListView(localStorage.getItem(key));
  } catch {
    return 'cards';
  }
}

/**
 * The user's choice of view for lists on a phone (cards or the table), kept in this browser:
 * it is a choice about this device's screen, so it does not follow the user to a desktop.
 */
export function useListView(username: string): [ListView, (next: ListView) => void] {
  const key = storageKey(username);
  const [view, setState] = useState<ListView>(() => read(key));
  const setView = useCallback(
    (next: ListView) => {
      setState(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // storage full or blocked: the choice lasts for this page only
      }
    },
    [key],
  );
  return [view, setView];
}
