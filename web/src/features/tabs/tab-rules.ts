/**
 * The tab bar's rules (spec section 2) as a pure reducer: visited routes are kept; close
 * others / left / right / all; the first tab cannot be closed; closing the active tab goes to
 * the last remaining tab, or to / when none is left.
 */

export interface TabMeta {
  title: string;
  titleEn: string;
  icon: string;
  menuId: string | null;
}

/** A visited route (spec section 3): path, name, query, params, meta, parentIcon. */
export interface VisitedTab {
  /** The resolved path, e.g. /jsjb/order/12; the tab's identity. */
  path: string;
  name: string;
  query: Record<string, string>;
  params: Record<string, string>;
  meta: TabMeta;
  parentIcon: string;
  /**
   * What tells this tab from others of the same route, shown after its title: an order's
   * number on its detail tab (two orders open side by side are not both "工单详情").
   */
  label?: string;
}

export type TabAction =
  /** `first` (the home tab) opens the bar when it is empty, so it is always the first tab. */
  | { type: 'visit'; tab: VisitedTab; first?: VisitedTab }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'closeLeft'; path: string }
  | { type: 'closeRight'; path: string }
  | { type: 'closeAll' };

export interface TabResult {
  tabs: VisitedTab[];
  /** Where to go because the active tab was closed; null to stay. */
  navigateTo: string | null;
  /** Paths whose tabs were closed (their cached views are dropped). */
  closed: string[];
}

/** The URL a tab opens: its path plus its query. */
export function tabUrl(tab: VisitedTab): string {
  const search = new URLSearchParams(tab.query).toString();
  return search ? `${tab.path}?${search}` : tab.path;
}

export function applyTabAction(
  tabs: readonly VisitedTab[],
  action: TabAction,
  activePath: string,
): TabResult {
  if (action.type === 'visit') {
    const index = tabs.findIndex((t) => t.path === action.tab.path);
    const next = [...tabs];
    const first = action.first;
    if (next.length === 0 && first && first.path !== action.tab.path) next.push(first);
    if (index === -1) next.push(action.tab);
    // keeps its place and its label, takes the latest query
    else next[index] = { ...action.tab, label: action.tab.label ?? tabs[index]?.label };
    return { tabs: next, navigateTo: null, closed: [] };
  }

  const first = tabs[0];
  const index = action.type === 'closeAll' ? -1 : tabs.findIndex((t) => t.path === action.path);
  let keep: (tab: VisitedTab, i: number) => boolean;
  switch (action.type) {
    case 'close':
      keep = (t) => t.path !== action.path;
      break;
    case 'closeOthers':
      keep = (t) => t.path === action.path;
      break;
    case 'closeLeft':
      keep = (_, i) => index === -1 || i >= index;
      break;
    case 'closeRight':
      keep = (_, i) => index === -1 || i <= index;
      break;
    case 'closeAll':
      keep = () => false;
      break;
  }
  // The first tab cannot be closed.
  const remaining = tabs.filter((t, i) => t === first || keep(t, i));
  const closed = tabs.filter((t) => !remaining.includes(t)).map((t) => t.path);
  let navigateTo: string | null = null;
  if (closed.includes(activePath)) {
    const last = remaining[remaining.length - 1];
    navigateTo = last ? tabUrl(last) : '/';
  }
  return { tabs: remaining, navigateTo, closed };
}

/** Which close actions make sense for a tab (the menus disable the others). */
export function closableActions(tabs: readonly VisitedTab[], path: string) {
  const index = tabs.findIndex((t) => t.path === path);
  return {
    close: index > 0,
    closeOthers: tabs.length > 1 && tabs.some((t, i) => i > 0 && t.path !== path),
    closeLeft: index > 1,
    closeRight: index !== -1 && index < tabs.length - 1,
    closeAll: tabs.length > 1,
  };
}

/** Spec section 2: at most 20 cached views. */
export const MAX_CACHED_VIEWS = 20;

/**
 * The kept-alive views, least recently used first: touching a path moves it to the end;
 * beyond the limit the oldest is evicted (its tab stays, its state does not).
 */
export function touchCached(
  cached: readonly string[],
  path: string,
  max: number = MAX_CACHED_VIEWS,
): string[] {
  const next = cached.filter((p) => p !== path);
  next.push(path);
  return next.length > max ? next.slice(next.length - max) : next;
}
