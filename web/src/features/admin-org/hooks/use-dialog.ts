import { useCallback, useState } from 'react';

/**
 * A dialog's mode (null: closed) and a number that changes at each opening: the dialog is
 * keyed by it, so every opening starts from a fresh form (an edit's values never leak into the
 * next "add") while closing keeps its animation.
 */
export function useDialog<T>() {
  const [state, setState] = useState<{ mode: T | null; seq: number }>({ mode: null, seq: 0 });
  const open = useCallback((mode: T) => setState((s) => ({ mode, seq: s.seq + 1 })), []);
  const close = useCallback(() => setState((s) => ({ mode: null, seq: s.seq })), []);
  return { mode: state.mode, key: state.seq, open, close };
}
