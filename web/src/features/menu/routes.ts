import { can, type Acl, type Guard } from '@hotline/domain';
import type { MenuNode } from './api';

/**
 * The server's route tree as the console's route table ("build routes for all", spec section
 * 4): every node with a known page component becomes a route; Layout nodes are groups; nodes
 * with an unknown component are left out, so their paths end on /404.
 */

export interface Crumb {
  path: string;
  title: string;
  titleEn: string;
}

export interface RouteEntry {
  /** The route pattern, possibly with :params (e.g. /jsjb/order/:id). */
  path: string;
  name: string;
  component: string;
  meta: MenuNode['meta'];
  /** Icon of the first-level ancestor (tabs show it when the route has none). */
  parentIcon: string;
  /** Ancestors then the route itself, for the breadcrumb. */
  trail: Crumb[];
}

export const GROUP_COMPONENT = 'Layout';

type Guarded = MenuNode & { meta: MenuNode['meta'] & { guard?: Guard } };

export function buildRouteTable(
  tree: readonly MenuNode[],
  knownComponents: ReadonlySet<string>,
  acl: Acl,
): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (nodes: readonly MenuNode[], trail: Crumb[], parentIcon: string) => {
    for (const node of nodes as readonly Guarded[]) {
      if (!can(acl, node.meta.guard ?? null)) continue;
      const crumb = { path: node.path, title: node.meta.title, titleEn: node.meta.titleEn };
      const icon = parentIcon || node.meta.icon;
      if (node.component !== GROUP_COMPONENT && knownComponents.has(node.component)) {
        out.push({
          path: node.path,
          name: node.name,
          component: node.component,
          meta: node.meta,
          parentIcon: icon,
          trail: [...trail, crumb],
        });
      }
      walk(node.children, [...trail, crumb], icon);
    }
  };
  walk(tree, [], '');
  return out;
}

/** Splits a path into segments without empty ones. */
function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

/** The route whose pattern matches the path (static segments beat :params). */
export function matchRoute(table: readonly RouteEntry[], pathname: string): RouteMatch | null {
  const wanted = segments(pathname);
  let best: { match: RouteMatch; score: number } | null = null;
  for (const route of table) {
    const pattern = segments(route.path);
    if (pattern.length !== wanted.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    const ok = pattern.every((part, i) => {
      const value = wanted[i] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(value);
        return value !== '';
      }
      score += 1;
      return part.toLowerCase() === value.toLowerCase();
    });
    if (ok && (!best || score > best.score)) best = { match: { route, params }, score };
  }
  return best?.match ?? null;
}

/** The home route: the index/index page, else the first visible route. */
export function homeRoute(table: readonly RouteEntry[]): RouteEntry | undefined {
  return (
    table.find((r) => r.component === 'index/index') ??
    table.find((r) => !r.meta.hidden && !r.path.includes(':'))
  );
}

/** First visible leaf route under a menu node ("first-menu opening"). */
export function firstLeafPath(node: MenuNode): string | null {
  if (node.component !== GROUP_COMPONENT) return node.meta.hidden ? null : node.path;
  for (const child of node.children) {
    const found = firstLeafPath(child);
    if (found) return found;
  }
  return null;
}

/** The first-level node whose branch holds the path. */
export function rootOf(tree: readonly MenuNode[], pathname: string): MenuNode | undefined {
  const holds = (node: MenuNode): boolean => node.path === pathname || node.children.some(holds);
  return tree.find(holds);
}

/**
 * The first-level node whose second level the side shows: the path's root, unless that root
 * is hidden from the menu (工单查询, a page reached from the header) — then the root shown
 * before (`previous`), so the column keeps the queues the user came from instead of going
 * blank.
 */
export function shownRoot(
  tree: readonly MenuNode[],
  pathname: string,
  previous: MenuNode | undefined,
): MenuNode | undefined {
  const root = rootOf(tree, pathname);
  if (root && !root.meta.hidden) return root;
  return previous && tree.includes(previous) ? previous : root;
}

export function menuTitle(node: { meta: { title: string; titleEn: string } }, english: boolean) {
  return (english && node.meta.titleEn) || node.meta.title;
}
