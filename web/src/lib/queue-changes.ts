import { create } from 'zustand';

/**
 * Pushed changes to the queues since each queue's list was last read: the push channel notes
 * every order that entered or left a queue (`count` messages), an open list of that queue
 * shows "N 条新的或已变化 — 刷新" and clears the note when it reads the list again. Kept in
 * lib/ because the push feature writes it and the list feature reads it.
 */
interface QueueChanges {
  changes: Record<string, number>;
  note: (menuId: string, num: number) => void;
  clear: (menuId: string) => void;
}

export const useQueueChanges = create<QueueChanges>((set) => ({
  changes: {},
  note: (menuId, num) =>
    set((s) => ({ changes: { ...s.changes, [menuId]: (s.changes[menuId] ?? 0) + num } })),
  clear: (menuId) =>
    set((s) => {
      if (!s.changes[menuId]) return s;
      const { [menuId]: _gone, ...rest } = s.changes;
      return { changes: rest };
    }),
}));
