import type { RouteEntry } from '../features/menu/routes';

/** What a server-driven page receives: its route, its params and its own query. */
export interface PageProps {
  route: RouteEntry;
  params: Record<string, string>;
  query: Record<string, string>;
}
