import { logoutRequest } from '../features/auth/api';
import { useBadgeStore } from '../features/menu/badge-store';
import { useNoticesStore } from '../features/notices/notices-store';
import { useTabsStore } from '../features/tabs/tabs-store';
import { clearAllStorage } from '../lib/storage';
import { queryClient } from './query-client';

/**
 * Resets the user (spec section 4): the session's queries (user info, menu and so the routes),
 * tabs, kept-alive views, badges and notices are dropped, then all local storage is cleared,
 * the token with it. Stores are reset first so nothing writes storage again afterwards.
 */
export function resetUser(): void {
  useTabsStore.getState().reset();
  useBadgeStore.getState().reset();
  useNoticesStore.getState().clear();
  queryClient.removeQueries({ queryKey: ['session'] });
  clearAllStorage();
}

/** Logout: tells the server, then resets the user. */
export async function logout(): Promise<void> {
  await logoutRequest();
  resetUser();
}
