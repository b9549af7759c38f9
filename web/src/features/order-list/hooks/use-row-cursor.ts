import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { OrderSummary } from '@hotline/contract';
import { inFront, useShortcuts } from '../../shortcuts';

/**
 * The keyboard cursor of a queue list: j/↓ and k/↑ move a highlighted row, Enter opens it, `?`
 * asks for the help dialog. Only while the list is the screen in front (not hidden behind
 * another tab, no dialog over it) and the user is not typing in a field. The cursor follows
 * its order across refreshes; when the order leaves the page it stays at the same position.
 */
export function useRowCursor(
  root: RefObject<HTMLElement | null>,
  rows: readonly OrderSummary[],
  onOpen: (order: OrderSummary) => void,
  onHelp: () => void,
) {
  const [cursorId, setCursorId] = useState<number | null>(null);
  const lastIndex = useRef(0);
  const index = cursorId === null ? -1 : rows.findIndex((r) => r.id === cursorId);
  if (index >= 0) lastIndex.current = index;

  // The cursor's order left the page (signed, refreshed away): keep the position.
  useEffect(() => {
    if (cursorId !== null && index < 0 && rows.length > 0) {
      setCursorId(rows[Math.min(lastIndex.current, rows.length - 1)]!.id);
    }
  }, [cursorId, index, rows]);

  const show = useCallback(
    (id: number) => {
      requestAnimationFrame(() => {
        const row = root.current?.querySelector<HTMLElement>(`[data-order-id="${id}"]`);
        row?.scrollIntoView({ block: 'nearest' });
      });
    },
    [root],
  );

  useShortcuts(
    (key) => {
      if (key === '?') {
        onHelp();
        return true;
      }
      if (rows.length === 0) return false;
      const step =
        key === 'j' || key === 'ArrowDown' ? 1 : key === 'k' || key === 'ArrowUp' ? -1 : 0;
      if (step !== 0) {
        const from = index >= 0 ? index : step > 0 ? -1 : rows.length;
        const next = rows[Math.max(0, Math.min(rows.length - 1, from + step))]!;
        setCursorId(next.id);
        show(next.id);
        return true;
      }
      if (key === 'Enter' && index >= 0) {
        // Enter on a focused button or link is that control's own.
        const focused = document.activeElement;
        if (focused instanceof HTMLButtonElement || focused instanceof HTMLAnchorElement) {
          return false;
        }
        onOpen(rows[index]!);
        return true;
      }
      return false;
    },
    () => inFront(root.current),
  );

  return { cursorId: index >= 0 ? cursorId : null, setCursorId };
}
