import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from '../pages/page-props';
import type { PageName } from './page-names';

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * Component names of the menu (`component`, listed in page-names.ts) → lazily loaded pages,
 * each its own chunk.
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
  'system/units': lazy(() => import('../pages/system/units')),
  'system/categories': lazy(() => import('../pages/system/categories')),
  'system/keys': lazy(() => import('../pages/system/keys')),
  'system/audit': lazy(() => import('../pages/system/audit')),
  'system/calendar': lazy(() => import('../pages/system/calendar')),
  'account/phrases': lazy(() => import('../pages/account/phrases')),
} satisfies Record<PageName, Page>;
