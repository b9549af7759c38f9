import { create } from 'zustand';

/** A notice (spec section 3): the push channel adds them, "clear messages" empties the list. */
export interface NoticeItem {
  msg: string;
  orderNum: string;
  assignId: string | number;
  menuId: string;
}

interface NoticesState {
  items: NoticeItem[];
  add: (item: NoticeItem) => void;
  clear: () => void;
}

/** Newest first; at most this many are kept. */
export const MAX_NOTICES = 100;

export const useNoticesStore = create<NoticesState>((set) => ({
  items: [],
  add: (item) => set((state) => ({ items: [item, ...state.items].slice(0, MAX_NOTICES) })),
  clear: () => set({ items: [] }),
}));

/** Menu ids that show a dot: those with a notice in the list (clearing removes them all). */
export function noticeDots(items: readonly NoticeItem[]): Set<string> {
  return new Set(items.map((item) => item.menuId));
}
