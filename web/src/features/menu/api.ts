import { queryOptions } from '@tanstack/react-query';
import { type MenuNode } from '@hotline/contract';
import { listEndpoints, menuEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';
import { useBadgeStore } from './badge-store';

export type { MenuNode };

/** The menu reply was not a list of route nodes ("route format returned wrong"). */
export class MenuFormatError extends Error {}

function isMenuNode(value: unknown): value is MenuNode {
  if (typeof value !== 'object' || value === null) return false;
  const node = value as Partial<MenuNode>;
  const meta = node.meta as Partial<MenuNode['meta']> | undefined;
  return (
    typeof node.path === 'string' &&
    typeof node.name === 'string' &&
    typeof node.component === 'string' &&
    typeof meta === 'object' &&
    meta !== null &&
    typeof meta.title === 'string' &&
    (node.children === undefined ||
      (Array.isArray(node.children) && node.children.every(isMenuNode)))
  );
}

/** Checks the shape of `data.list`; anything else is refused with MenuFormatError. */
export function parseMenu(data: unknown): MenuNode[] {
  const list = (data as { list?: unknown } | null)?.list;
  if (!Array.isArray(list) || !list.every(isMenuNode)) throw new MenuFormatError('menu');
  const normalize = (node: MenuNode): MenuNode => ({
    ...node,
    meta: {
      title: node.meta.title,
      titleEn: typeof node.meta.titleEn === 'string' ? node.meta.titleEn : '',
      icon: typeof node.meta.icon === 'string' ? node.meta.icon : '',
      hidden: node.meta.hidden === true,
      menuId: typeof node.meta.menuId === 'string' ? node.meta.menuId : null,
      badge: typeof node.meta.badge === 'number' ? node.meta.badge : null,
    },
    children: (node.children ?? []).map(normalize),
  });
  return list.map(normalize);
}

/** The user's route tree (`ismenu=1`); the reply is checked, not trusted. */
export async function fetchMenu(): Promise<MenuNode[]> {
  return parseMenu(await call(menuEndpoints.menu, { ismenu: '1' }));
}

export const MENU_QUERY_KEY = ['session', 'menu'] as const;

export const menuQuery = queryOptions({
  queryKey: MENU_QUERY_KEY,
  queryFn: fetchMenu,
  staleTime: Infinity,
});

let countsInFlight: Promise<void> | null = null;

/**
 * The one read of the menu badge counts (`lists/counts`, every queue of the caller's menu) into
 * the badge store: when the push channel (re)connects or resyncs, on the clock re-reads and on a
 * list's refresh button. Never after an action: the push deltas of its commit move the badges.
 * Callers at the same moment share one request.
 */
export function refreshBadgeCounts(): Promise<void> {
  countsInFlight ??= call(listEndpoints.counts, {}, { noError: true })
    .then(({ counts }) => useBadgeStore.getState().setCounts(counts))
    .finally(() => {
      countsInFlight = null;
    });
  return countsInFlight;
}
