import { create } from 'zustand';

/** How many doEdit/confirm requests are running; the mask shows while any is. */
export const useLoadingMask = create<{ count: number }>(() => ({ count: 0 }));

export function showLoadingMask(): () => void {
  useLoadingMask.setState((s) => ({ count: s.count + 1 }));
  let hidden = false;
  return () => {
    if (hidden) return;
    hidden = true;
    useLoadingMask.setState((s) => ({ count: Math.max(0, s.count - 1) }));
  };
}
