import { useEffect, useMemo } from 'react';
import type { Location } from 'react-router';
import type { RouteEntry, RouteMatch } from '../../features/menu/routes';
import type { VisitedTab } from '../../features/tabs/tab-rules';
import { useTabsStore } from '../../features/tabs/tabs-store';

export function toTab(
  route: RouteEntry,
  path: string,
  params: Record<string, string>,
  query: Record<string, string>,
): VisitedTab {
  return {
    path,
    name: route.name,
    query,
    params,
    meta: {
      title: route.meta.title,
      titleEn: route.meta.titleEn,
      icon: route.meta.icon,
      menuId: route.meta.menuId,
    },
    parentIcon: route.parentIcon,
  };
}

export function queryOf(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** Every route the shell shows becomes a tab (home first) and the most recent kept view. */
export function useTabsSync(
  match: RouteMatch | null,
  location: Location,
  home: RouteEntry | undefined,
) {
  const dispatch = useTabsStore((s) => s.dispatch);
  const touch = useTabsStore((s) => s.touch);
  const homeTab = useMemo(() => (home ? toTab(home, home.path, {}, {}) : undefined), [home]);
  const { pathname, search } = location;
  useEffect(() => {
    if (!match) return;
    const tab = toTab(match.route, pathname, match.params, queryOf(search));
    dispatch({ type: 'visit', tab, first: homeTab }, pathname);
    touch(pathname);
  }, [match, pathname, search, homeTab, dispatch, touch]);
}
