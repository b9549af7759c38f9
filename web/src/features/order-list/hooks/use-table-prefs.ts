import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchCols, saveCols } from '../api';
import {
  defaultPrefs,
  fromServer,
  normalizePrefs,
  prefsKey,
  toServer,
  type TablePrefs,
} from '../table-prefs';

const localKey = (user: string, key: string) => `tablePrefs:${user}:${key}`;

function readLocal(storageKey: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(storageKey) ?? 'null');
  } catch {
    return null;
  }
}

export interface TablePrefsState {
  prefs: TablePrefs;
  setPrefs: (next: TablePrefs) => void;
  reset: () => void;
  /** False after a save the server refused (the change stays in this browser). */
  synced: boolean;
}

/**
 * Table preferences of one list for one user: read from this browser at once, then replaced
 * by the server's copy (it follows the user to another browser); every change is written to
 * both, the server copy after a short pause so a burst of clicks is one call.
 */
export function useTablePrefs(
  username: string,
  menuId: string | undefined,
  isStreet: boolean,
): TablePrefsState {
  const key = prefsKey(menuId);
  const storageKey = localKey(username, key);
  const fallback = useMemo(() => defaultPrefs(menuId, isStreet), [menuId, isStreet]);
  const [prefs, setState] = useState<TablePrefs>(() =>
    normalizePrefs(readLocal(storageKey), fallback, isStreet),
  );
  const [synced, setSynced] = useState(true);
  const touched = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    let live = true;
    fetchCols(key)
      .then((reply) => {
        const server = fromServer(reply, fallback, isStreet);
        // a change made while the answer travelled wins over the older server copy
        if (!live || !server || touched.current) return;
        setState(server);
        localStorage.setItem(storageKey, JSON.stringify(server));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, storageKey, fallback, isStreet]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const setPrefs = useCallback(
    (next: TablePrefs) => {
      touched.current = true;
      setState(next);
      localStorage.setItem(storageKey, JSON.stringify(next));
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        saveCols(toServer(key, next)).then(
          () => setSynced(true),
          () => setSynced(false),
        );
      }, 400);
    },
    [key, storageKey],
  );
  const reset = useCallback(() => setPrefs(fallback), [setPrefs, fallback]);
  return { prefs, setPrefs, reset, synced };
}
