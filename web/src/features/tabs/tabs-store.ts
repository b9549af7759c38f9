import { create } from 'zustand';
import { readJson, writeJson } from '../../lib/storage';
import {
  applyTabAction,
  touchCached,
  type TabAction,
  type TabResult,
  type VisitedTab,
} from './tab-rules';

/** Local-storage key of the visited tabs (kept across reloads). */
export const TABS_KEY = 'tabs';

function isTab(value: unknown): value is VisitedTab {
  if (typeof value !== 'object' || value === null) return false;
  const tab = value as Partial<VisitedTab>;
  return (
    typeof tab.path === 'string' &&
    typeof tab.name === 'string' &&
    typeof tab.meta === 'object' &&
    tab.meta !== null &&
    typeof tab.meta.title === 'string'
  );
}

function loadTabs(): VisitedTab[] {
  const stored = readJson(TABS_KEY);
  return Array.isArray(stored) ? stored.filter(isTab) : [];
}

interface TabsState {
  tabs: VisitedTab[];
  /** Kept-alive view paths, least recently used first (not persisted). */
  cached: string[];
  /** Bumped to rebuild a view from scratch ("click the active tab reloads it"). */
  reloads: Record<string, number>;
  dispatch: (action: TabAction, activePath: string) => TabResult;
  touch: (path: string) => void;
  reload: (path: string) => void;
  /** Names the tab of `path` (an order's number on its detail tab); kept across reloads. */
  label: (path: string, label: string) => void;
  reset: () => void;
}

export const useTabsStore = create<TabsState>((set, get) => ({
  tabs: loadTabs(),
  cached: [],
  reloads: {},
  dispatch: (action, activePath) => {
    const result = applyTabAction(get().tabs, action, activePath);
    set((state) => ({
      tabs: result.tabs,
      cached: state.cached.filter((p) => !result.closed.includes(p)),
    }));
    writeJson(TABS_KEY, result.tabs);
    return result;
  },
  touch: (path) => set((state) => ({ cached: touchCached(state.cached, path) })),
  reload: (path) =>
    set((state) => ({ reloads: { ...state.reloads, [path]: (state.reloads[path] ?? 0) + 1 } })),
  label: (path, label) => {
    const tabs = get().tabs;
    if (!tabs.some((t) => t.path === path && t.label !== label)) return;
    const next = tabs.map((t) => (t.path === path ? { ...t, label } : t));
    set({ tabs: next });
    writeJson(TABS_KEY, next);
  },
  reset: () => set({ tabs: [], cached: [], reloads: {} }),
}));
