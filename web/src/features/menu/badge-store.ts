import { create } from 'zustand';

/**
 * Menu badge counts by menu id (queue id), the one place the console keeps them. Seeded from
 * the menu data (`meta.badge`), set from `lists/counts` when the push channel (re)connects or
 * resyncs (`setCounts`), and kept current between by the push channel's deltas: `setBadge` sets
 * a count, `addBadge` moves it by a delta and never below 0 (spec section 4, "Badges and
 * notices"). An action does not re-read them: its commit's push deltas move them.
 */
interface BadgeState {
  counts: Record<string, number>;
  seed: (counts: Record<string, number>) => void;
  /** Sets the given queues' counts (a `lists/counts` reply); the others keep theirs. */
  setCounts: (counts: Record<string, number>) => void;
  setBadge: (menuId: string, count: number) => void;
  addBadge: (menuId: string, delta: number) => void;
  reset: () => void;
}

function clamp(count: number): number {
  return Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : 0;
}

const clampAll = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, clamp(v)]));

export const useBadgeStore = create<BadgeState>((set) => ({
  counts: {},
  seed: (counts) => set(() => ({ counts: clampAll(counts) })),
  setCounts: (counts) => set((state) => ({ counts: { ...state.counts, ...clampAll(counts) } })),
  setBadge: (menuId, count) =>
    set((state) => ({ counts: { ...state.counts, [menuId]: clamp(count) } })),
  addBadge: (menuId, delta) =>
    set((state) => ({
      counts: { ...state.counts, [menuId]: clamp((state.counts[menuId] ?? 0) + delta) },
    })),
  reset: () => set({ counts: {} }),
}));

/** The badge counts the menu data carries, by menu id (null counts are left out). */
export function badgesFromMenu(
  nodes: readonly {
    meta: { menuId: string | null; badge: number | null };
    children: readonly unknown[];
  }[],
): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (list: typeof nodes) => {
    for (const node of list) {
      if (node.meta.menuId && typeof node.meta.badge === 'number')
        out[node.meta.menuId] = node.meta.badge;
      walk(node.children as typeof nodes);
    }
  };
  walk(nodes);
  return out;
}
