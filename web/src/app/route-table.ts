import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { aclOf, userInfoQuery, type UserInfo } from '../features/auth/api';
import { menuQuery, type MenuNode } from '../features/menu/api';
import { buildRouteTable, type RouteEntry } from '../features/menu/routes';
import { KNOWN_COMPONENTS } from './page-names';
import { queryClient } from './query-client';

let cache: { menu: MenuNode[]; user: UserInfo; table: RouteEntry[] } | null = null;

/** The route table built from cached menu and user (null until the guard has loaded them). */
export function currentRouteTable(): RouteEntry[] | null {
  const menu = queryClient.getQueryData(menuQuery.queryKey);
  const user = queryClient.getQueryData(userInfoQuery.queryKey);
  if (!menu || !user) return null;
  if (cache?.menu !== menu || cache.user !== user) {
    cache = { menu, user, table: buildRouteTable(menu, KNOWN_COMPONENTS, aclOf(user)) };
  }
  return cache.table;
}

/** The session as the shell sees it: user, menu tree and route table. */
export function useSession() {
  const user = useQuery(userInfoQuery).data;
  const menu = useQuery(menuQuery).data;
  const table = useMemo(
    () => (menu && user ? buildRouteTable(menu, KNOWN_COMPONENTS, aclOf(user)) : null),
    [menu, user],
  );
  return { user, menu, table };
}
