import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteEntry } from '../features/menu/routes';

/** What a server-driven page receives: its route, its params and its own query. */
export interface PageProps {
  route: RouteEntry;
  params: Record<string, string>;
  query: Record<string, string>;
}

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * Component names of the menu (`component`) → lazily loaded pages, each its own chunk.
 * A name missing here is an unknown component: its route is left out and ends on /404.
 */
export const PAGES: Record<string, Page> = {
  'index/index': lazy(() => import('../pages/index/index')),
  'workorder/queue': lazy(() => import('../pages/workorder/queue')),
  'workorder/intake': lazy(() => import('../pages/workorder/intake')),
  'workorder/locked': lazy(() => import('../pages/workorder/locked')),
  'workorder/detail': lazy(() => import('../pages/workorder/detail')),
  'workorder/print': lazy(() => import('../pages/workorder/print')),
  'call/records': lazy(() => import('../pages/call/records')),
  'stats/kanban': lazy(() => import('../pages/stats/kanban')),
  'system/users': lazy(() => import('../pages/system/users')),
  'system/roles': lazy(() => import('../pages/system/roles')),
  'system/config': lazy(() => import('../pages/system/config')),
};

export const KNOWN_COMPONENTS: ReadonlySet<string> = new Set(Object.keys(PAGES));
