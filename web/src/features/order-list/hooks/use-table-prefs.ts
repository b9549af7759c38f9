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
/** Set while this browser holds a change the server has not confirmed yet. */
const pendingKey = (storageKey: string) => `${storageKey}:pending`;

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
 * both, the server copy after a short pause so a burst of clicks is one call. A change the
 * server has not confirmed (the page was reloaded or closed within the pause, or the save
 * failed) is marked pending in this browser: the next load keeps it and sends it, instead of
 * letting the server's older copy replace it.
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

  const save = useCallback(
    (next: TablePrefs) => {
      saveCols(toServer(key, next)).then(
        () => {
          // confirmed, unless a newer change is already waiting
          if (timer.current === undefined) localStorage.removeItem(pendingKey(storageKey));
          setSynced(true);
        },
        () => setSynced(false),
      );
    },
    [key, storageKey],
  );

  useEffect(() => {
    let live = true;
    if (localStorage.getItem(pendingKey(storageKey)) && !touched.current) {
      save(normalizePrefs(readLocal(storageKey), fallback, isStreet));
      return;
    }
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
  }, [key, storageKey, fallback, isStreet, save]);

  // Leaving the list within the pause: send the change now rather than drop the timer.
  const latest = useRef(prefs);
  latest.current = prefs;
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      window.clearTimeout(timer.current);
      timer.current = undefined;
      save(latest.current);
    },
    [save],
  );

  const setPrefs = useCallback(
    (next: TablePrefs) => {
      touched.current = true;
      setState(next);
      localStorage.setItem(storageKey, JSON.stringify(next));
      localStorage.setItem(pendingKey(storageKey), '1');
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        save(next);
      }, 400);
    },
    [storageKey, save],
  );
  const reset = useCallback(() => setPrefs(fallback), [setPrefs, fallback]);
  return { prefs, setPrefs, reset, synced };
}
