import { Activity, Suspense, useEffect } from 'react';
import { Spin } from 'antd';
import { matchRoute, type RouteEntry } from '../../features/menu/routes';
import type { VisitedTab } from '../../features/tabs/tab-rules';
import { PAGES } from '../pages';

export interface ViewHostProps {
  table: readonly RouteEntry[];
  /** Kept-alive view paths (at most 20, least recently used first). */
  cached: readonly string[];
  activePath: string;
  tabs: readonly VisitedTab[];
  /** Bumped per path to rebuild that view from scratch. */
  reloads: Readonly<Record<string, number>>;
  /** The active view's query (a kept view keeps the query it was opened with). */
  activeQuery: Record<string, string>;
}

function ViewFallback() {
  return (
    <div className="hl-view-loading">
      <Spin />
    </div>
  );
}

/**
 * Renders the kept-alive views: the active one visible, the others hidden by React's
 * Activity, which keeps their state and DOM, so switching back re-renders nothing from
 * scratch. A view dropped from the cache (tab closed, least recently used) is unmounted.
 */
export function ViewHost({ table, cached, activePath, tabs, reloads, activeQuery }: ViewHostProps) {
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [activePath]);
  const paths = cached.includes(activePath) ? cached : [...cached, activePath];
  return (
    <>
      {paths.map((path) => {
        const match = matchRoute(table, path);
        if (!match) return null;
        const Page = PAGES[match.route.component];
        if (!Page) return null;
        const active = path === activePath;
        const query = active ? activeQuery : (tabs.find((t) => t.path === path)?.query ?? {});
        return (
          <Activity key={`${path}#${reloads[path] ?? 0}`} mode={active ? 'visible' : 'hidden'}>
            <div className="hl-view" data-view={path}>
              <Suspense fallback={<ViewFallback />}>
                <Page route={match.route} params={match.params} query={query} />
              </Suspense>
            </div>
          </Activity>
        );
      })}
    </>
  );
}
